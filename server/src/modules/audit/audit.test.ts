/**
 * The audit log: records are appended in the change's transaction, read newest first with
 * filters by the company's administrator only, never another company's, and cannot be changed
 * by the application role (PostgreSQL row-level security and grants, migration 0011).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { AuditRecord, MyUpload } from '@/api/audit-types';
import type { PageResult } from '@/api/types';
import { changesOf, recordAudit } from '../../audit';
import { scoped } from '../../db/access';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { fileForm, rawCall } from '../account/test-support';

let gw: TestGateway;
let eidOne: string;
let eidTwo: string;
let adminId: string;

async function value(query: ReturnType<typeof sql>): Promise<string> {
  const { rows } = (await gw.database.db.execute(query)) as unknown as { rows: { v: string }[] };
  return rows[0]!.v;
}

beforeAll(async () => {
  gw = await createTestApp();
  eidOne = await value(sql`select enterprise_id as v from enterprise_domains where domain = 'localhost'`);
  eidTwo = await value(sql`select enterprise_id as v from enterprise_domains where domain = ${HOST_TWO}`);
  adminId = await value(sql`select id as v from enterprise_users where enterprise_id = ${eidOne} and emp_no = 'E1004'`);
  const one = scoped(gw.database.db, eidOne);
  await recordAudit(one, { id: adminId, userName: '刘洋' }, [
    { action: 'create', objectType: 'department', objectId: 'D900', objectLabel: '审计测试部', changes: changesOf(null, { name: '审计测试部' }, ['name']) },
    { action: 'update', objectType: 'member', objectId: 'm-1', objectLabel: '张伟', changes: changesOf({ postName: 'A' }, { postName: 'B' }, ['postName']) },
    // An update that changed nothing records nothing.
    { action: 'update', objectType: 'member', objectId: 'm-2', objectLabel: '李娜', changes: [] },
  ]);
  await recordAudit(scoped(gw.database.db, eidTwo), { id: null as unknown as string, userName: '周婷' }, [
    { action: 'create', objectType: 'department', objectId: 'B900', objectLabel: '二号公司的部门' },
  ]);
}, 60_000);
afterAll(() => gw?.close());

describe('changesOf', () => {
  it('lists only the named fields that differ, before and after', () => {
    expect(changesOf({ a: 1, b: 'x', secret: 's1' }, { a: 2, b: 'x', secret: 's2' }, ['a', 'b'])).toEqual([{ field: 'a', before: 1, after: 2 }]);
    expect(changesOf(null, { a: 1 }, ['a'])).toEqual([{ field: 'a', before: null, after: 1 }]);
    expect(changesOf({ a: [1, 2] }, { a: [1, 2] }, ['a'])).toEqual([]);
  });
});

describe('auditPage', () => {
  it("answers the administrator the company's records, newest first, with their changes", async () => {
    const token = await gw.login('E1004');
    const { body } = await gw.call<PageResult<AuditRecord>>('auditPage', { token, body: {} });
    expect(body.code).toBe(Code.OK);
    const labels = body.data.list.map((r) => r.objectLabel);
    expect(labels).toContain('审计测试部');
    expect(labels).toContain('张伟');
    expect(labels).not.toContain('李娜');
    expect(labels).not.toContain('二号公司的部门');
    const member = body.data.list.find((r) => r.objectLabel === '张伟')!;
    expect(member).toMatchObject({ actorName: '刘洋', actorId: adminId, action: 'update', objectType: 'member' });
    expect(member.changes).toEqual([{ field: 'postName', before: 'A', after: 'B' }]);
  });

  it('filters by object type, action, keyword and day', async () => {
    const token = await gw.login('E1004');
    const page = async (filters: Record<string, string>) =>
      (await gw.call<PageResult<AuditRecord>>('auditPage', { token, body: filters })).body.data.list.map((r) => r.objectLabel);
    expect(await page({ objectType: 'department' })).toEqual(['审计测试部']);
    expect(await page({ action: 'update', keyword: '张' })).toEqual(['张伟']);
    expect(await page({ keyword: '刘洋', objectType: 'member' })).toEqual(['张伟']);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(await page({ from: today, to: today, objectType: 'department' })).toEqual(['审计测试部']);
    expect(await page({ from: '2001-01-01', to: '2001-01-02' })).toEqual([]);
  });

  it('refuses a malformed day in the caller’s language', async () => {
    const token = await gw.login('E1004');
    const { body } = await gw.call('auditPage', { token, lang: 'en', body: { from: 'yesterday' } });
    expect(body.code).toBe(Code.INVALID);
    expect(body.msg).toMatch(/from/);
  });

  it('refuses members who are not administrators', async () => {
    for (const empNo of ['E1001', 'E1002', 'E1003']) {
      const { body } = await gw.call('auditPage', { token: await gw.login(empNo), body: {} });
      expect([empNo, body.code]).toEqual([empNo, Code.FORBIDDEN]);
    }
  });
});

describe('the audit log is append-only', () => {
  it('lets the application role insert and read records but neither change nor remove one', async () => {
    const db = gw.database.db;
    const role = await value(sql`select count(*)::text as v from pg_roles where rolname = 'xuetang_app'`);
    if (role === '0') return; // A database without the role relies on the data layer, which has no such query.
    const attempt = async (statement: ReturnType<typeof sql>) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local role xuetang_app`);
        await tx.execute(sql`select set_config('app.tenant', ${eidOne}, true)`);
        await tx.execute(statement);
      });
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await attempt(statement);
        return 'allowed';
      } catch (error) {
        return String((error as { cause?: unknown }).cause ?? error);
      }
    };
    expect(await refusal(sql`update audit_log set actor_name = 'x' where enterprise_id = ${eidOne}`)).toMatch(/permission denied/);
    expect(await refusal(sql`delete from audit_log where enterprise_id = ${eidOne}`)).toMatch(/permission denied/);
    await attempt(sql`insert into audit_log (enterprise_id, actor_name, action, object_type, object_id) values (${eidOne}, 'x', 'create', 'department', 'D901')`);
    expect(await value(sql`select count(*)::text as v from audit_log where object_id = 'D901'`)).toBe('1');
  });
});

describe('myUploadPage', () => {
  const PNG = Uint8Array.from(
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  );

  it("answers each member their own uploads only, newest first, whatever their role", async () => {
    const learner = await gw.login('E1001');
    const other = await gw.login('E1002');
    const sent = await rawCall<{ url: string }>(gw, 'uploadPic', { token: learner, body: fileForm(PNG, 'my-own-upload.png', 'image/png') });
    expect(sent.body.code).toBe(Code.OK);
    const mine = await gw.call<PageResult<MyUpload>>('myUploadPage', { token: learner, body: {} });
    expect(mine.body.code).toBe(Code.OK);
    expect(mine.body.data.list[0]).toMatchObject({ name: 'my-own-upload.png', contentType: 'image/png', size: PNG.length, used: false });
    expect(sent.body.data.url).toContain(mine.body.data.list[0]!.url);
    const theirs = await gw.call<PageResult<MyUpload>>('myUploadPage', { token: other, body: {} });
    expect(theirs.body.data.list.map((u) => u.name)).not.toContain('my-own-upload.png');
  });
});
