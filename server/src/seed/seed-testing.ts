/** What the seed tests share: a seeded gateway with the two demo companies, and row counts per company. */
import { count, eq, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from '../testing';

/** A table of tenant data. */
export type TenantTable = PgTable & { enterpriseId: PgColumn };

/** A fresh seeded gateway with the ids of company one (localhost) and company two (127.0.0.1). */
export async function openSeeded(): Promise<{ gw: TestGateway; one: string; two: string }> {
  const gw = await createTestApp();
  const domains = await gw.database.db.select().from(schema.enterpriseDomains);
  return {
    gw,
    one: domains.find((d) => d.domain === HOST_ONE)!.enterpriseId,
    two: domains.find((d) => d.domain === HOST_TWO)!.enterpriseId,
  };
}

/** How many rows of a tenant table belong to a company. */
export async function countRows(gw: TestGateway, table: TenantTable, enterpriseId: string): Promise<number> {
  return (await gw.database.db.select({ n: count() }).from(table).where(eq(table.enterpriseId, enterpriseId)))[0]!.n;
}

/** A reference from a tenant table's column to a tenant table's id. */
export type TenantLink = [child: TenantTable, column: PgColumn, parent: TenantTable & { id: PgColumn }];

/** How many rows of `child` point through `column` at a row of `parent` in another company. */
export async function crossingRows(gw: TestGateway, [child, column, parent]: TenantLink): Promise<number> {
  return (
    await gw.database.db
      .select({ n: count() })
      .from(child)
      .innerJoin(parent, eq(parent.id, column))
      .where(ne(parent.enterpriseId, child.enterpriseId))
  )[0]!.n;
}
