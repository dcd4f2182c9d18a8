/** Helpers the demo-content seeds share. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { enterpriseUsers } from '../db/schema';

/** A lookup of a company's member id by employee number; an unknown number is a seed error. */
export async function memberLookup(db: Db, enterpriseId: string, seed: string): Promise<(empNo: string) => string> {
  const members = new Map(
    (
      await db
        .select({ id: enterpriseUsers.id, empNo: enterpriseUsers.empNo })
        .from(enterpriseUsers)
        .where(eq(enterpriseUsers.enterpriseId, enterpriseId))
    ).map((m) => [m.empNo, m.id]),
  );
  return (empNo) => {
    const id = members.get(empNo);
    if (!id) throw new Error(`${seed} seed: no member ${empNo}`);
    return id;
  };
}
