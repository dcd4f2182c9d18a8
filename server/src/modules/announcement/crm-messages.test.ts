import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { NoticeRecipient, NoticeSent } from '@/api/crm-notice-types';
import type { EndpointName } from '@/api/endpoints';
import type { MessageRecord } from '@/api/home-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { announcements, auditLog, enterpriseUsers } from '../../db/schema';
import { closeUnreadStreams } from '../../notify/unread';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { streamTiming } from './stream';
import { openStream, signIn, type StreamReader, type Who } from './test-support';

let gw: TestGateway;
const who: Record<string, Who> = {};
const ids: Record<string, string> = {};
const open: StreamReader[] = [];
const defaults = { ...streamTiming };

beforeAll(async () => {
  gw = await createTestApp();
  await gw.database.db.update(enterpriseUsers).set({ isAdmin: true }).where(eq(enterpriseUsers.empNo, 'B2001'));
  for (const empNo of ['E1001', 'E1002', 'E1004']) who[empNo] = await signIn(gw, empNo);
  who.B2001 = await signIn(gw, 'B2001', HOST_TWO);
  for (const row of await gw.database.db.select({ id: enterpriseUsers.id, empNo: enterpriseUsers.empNo }).from(enterpriseUsers)) ids[row.empNo] = row.id;
  streamTiming.spreadMs = 0;
}, 60_000);
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  closeUnreadStreams();
  Object.assign(streamTiming, defaults);
  await gw?.close();
});

interface Options {
  body?: unknown;
  lang?: Locale;
}
const call = <T>(w: Who, name: EndpointName, o: Options = {}) => gw.call<T>(name, { token: w.token, host: w.host, lang: o.lang ?? 'en', body: o.body });
async function ok<T>(w: Who, name: EndpointName, o: Options = {}): Promise<T> {
  const { body } = await call<T>(w, name, o);
  if (body.code !== Code.OK) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}
async function refusal(w: Who, name: EndpointName, o: Options = {}): Promise<[number, string]> {
  const { body } = await call(w, name, o);
  return [body.code, body.msg];
}
const message = (more: Record<string, unknown>) => ({ titleZh: '部门通知', titleEn: 'Department notice', contentZh: '请查收。', contentEn: 'Please read.', ...more });
const send = (more: Record<string, unknown>, w: Who = who.E1004!) => ok<NoticeSent>(w, 'noticeMessageSend', { body: message(more) });
const messageRows = async () => (await gw.database.db.select({ n: count() }).from(announcements).where(eq(announcements.kind, 2)))[0]!.n;

describe('sending a message', () => {
  it('reaches every member of the departments, sub-departments included, and the members chosen, once each, live', async () => {
    const one = await openStream(gw, who.E1001!);
    const nine = await openStream(gw, who.E1002!);
    open.push(one, nine);
    const firstOne = await one.nextCount();
    const firstNine = await nine.nextCount();
    // D100 holds D110 (2 members), D120 (3) and D130 (2); E1012 is in D110 already, E1004 in D410.
    const sent = await send({ departmentIds: ['D100', 'D110'], memberIds: [ids.E1004, ids.E1012, ids.E1004] });
    expect(sent).toEqual({ count: 8 });
    expect(await one.nextCount()).toEqual({ ...firstOne, total: firstOne.total + 1, messages: firstOne.messages + 1 });
    expect((await nine.nextCount()).messages).toBe(firstNine.messages + 1);

    const rows = await gw.database.db.select().from(announcements).where(eq(announcements.titleEn, 'Department notice'));
    const recipients = rows.map((r) => r.recipientId!);
    expect(new Set(recipients).size).toBe(8);
    expect(recipients.sort()).toEqual(['E1001', 'E1002', 'E1008', 'E1009', 'E1012', 'E1015', 'E1019', 'E1004'].map((e) => ids[e]!).sort());
    expect(rows.every((r) => r.kind === 2 && r.format === 0 && !r.draft && r.authorId === ids.E1004)).toBe(true);

    const inbox = await ok<PageResult<MessageRecord>>(who.E1001!, 'messageRecordPage', { body: { kind: 2, read: false } });
    expect(inbox.list[0]).toMatchObject({ title: 'Department notice', content: 'Please read.', authorName: '刘洋', format: 0 });
    const zh = await gw.call<PageResult<MessageRecord>>('messageRecordPage', { token: who.E1001!.token, body: { kind: 2, read: false } });
    expect(zh.body.data.list[0]!.title).toBe('部门通知');

    const records = await gw.database.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'message'), eq(auditLog.action, 'send')));
    expect(records).toHaveLength(1);
    const [audited] = records;
    expect(rows.map((r) => r.id)).toContain(audited!.objectId);
    expect(audited).toMatchObject({ actorName: '刘洋', objectLabel: '部门通知' });
    expect(audited!.changes).toContainEqual({ field: 'recipients', before: null, after: 8 });
    expect(audited!.changes).toContainEqual({ field: 'departmentIds', before: null, after: ['D100', 'D110'] });
  });

  it('leaves disabled members out, and takes a missing language from the other', async () => {
    await gw.database.db.update(enterpriseUsers).set({ status: 0 }).where(eq(enterpriseUsers.empNo, 'E1008'));
    try {
      expect(await send({ titleEn: '', contentEn: '', titleZh: '只有中文', departmentIds: ['D130'] })).toEqual({ count: 1 });
      const [row] = await gw.database.db.select().from(announcements).where(eq(announcements.titleZh, '只有中文'));
      expect(row).toMatchObject({ titleEn: '只有中文', contentEn: '请查收。', recipientId: ids.E1015 });
      expect(await refusal(who.E1004!, 'noticeMessageSend', { body: message({ memberIds: [ids.E1008] }) })).toEqual([
        Code.NOT_FOUND,
        'The member does not exist or is disabled',
      ]);
    } finally {
      await gw.database.db.update(enterpriseUsers).set({ status: 1 }).where(eq(enterpriseUsers.empNo, 'E1008'));
    }
  });

  it('refuses a message without recipients, texts or with unknown ones, sending nothing', async () => {
    const before = await messageRows();
    const refused = (body: Record<string, unknown>, lang: Locale = 'en') => refusal(who.E1004!, 'noticeMessageSend', { body: message(body), lang });
    expect(await refused({})).toEqual([Code.INVALID, 'Choose the departments or members who receive it']);
    expect(await refused({ departmentIds: [], memberIds: [] }, 'zh')).toEqual([Code.INVALID, '请选择接收的部门或成员']);
    expect(await refused({ titleZh: '', titleEn: ' ', memberIds: [ids.E1001] })).toEqual([Code.INVALID, 'The title cannot be empty']);
    expect(await refused({ contentZh: '', contentEn: '', memberIds: [ids.E1001] }, 'zh')).toEqual([Code.INVALID, '内容不能为空']);
    expect(await refused({ departmentIds: ['D999'] })).toEqual([Code.NOT_FOUND, 'The department does not exist']);
    expect(await refused({ departmentIds: ['D999'] }, 'zh')).toEqual([Code.NOT_FOUND, '部门不存在']);
    expect(await refused({ departmentIds: ['D220'] })).toEqual([Code.INVALID, 'The chosen departments have no members to receive it']);
    expect(await refused({ memberIds: [ids.E1001, ids.B2001] }, 'zh')).toEqual([Code.NOT_FOUND, '成员不存在或已停用']);
    expect(await refused({ memberIds: ['x'] })).toEqual([Code.INVALID, 'The field memberIds.0 has an invalid value']);
    const many = Array.from({ length: 201 }, (_, i) => `6a4b8c0e-1111-4222-8333-${String(i).padStart(12, '0')}`);
    expect(await refused({ memberIds: many })).toEqual([Code.INVALID, 'The field memberIds must be at most 200']);
    expect(await refused({ titleEn: 't'.repeat(101), memberIds: [ids.E1001] })).toEqual([Code.INVALID, 'The field titleEn must be at most 100 characters']);
    expect(await refused({ contentEn: 'c'.repeat(10_001), memberIds: [ids.E1001] })).toEqual([Code.INVALID, 'The field contentEn must be at most 10000 characters']);
    expect(await messageRows()).toBe(before);
  });

  it('refuses another company’s administrator the company’s departments and members', async () => {
    const before = await messageRows();
    expect(await refusal(who.B2001!, 'noticeMessageSend', { body: message({ departmentIds: ['D110'] }) })).toEqual([Code.NOT_FOUND, 'The department does not exist']);
    expect(await refusal(who.B2001!, 'noticeMessageSend', { body: message({ memberIds: [ids.E1001] }) })).toEqual([Code.NOT_FOUND, 'The member does not exist or is disabled']);
    expect(await messageRows()).toBe(before);
    expect(await ok<NoticeSent>(who.B2001!, 'noticeMessageSend', { body: message({ departmentIds: ['Q200'] }) })).toEqual({ count: 4 });
    const theirs = await gw.database.db.select().from(announcements).where(inArray(announcements.recipientId, [ids.E1001!, ids.E1002!]));
    expect(theirs.every((r) => r.authorId !== ids.B2001)).toBe(true);
    expect(await refusal(who.E1001!, 'noticeMessageSend', { body: message({ memberIds: [ids.E1004] }) })).toEqual([
      Code.FORBIDDEN,
      'You do not have permission to use this part of the back office',
    ]);
  });
});

describe('the recipient search', () => {
  const search = (keyword: string, w: Who = who.E1004!, lang: Locale = 'zh') => ok<NoticeRecipient[]>(w, 'noticeRecipientSearch', { body: { keyword }, lang });

  it('finds enabled members of the company by name or employee number', async () => {
    expect(await search('张伟')).toEqual([{ id: ids.E1001, userName: '张伟', empNo: 'E1001', departmentName: '前端开发部' }]);
    expect((await search('e101')).map((r) => r.empNo)).toEqual(['E1010', 'E1011', 'E1012', 'E1013', 'E1014', 'E1015', 'E1016', 'E1017', 'E1018', 'E1019']);
    expect(await search('')).toHaveLength(20);
    expect(await search('张伟', who.B2001!)).toEqual([]);
    await gw.database.db.update(enterpriseUsers).set({ status: 0 }).where(eq(enterpriseUsers.empNo, 'E1001'));
    try {
      expect(await search('张伟')).toEqual([]);
    } finally {
      await gw.database.db.update(enterpriseUsers).set({ status: 1 }).where(eq(enterpriseUsers.empNo, 'E1001'));
    }
    expect(await refusal(who.E1004!, 'noticeRecipientSearch', { body: { keyword: 'k'.repeat(51) } })).toEqual([
      Code.INVALID,
      'The field keyword must be at most 50 characters',
    ]);
  });
});
