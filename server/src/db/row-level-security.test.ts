/**
 * PostgreSQL row-level security, the second lock (migration 0007): with the application-level
 * enterprise filter left out on purpose, a query inside one tenant sees and changes no row of
 * another, and the application role with no tenant set sees nothing. PostgreSQL only (PGlite
 * runs as a superuser, which policies do not bind): skipped without DATABASE_URL.
 */
import { eq, ne, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from '../testing';
import { courses, enterpriseUsers, exportRecords } from './schema';
import { acrossTenants, APP_ROLE, withTenant } from './tenant-lock';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('row-level security on PostgreSQL', () => {
  let gw: TestGateway;
  let one: string;
  let two: string;
  let schema: string;
  let tenantTables: string[];

  const rows = async <T,>(query: ReturnType<typeof sql>): Promise<T[]> =>
    ((await gw.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    gw = await createTestApp();
    const domains = await rows<{ domain: string; eid: string }>(sql`select domain, enterprise_id as eid from enterprise_domains`);
    one = domains.find((d) => d.domain === HOST_ONE)!.eid;
    two = domains.find((d) => d.domain === HOST_TWO)!.eid;
    schema = (await rows<{ s: string }>(sql`select current_schema() as s`))[0]!.s;
    tenantTables = (
      await rows<{ t: string }>(sql`
        select c.table_name as t from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and c.column_name = 'enterprise_id' and t.table_type = 'BASE TABLE'
        order by 1`)
    ).map((r) => r.t);
  });
  afterAll(() => gw?.close());

  it('is enabled with the tenant policy on every table that has an enterprise id', async () => {
    const secured = await rows<{ t: string }>(sql`
      select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_policy p on p.polrelid = c.oid and p.polname = 'tenant_isolation'
      where n.nspname = current_schema() and c.relrowsecurity order by 1`);
    expect(tenantTables.length).toBeGreaterThan(50);
    expect(secured.map((r) => r.t)).toEqual(tenantTables);
  });

  it('shows a tenant none of the other company’s rows in any table, with no enterprise filter in the query', async () => {
    const counts = async (eid: string) =>
      withTenant(eid, async () => {
        const found: Record<string, number> = {};
        // Which company owns a host is public by design (policy domain_lookup); every other table is locked.
        for (const t of tenantTables.filter((name) => name !== 'enterprise_domains')) {
          const [row] = await rows<{ n: number }>(
            sql`select count(*)::int as n from ${sql.identifier(t)} where enterprise_id is distinct from ${eid}::uuid and enterprise_id is not null`,
          );
          if (row!.n > 0) found[t] = row!.n;
        }
        return found;
      });
    // The owner (outside any tenant) sees both companies: there is something to hide.
    const [ownerView] = await rows<{ n: number }>(sql`select count(*)::int as n from courses where enterprise_id = ${two}`);
    expect(ownerView!.n).toBeGreaterThan(0);
    expect(await counts(one)).toEqual({});
    expect(await counts(two)).toEqual({});
    const domains = await withTenant(one, async () => await rows<{ domain: string }>(sql`select domain from enterprise_domains`));
    expect(domains.map((d) => d.domain)).toContain(HOST_TWO);
    const moved = await withTenant(one, async () => await rows(sql`update enterprise_domains set domain = domain where enterprise_id = ${two} returning domain`));
    expect(moved).toEqual([]);

    const { db } = gw.database;
    const seen = await withTenant(one, async () => await db.select({ eid: courses.enterpriseId }).from(courses));
    expect(seen.length).toBeGreaterThan(5);
    expect(new Set(seen.map((r) => r.eid))).toEqual(new Set([one]));
    const members = await withTenant(two, async () => await db.select({ eid: enterpriseUsers.enterpriseId, empNo: enterpriseUsers.empNo }).from(enterpriseUsers));
    expect(members.map((m) => m.empNo)).not.toContain('E1001');
    expect(new Set(members.map((m) => m.eid))).toEqual(new Set([two]));
  });

  it('keeps the lock inside transactions and lets no write reach the other company', async () => {
    const { db } = gw.database;
    const before = await db.select().from(courses).where(eq(courses.enterpriseId, two));
    const changed = await withTenant(one, () =>
      db.transaction(async (tx) => {
        const updated = await tx.update(courses).set({ nameZh: '被改写' }).where(ne(courses.enterpriseId, one)).returning();
        const deleted = await tx.delete(exportRecords).where(eq(exportRecords.enterpriseId, two)).returning();
        return updated.length + deleted.length;
      }),
    );
    expect(changed).toBe(0);
    expect(await db.select().from(courses).where(eq(courses.enterpriseId, two))).toEqual(before);

    const [member] = await db.select().from(enterpriseUsers).where(eq(enterpriseUsers.enterpriseId, one)).limit(1);
    const insert = withTenant(one, async () =>
      await db.insert(exportRecords).values({ enterpriseId: two, enterpriseUserId: member!.id, fileName: 'x.xlsx', kind: 1 } as never),
    );
    await expect(insert).rejects.toMatchObject({ cause: { code: '42501', message: expect.stringMatching(/row-level security/) } });
  });

  it('returns the pooled connections to the owner outside a tenant and to the right tenant in concurrent work', async () => {
    const { db } = gw.database;
    const mixed = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const eid = i % 3 === 0 ? one : i % 3 === 1 ? two : null;
        const work = async () => await db.select({ eid: courses.enterpriseId }).from(courses);
        return (eid ? withTenant(eid, work) : acrossTenants(work)).then((list) => ({ eid, seen: new Set(list.map((r) => r.eid)) }));
      }),
    );
    for (const { eid, seen } of mixed) {
      expect(seen).toEqual(eid ? new Set([eid]) : new Set([one, two]));
    }
  });

  it('shows the application role nothing when no tenant is set, even with the filter bypassed', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`set search_path = ${schema}`);
      await client.query(`set role ${APP_ROLE}`);
      const none = await client.query<{ n: number }>('select count(*)::int as n from courses');
      expect(none.rows[0]!.n).toBe(0);
      await client.query(`select set_config('app.tenant', $1, false)`, [two]);
      const own = await client.query<{ eid: string }>('select distinct enterprise_id as eid from courses');
      expect(own.rows.map((r) => r.eid)).toEqual([two]);
      // Global enum options (no enterprise) stay visible to every tenant.
      const enums = await client.query<{ n: number }>('select count(*)::int as n from enums where enterprise_id is null');
      expect(enums.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });
});
