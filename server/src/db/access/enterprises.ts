/** Creating a company: its row, menu, organisation and the first member, its admin. */
import { randomBytes } from 'node:crypto';
import type { Db } from '../client';
import { departments, enterpriseUsers, enterprises, navItems, posts, users } from '../schema';
import { defaultNavItems, newCompanyBranding } from '../../seed/defaults';
import { newCompanyOrganisation } from '../../seed/organisation';

/** Employee number of a company's first member. */
export const FIRST_EMP_NO = 'A0001';

export interface NewCompany {
  name: string;
  /** The person who becomes its admin. */
  userId: string;
  userName: string;
  passwordHash: string;
  /** Hash of the company's initial password (for accounts its admin creates later). */
  initPasswordHash: string;
}

/** A phone's person, created if new; `undefined` when the phone already belongs to someone. */
export async function createPerson(db: Db, phone: string): Promise<string | undefined> {
  const [row] = await db.insert(users).values({ phone }).onConflictDoNothing().returning({ id: users.id });
  return row?.id;
}

/** Writes a new company with its admin membership; returns both ids. */
export async function createCompany(
  db: Db,
  input: NewCompany,
): Promise<{ enterpriseId: string; enterpriseUserId: string }> {
  const code = `c-${randomBytes(6).toString('hex')}`;
  const [enterprise] = await db
    .insert(enterprises)
    .values({ code, ...newCompanyBranding(input.name), initPasswordHash: input.initPasswordHash })
    .returning({ id: enterprises.id });
  const enterpriseId = enterprise!.id;
  await db.insert(navItems).values(defaultNavItems.map((item) => ({ ...item, enterpriseId })));
  const organisation = newCompanyOrganisation(input.name);
  await db.insert(departments).values(organisation.departments.map((n, sort) => ({ ...n, enterpriseId, sort })));
  await db.insert(posts).values(organisation.posts.map((n, sort) => ({ ...n, enterpriseId, sort })));
  const [department] = organisation.departments;
  const [post] = organisation.posts;
  const [member] = await db
    .insert(enterpriseUsers)
    .values({
      enterpriseId,
      userId: input.userId,
      userNo: `${code}-${FIRST_EMP_NO}`,
      empNo: FIRST_EMP_NO,
      userName: input.userName,
      passwordHash: input.passwordHash,
      userType: 1,
      isAdmin: true,
      isInitPassword: 1,
      departmentId: department!.id,
      departmentName: department!.nameZh,
      postId: post!.id,
      postName: post!.nameZh,
    })
    .returning({ id: enterpriseUsers.id });
  return { enterpriseId, enterpriseUserId: member!.id };
}
