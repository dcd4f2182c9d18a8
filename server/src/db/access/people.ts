/**
 * The back office's people and organisation (`scoped(db, eid).people`): departments and posts as
 * trees, the member list with its filters, members created, edited, disabled and reset, and the
 * member imports with their bulk writes. A member's password is only ever set to the company's
 * initial hash, copied inside the statement: no hash leaves this layer.
 */
import { and, asc, count, eq, getTableColumns, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import {
  departments,
  enterpriseUsers,
  enterprises,
  memberImports,
  posts,
  sessions,
  users,
  type ImportRow,
} from '../schema';
import type { RowWindow } from '../../paging';
import { containsPattern } from './rows';

export type { ImportRow };

/** Which organisation tree: departments or posts. */
export type OrgKind = 'department' | 'post';
export type OrgRecord = typeof departments.$inferSelect;
export type PeopleMember = typeof enterpriseUsers.$inferSelect & { phone: string | null };
export type MemberImportRow = typeof memberImports.$inferSelect;

/** Fields of a member the back office writes (never the password). */
export type MemberValues = Pick<
  typeof enterpriseUsers.$inferInsert,
  | 'userName'
  | 'empNo'
  | 'email'
  | 'idCard'
  | 'sex'
  | 'joiningTime'
  | 'departmentId'
  | 'departmentName'
  | 'postId'
  | 'postName'
  | 'postLevel'
  | 'userType'
  | 'isAdmin'
  | 'dataSource'
>;

export interface MemberListFilters {
  keyword?: string;
  /** Any of these departments (a department and those under it). */
  departmentIds?: string[];
  postIds?: string[];
  role?: 'admin' | 'lecturer' | 'organization' | 'learner';
  status?: number;
}

export interface MemberListSort {
  by: 'empNo' | 'userName' | 'joiningTime';
  order: 'asc' | 'desc';
}

/** Rows per insert statement of a bulk write (PostgreSQL takes at most 65,535 parameters). */
const CHUNK = 1_000;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const memberColumns = { ...getTableColumns(enterpriseUsers), phone: users.phone };

/** The company's initial-password hash, read inside the statement that sets it. */
const initialHash = (eid: string) => sql<string>`(select ${enterprises.initPasswordHash} from ${enterprises} where ${enterprises.id} = ${eid})`;

/** Queries of people that start from a person, across companies (run as the owner). */
export const peopleGlobal = {
  /** How many companies a person belongs to. */
  async membershipCount(db: Db, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(enterpriseUsers).where(eq(enterpriseUsers.userId, userId));
    return row?.n ?? 0;
  },
};

export function peopleQueries(db: Db, eid: string) {
  const inCompany = eq(enterpriseUsers.enterpriseId, eid);
  const tableOf = (kind: OrgKind) => (kind === 'department' ? departments : posts);
  const memberColumnOf = (kind: OrgKind) => (kind === 'department' ? enterpriseUsers.departmentId : enterpriseUsers.postId);
  const memberQuery = () => db.select(memberColumns).from(enterpriseUsers).innerJoin(users, eq(users.id, enterpriseUsers.userId));

  const listConditions = (f: MemberListFilters): SQL => {
    const conditions: (SQL | undefined)[] = [inCompany];
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      conditions.push(or(ilike(enterpriseUsers.userName, pattern), ilike(enterpriseUsers.empNo, pattern), ilike(users.phone, pattern)));
    }
    if (f.departmentIds) conditions.push(f.departmentIds.length ? inArray(enterpriseUsers.departmentId, f.departmentIds) : sql`false`);
    if (f.postIds) conditions.push(f.postIds.length ? inArray(enterpriseUsers.postId, f.postIds) : sql`false`);
    if (f.role === 'admin') conditions.push(eq(enterpriseUsers.isAdmin, true));
    if (f.role === 'lecturer') conditions.push(eq(enterpriseUsers.userType, 2));
    if (f.role === 'organization') conditions.push(eq(enterpriseUsers.userType, 3));
    if (f.role === 'learner') conditions.push(and(eq(enterpriseUsers.userType, 1), eq(enterpriseUsers.isAdmin, false)));
    if (f.status !== undefined) conditions.push(eq(enterpriseUsers.status, f.status));
    return and(...conditions)!;
  };

  return {
    /** Every node of a tree, in sibling order. */
    orgNodes(kind: OrgKind): Promise<OrgRecord[]> {
      const table = tableOf(kind);
      return db.select().from(table).where(eq(table.enterpriseId, eid)).orderBy(asc(table.sort), asc(table.id));
    },

    /** Members per node of a tree (nodes without members are absent). */
    async memberCounts(kind: OrgKind): Promise<Map<string, number>> {
      const column = memberColumnOf(kind);
      const rows = await db.select({ id: column, n: count() }).from(enterpriseUsers).where(inCompany).groupBy(column);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    /** Adds a node; false when its id is taken. */
    async insertOrg(kind: OrgKind, row: { id: string; parentId: string; nameZh: string; nameEn: string; sort: number }): Promise<boolean> {
      const inserted = await db
        .insert(tableOf(kind))
        .values({ ...row, enterpriseId: eid })
        .onConflictDoNothing()
        .returning({ id: tableOf(kind).id });
      return inserted.length === 1;
    },

    async renameOrg(kind: OrgKind, id: string, names: { nameZh: string; nameEn: string }): Promise<void> {
      const table = tableOf(kind);
      await db.update(table).set(names).where(and(eq(table.enterpriseId, eid), eq(table.id, id)));
    },

    /** Sets where nodes sit: their parent and their order among siblings. */
    async placeOrg(kind: OrgKind, places: { id: string; parentId: string; sort: number }[]): Promise<void> {
      const table = tableOf(kind);
      for (const p of places) {
        await db
          .update(table)
          .set({ parentId: p.parentId, sort: p.sort })
          .where(and(eq(table.enterpriseId, eid), eq(table.id, p.id)));
      }
    },

    async deleteOrg(kind: OrgKind, id: string): Promise<boolean> {
      const table = tableOf(kind);
      const deleted = await db.delete(table).where(and(eq(table.enterpriseId, eid), eq(table.id, id))).returning({ id: table.id });
      return deleted.length === 1;
    },

    /** Members whose department (or post) is this node. */
    async membersOf(kind: OrgKind, id: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(enterpriseUsers).where(and(inCompany, eq(memberColumnOf(kind), id)));
      return row?.n ?? 0;
    },

    /** Sets the name members carry of their department (or post), node by node. */
    async renameMembersOrg(kind: OrgKind, names: { id: string; name: string }[]): Promise<void> {
      const column = memberColumnOf(kind);
      for (const n of names) {
        const set = kind === 'department' ? { departmentName: n.name } : { postName: n.name };
        await db.update(enterpriseUsers).set(set).where(and(inCompany, eq(column, n.id)));
      }
    },

    /** A page of members by the filters, sorted, and how many match. */
    async memberPage(filters: MemberListFilters, sort: MemberListSort, { limit, offset }: RowWindow) {
      const condition = listConditions(filters);
      const column = { empNo: enterpriseUsers.empNo, userName: enterpriseUsers.userName, joiningTime: enterpriseUsers.joiningTime }[sort.by];
      const order = sort.order === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
      const [rows, [total]] = await Promise.all([
        memberQuery().where(condition).orderBy(order, asc(enterpriseUsers.empNo)).limit(limit).offset(offset),
        db.select({ n: count() }).from(enterpriseUsers).innerJoin(users, eq(users.id, enterpriseUsers.userId)).where(condition),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async member(id: string): Promise<PeopleMember | undefined> {
      const [row] = await memberQuery().where(and(inCompany, eq(enterpriseUsers.id, id)));
      return row;
    },

    members(ids: string[]): Promise<PeopleMember[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return memberQuery().where(and(inCompany, inArray(enterpriseUsers.id, ids)));
    },

    /** The member with this employee number, other than `exceptId`. */
    async memberByEmpNo(empNo: string, exceptId?: string): Promise<{ id: string } | undefined> {
      const [row] = await db
        .select({ id: enterpriseUsers.id })
        .from(enterpriseUsers)
        .where(and(inCompany, eq(enterpriseUsers.empNo, empNo), exceptId ? ne(enterpriseUsers.id, exceptId) : undefined));
      return row;
    },

    /** Which of these employee numbers members already have. */
    async takenEmpNos(empNos: string[]): Promise<Set<string>> {
      const taken = new Set<string>();
      for (const part of chunks(empNos)) {
        const rows = await db.select({ v: enterpriseUsers.empNo }).from(enterpriseUsers).where(and(inCompany, inArray(enterpriseUsers.empNo, part)));
        for (const r of rows) taken.add(r.v);
      }
      return taken;
    },

    /** Which of these user numbers members already have. */
    async takenUserNos(userNos: string[]): Promise<Set<string>> {
      const taken = new Set<string>();
      for (const part of chunks(userNos)) {
        const rows = await db.select({ v: enterpriseUsers.userNo }).from(enterpriseUsers).where(and(inCompany, inArray(enterpriseUsers.userNo, part)));
        for (const r of rows) taken.add(r.v);
      }
      return taken;
    },

    /** Members of the company whose person has one of these phones, by phone. */
    async membersByPhones(phones: string[]): Promise<Map<string, { id: string; userName: string }>> {
      const found = new Map<string, { id: string; userName: string }>();
      for (const part of chunks(phones)) {
        const rows = await db
          .select({ phone: users.phone, id: enterpriseUsers.id, userName: enterpriseUsers.userName })
          .from(enterpriseUsers)
          .innerJoin(users, eq(users.id, enterpriseUsers.userId))
          .where(and(inCompany, inArray(users.phone, part)));
        for (const r of rows) if (r.phone) found.set(r.phone, { id: r.id, userName: r.userName });
      }
      return found;
    },

    /** The person with this phone (a phone is one person across companies). */
    async personByPhone(phone: string): Promise<{ id: string } | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
      return row;
    },

    /** This company's member that is this person, if any. */
    async memberOfPerson(userId: string): Promise<{ id: string; userName: string } | undefined> {
      const [row] = await db
        .select({ id: enterpriseUsers.id, userName: enterpriseUsers.userName })
        .from(enterpriseUsers)
        .where(and(inCompany, eq(enterpriseUsers.userId, userId)));
      return row;
    },

    /** A new person (with a phone, or none); undefined when the phone was taken meanwhile. */
    async createPerson(phone: string | null): Promise<string | undefined> {
      const [row] = await db.insert(users).values({ phone }).onConflictDoNothing().returning({ id: users.id });
      return row?.id;
    },

    /** Changes a person's phone (`null`: none); false when another person has it. */
    async setPersonPhone(userId: string, phone: string | null): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ phone })
        .where(and(eq(users.id, userId), phone === null ? undefined : sql`not exists (select 1 from ${users} u where u.phone = ${phone} and u.id <> ${userId})`))
        .returning({ id: users.id });
      return updated.length === 1;
    },

    /** A new member on the company's initial password (to be changed at first sign-in). */
    async insertMember(values: MemberValues & { userId: string; userNo: string }): Promise<string> {
      const [row] = await db
        .insert(enterpriseUsers)
        .values({ ...values, enterpriseId: eid, passwordHash: initialHash(eid), isInitPassword: 0, status: 1 })
        .returning({ id: enterpriseUsers.id });
      return row!.id;
    },

    async updateMember(id: string, values: Partial<MemberValues>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db.update(enterpriseUsers).set(values).where(and(inCompany, eq(enterpriseUsers.id, id)));
    },

    async setStatus(id: string, status: 0 | 1): Promise<void> {
      await db.update(enterpriseUsers).set({ status }).where(and(inCompany, eq(enterpriseUsers.id, id)));
    },

    /** Puts a member back on the company's initial password (changed at their next sign-in). */
    async resetToInitialPassword(id: string): Promise<void> {
      await db
        .update(enterpriseUsers)
        .set({ passwordHash: initialHash(eid), isInitPassword: 0 })
        .where(and(inCompany, eq(enterpriseUsers.id, id)));
    },

    /** Ends every live session of a member. */
    async revokeSessions(memberId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.enterpriseId, eid), eq(sessions.enterpriseUserId, memberId), isNull(sessions.revokedAt)));
    },

    /** Puts members into one department; answers how many rows changed. */
    async setDepartment(ids: string[], departmentId: string, departmentName: string): Promise<number> {
      const updated = await db
        .update(enterpriseUsers)
        .set({ departmentId, departmentName })
        .where(and(inCompany, inArray(enterpriseUsers.id, ids)))
        .returning({ id: enterpriseUsers.id });
      return updated.length;
    },

    // ---- Imports

    async createImport(input: { createdBy: string; fileName: string; rows: ImportRow[]; refused: number }): Promise<MemberImportRow> {
      const [row] = await db
        .insert(memberImports)
        .values({ enterpriseId: eid, createdBy: input.createdBy, fileName: input.fileName, rows: input.rows, refused: input.refused })
        .returning();
      return row!;
    },

    async importById(id: string): Promise<MemberImportRow | undefined> {
      const [row] = await db.select().from(memberImports).where(and(eq(memberImports.enterpriseId, eid), eq(memberImports.id, id)));
      return row;
    },

    /** Where an import stands, without its rows. */
    async importState(id: string) {
      const [row] = await db
        .select({
          id: memberImports.id,
          fileName: memberImports.fileName,
          status: memberImports.status,
          jobId: memberImports.jobId,
          imported: memberImports.imported,
          refused: memberImports.refused,
          total: sql<number>`jsonb_array_length(${memberImports.rows})::int`,
        })
        .from(memberImports)
        .where(and(eq(memberImports.enterpriseId, eid), eq(memberImports.id, id)));
      return row;
    },

    /** Marks a preview as importing by a job; false when it is not a preview any more. */
    async startImport(id: string, jobId: string): Promise<boolean> {
      const updated = await db
        .update(memberImports)
        .set({ status: 'importing', jobId })
        .where(and(eq(memberImports.enterpriseId, eid), eq(memberImports.id, id), eq(memberImports.status, 'preview')))
        .returning({ id: memberImports.id });
      return updated.length === 1;
    },

    async finishImport(id: string, outcome: { status: 'done' | 'failed'; imported: number; refused: number; rows?: ImportRow[] }): Promise<void> {
      await db
        .update(memberImports)
        .set({ status: outcome.status, imported: outcome.imported, refused: outcome.refused, ...(outcome.rows ? { rows: outcome.rows } : {}) })
        .where(and(eq(memberImports.enterpriseId, eid), eq(memberImports.id, id)));
    },

    /** New persons with these phones, or the persons who have them already: person id by phone. */
    async personsForPhones(phones: string[]): Promise<Map<string, string>> {
      const ids = new Map<string, string>();
      for (const part of chunks(phones)) {
        const rows = await db
          .insert(users)
          .values(part.map((phone) => ({ phone })))
          .onConflictDoUpdate({ target: users.phone, set: { phone: sql`excluded.phone` } })
          .returning({ id: users.id, phone: users.phone });
        for (const r of rows) if (r.phone) ids.set(r.phone, r.id);
      }
      return ids;
    },

    /** `n` new persons without a phone. */
    async newPersons(n: number): Promise<string[]> {
      const ids: string[] = [];
      for (const part of chunks(Array.from({ length: n }, () => ({ phone: null })))) {
        const rows = await db.insert(users).values(part).returning({ id: users.id });
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    },

    /** New members on the company's initial password, in bulk; answers their ids in order. */
    async insertMembers(rows: (MemberValues & { userId: string; userNo: string })[]): Promise<string[]> {
      const ids: string[] = [];
      // Read once for every row: the statement of each part then carries plain values.
      const [company] = await db.select({ hash: enterprises.initPasswordHash }).from(enterprises).where(eq(enterprises.id, eid));
      if (!company) throw new Error(`enterprise ${eid} not found`);
      for (const part of chunks(rows, 500)) {
        const inserted = await db
          .insert(enterpriseUsers)
          .values(part.map((r) => ({ ...r, enterpriseId: eid, passwordHash: company.hash, isInitPassword: 0, status: 1 })))
          .returning({ id: enterpriseUsers.id, empNo: enterpriseUsers.empNo });
        const byEmpNo = new Map(inserted.map((r) => [r.empNo, r.id]));
        ids.push(...part.map((r) => byEmpNo.get(r.empNo)!));
      }
      return ids;
    },
  };
}
