import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import { openDatabase } from '../db/client';
import { migrationsFolder } from '../db/migrate';
import { departments, enterpriseUsers, enterprises, navItems, posts, users } from '../db/schema';
import { hashPassword } from '../passwords';
import { prepareDatabase } from '../prepare';
import { createTestApp, DEMO_PASSWORD, type TestGateway } from '../testing';
import { loadTenantFiles } from '.';

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestApp();
});
afterAll(() => gw?.close());

const rows = async (table: typeof enterprises | typeof navItems | typeof enterpriseUsers | typeof users) =>
  (await gw.database.db.select({ n: count() }).from(table))[0]!.n;

describe('seed', () => {
  it('writes both demo companies with their menus and accounts', async () => {
    expect(await rows(enterprises)).toBe(2);
    expect(await rows(navItems)).toBe(20);
    expect(await rows(enterpriseUsers)).toBe(29);
    // E1007 and B2007 are one person.
    expect(await rows(users)).toBe(28);
  });

  it("gives each company its departments and posts, and every member's are among them", async () => {
    const db = gw.database.db;
    const members = await db
      .select({
        empNo: enterpriseUsers.empNo,
        enterpriseId: enterpriseUsers.enterpriseId,
        departmentId: enterpriseUsers.departmentId,
        postId: enterpriseUsers.postId,
      })
      .from(enterpriseUsers);
    for (const m of members) {
      const [department] = await db
        .select()
        .from(departments)
        .where(and(eq(departments.enterpriseId, m.enterpriseId), eq(departments.id, m.departmentId)));
      const [post] = await db
        .select()
        .from(posts)
        .where(and(eq(posts.enterpriseId, m.enterpriseId), eq(posts.id, m.postId)));
      expect(department, `${m.empNo} department`).toBeDefined();
      expect(post, `${m.empNo} post`).toBeDefined();
    }
    expect((await db.select({ n: count() }).from(departments))[0]!.n).toBe(27);
  });

  it('gives E1005 the initial password, to be changed', async () => {
    const login = (password: string) =>
      gw.call<{ user: { isInitPassword: number } }>('loginByEmpNo', { body: { empNo: 'E1005', password } });
    expect((await login('Init@2026')).body.data.user.isInitPassword).toBe(0);
  });

  it('runs only on the first start: a second start keeps users’ changes', async () => {
    await gw.database.db
      .update(enterpriseUsers)
      .set({ passwordHash: await hashPassword('Changed@2026') })
      .where(eq(enterpriseUsers.empNo, 'E1001'));

    expect(await prepareDatabase(gw.database)).toEqual({ migrations: 0, seeded: false });

    expect(await rows(enterprises)).toBe(2);
    expect(await rows(navItems)).toBe(20);
    const login = (password: string) => gw.call('loginByEmpNo', { body: { empNo: 'E1001', password } });
    expect((await login('Changed@2026')).body.code).toBe(Code.OK);
    expect((await login(DEMO_PASSWORD)).body.code).toBe(Code.LOGIN_ERROR);
  });

  it('stops with the file name and the field when a tenant file is invalid', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'xt-tenants-'));
    try {
      await writeFile(join(dir, 'broken.example.json'), JSON.stringify({ code: 'x y', branding: {}, seed: {} }));
      await expect(loadTenantFiles(dir)).rejects.toThrow(/broken\.example\.json: code/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('PGlite data folder', { timeout: 120_000 }, () => {
  it('creates missing parent folders and keeps data across restarts', async () => {
    const base = await mkdtemp(join(tmpdir(), 'xt-data-'));
    const dataDir = join(base, 'nested', 'deeper', 'data');
    try {
      const first = await openDatabase({ dataDir });
      const migrations = readMigrationFiles({ migrationsFolder }).length;
      expect(await prepareDatabase(first)).toEqual({ migrations, seeded: true });
      await first.db.update(enterprises).set({ titleEn: 'Renamed' }).where(eq(enterprises.code, 'xingchen'));
      await first.close();

      const second = await openDatabase({ dataDir });
      expect(await prepareDatabase(second)).toEqual({ migrations: 0, seeded: false });
      const [row] = await second.db
        .select({ titleEn: enterprises.titleEn })
        .from(enterprises)
        .where(eq(enterprises.code, 'xingchen'));
      expect(row?.titleEn).toBe('Renamed');
      await second.close();
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
