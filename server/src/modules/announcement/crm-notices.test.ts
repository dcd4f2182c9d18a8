import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { NoticeDetail, NoticeItem } from '@/api/crm-notice-types';
import type { EndpointName } from '@/api/endpoints';
import type { MessageRecord, UnreadCount } from '@/api/home-types';
import type { PageResult, UploadResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { announcements, auditLog, comments, enterpriseUsers, jobs, uploadedFiles } from '../../db/schema';
import { sweepUnreferencedUploads } from '../../db/access/uploads';
import { localFileStore, type FileStore } from '../../files/store';
import { closeUnreadStreams } from '../../notify/unread';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { fileForm, rawCall } from '../account/test-support';
import { streamTiming } from './stream';
import { openStream, signIn, type StreamReader, type Who } from './test-support';

let gw: TestGateway;
let dir: string;
let store: FileStore;
let eidOne: string;
const who: Record<string, Who> = {};
const open: StreamReader[] = [];
const defaults = { ...streamTiming };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-notice-'));
  store = localFileStore(dir);
  gw = await createTestApp({ files: store });
  // Company two's strongest caller: its administrator.
  await gw.database.db.update(enterpriseUsers).set({ isAdmin: true }).where(eq(enterpriseUsers.empNo, 'B2001'));
  for (const empNo of ['E1001', 'E1002', 'E1004']) who[empNo] = await signIn(gw, empNo);
  who.B2001 = await signIn(gw, 'B2001', HOST_TWO);
  eidOne = (await gw.database.db.select({ eid: enterpriseUsers.enterpriseId }).from(enterpriseUsers).where(eq(enterpriseUsers.empNo, 'E1001')))[0]!.eid;
  streamTiming.spreadMs = 0;
}, 60_000);
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  Object.assign(streamTiming, defaults, { spreadMs: 0 });
});
afterAll(async () => {
  closeUnreadStreams();
  Object.assign(streamTiming, defaults);
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

interface Options {
  body?: unknown;
  query?: Record<string, string>;
  lang?: Locale;
}
const call = <T>(w: Who, name: EndpointName, o: Options = {}) =>
  gw.call<T>(name, { token: w.token, host: w.host, lang: o.lang ?? 'en', body: o.body, query: o.query });
async function ok<T>(w: Who, name: EndpointName, o: Options = {}): Promise<T> {
  const { body } = await call<T>(w, name, o);
  if (body.code !== Code.OK) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}
async function refusal(w: Who, name: EndpointName, o: Options = {}): Promise<[number, string]> {
  const { body } = await call(w, name, o);
  return [body.code, body.msg];
}
async function stream(w: Who): Promise<StreamReader> {
  const s = await openStream(gw, w);
  open.push(s);
  return s;
}
const unread = (w: Who) => ok<UnreadCount>(w, 'unreadCount');
const save = (body: Record<string, unknown>, w: Who = who.E1004!) => ok<NoticeDetail>(w, 'noticeSave', { body });
const notice = (titleEn: string, more: Record<string, unknown> = {}) => ({
  titleZh: `${titleEn}（中文）`,
  titleEn,
  contentZh: '<p>中文<strong>内容</strong></p>',
  contentEn: '<p>English <strong>text</strong></p>',
  ...more,
});
const auditOf = (objectId: string) =>
  gw.database.db.select().from(auditLog).where(eq(auditLog.objectId, objectId)).orderBy(asc(auditLog.createdAt), asc(auditLog.id));
const fieldsOf = (changes: { field: string }[]) => changes.map((c) => c.field).sort();
const view = (w: Who, id: string) => call<MessageRecord>(w, 'messageView', { query: { id } });

describe('saving and publishing announcements', () => {
  it('keeps a draft from members, then publishes it to every member live, its HTML cleaned', async () => {
    const s = await stream(who.E1001!);
    const first = await s.nextCount();
    const draft = await save({
      titleZh: '草稿公告',
      titleEn: 'Draft notice',
      contentZh: '<p>内容 <strong>加粗</strong><script>alert(1)</script></p>',
      contentEn: '<p onclick="alert(1)">Text <strong>bold</strong><img src="x" onerror="alert(1)"></p>',
      publish: 'draft',
    });
    expect(draft).toMatchObject({
      state: 'draft',
      format: 1,
      titleEn: 'Draft notice',
      contentZh: '<p>内容 <strong>加粗</strong></p>',
      contentEn: '<p>Text <strong>bold</strong></p>',
      authorName: '刘洋',
      pinned: false,
      allowComment: true,
      readCount: 0,
    });
    expect(await s.next(300)).toBeUndefined();
    expect((await view(who.E1001!, draft.id)).body.code).toBe(Code.NOT_FOUND);
    expect(await unread(who.E1001!)).toEqual(first);
    const [created] = await auditOf(draft.id);
    expect(created).toMatchObject({ action: 'create', objectType: 'announcement', objectLabel: '草稿公告', actorName: '刘洋' });
    expect(created!.changes).toContainEqual({ field: 'state', before: null, after: 'draft' });

    const published = await ok<NoticeDetail>(who.E1004!, 'noticePublish', { body: { id: draft.id } });
    expect(published.state).toBe('published');
    expect(await s.nextCount()).toEqual({ ...first, total: first.total + 1, announcements: first.announcements + 1 });
    const page = await ok<PageResult<MessageRecord>>(who.E1001!, 'messageRecordPage', { body: { kind: 1, read: false, pageSize: 100 } });
    expect(page.list.find((r) => r.id === draft.id)).toMatchObject({ content: 'Text bold', format: 1 });
    const opened = await view(who.E1001!, draft.id);
    expect(opened.body.data).toMatchObject({ content: '<p>Text <strong>bold</strong></p>', format: 1 });
    const zh = await call<MessageRecord>(who.E1001!, 'messageView', { query: { id: draft.id }, lang: 'zh' });
    expect(zh.body.data.content).toBe('<p>内容 <strong>加粗</strong></p>');
    const found = await ok<{ list: { id: string; description: string }[] }>(who.E1001!, 'searchPage', { body: { keyword: 'Draft notice', type: 8 } });
    expect(found.list.find((hit) => hit.id === draft.id)?.description).toBe('Text bold');
    const [, publish] = await auditOf(draft.id);
    expect(publish).toMatchObject({ action: 'publish' });
    expect(publish!.changes).toContainEqual({ field: 'state', before: 'draft', after: 'published' });
  });

  it('publishes at once, and a published one keeps its time when it is saved again', async () => {
    const s = await stream(who.E1002!);
    const first = await s.nextCount();
    const saved = await save(notice('Published at once', { publish: 'now', allowComment: false, pinned: true }));
    expect(saved).toMatchObject({ state: 'published', allowComment: false, pinned: true });
    expect((await s.nextCount()).announcements).toBe(first.announcements + 1);

    const again = await save({ ...notice('Published at once, changed', { publish: 'now', allowComment: false, pinned: true }), id: saved.id });
    expect(again.publishedAt).toBe(saved.publishedAt);
    expect(again.titleEn).toBe('Published at once, changed');
    expect(await s.next(300)).toBeUndefined();
    const [, update] = await auditOf(saved.id);
    expect(update).toMatchObject({ action: 'update' });
    expect(fieldsOf(update!.changes)).toEqual(['titleEn', 'titleZh']);
    // Saved as it is: no change, so no record.
    await save({ ...notice('Published at once, changed', { publish: 'now', allowComment: false, pinned: true }), id: saved.id });
    expect(await auditOf(saved.id)).toHaveLength(2);
  });

  it('takes a language left empty from the other', async () => {
    const saved = await save({ titleZh: '只有中文', contentZh: '<p>只有中文</p>', publish: 'draft' });
    expect(saved).toMatchObject({ titleEn: '只有中文', contentEn: '<p>只有中文</p>' });
  });

  it('schedules one: hidden until its time, when a job tells every stream', async () => {
    const s = await stream(who.E1001!);
    const first = await s.nextCount();
    const at = new Date(Date.now() + 3_600_000);
    const saved = await save(notice('Scheduled notice', { publish: 'schedule', publishAt: at.toISOString() }));
    expect(saved.state).toBe('scheduled');
    expect(Date.parse(saved.publishedAt)).toBe(at.getTime());
    expect((await view(who.E1001!, saved.id)).body.code).toBe(Code.NOT_FOUND);
    const listed = await ok<PageResult<NoticeItem>>(who.E1004!, 'noticePage', { body: { state: 'scheduled' } });
    expect(listed.list.map((n) => n.id)).toContain(saved.id);

    const job = gw.database.db.select().from(jobs).where(and(eq(jobs.kind, 'announcement.scheduled-publish'), sql`${jobs.payload}->>'id' = ${saved.id}`));
    const [queued] = await job;
    expect(queued).toMatchObject({ status: 'queued', enterpriseId: eidOne });
    expect(Math.abs(queued!.runAt.getTime() - at.getTime())).toBeLessThan(5_000);
    await gw.jobs.runDue();
    expect((await job)[0]!.status).toBe('queued');
    expect(await s.next(300)).toBeUndefined();

    // Its time comes.
    await gw.database.db.update(announcements).set({ publishedAt: sql`now() - interval '1 second'` }).where(eq(announcements.id, saved.id));
    await gw.database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, queued!.id));
    await gw.jobs.runDue();
    expect((await job)[0]!.status).toBe('done');
    expect(await s.nextCount()).toEqual({ ...first, total: first.total + 1, announcements: first.announcements + 1 });
    expect((await view(who.E1001!, saved.id)).body.code).toBe(Code.OK);
  });

  it('a job of a time that changed since tells nobody', async () => {
    const s = await stream(who.E1001!);
    await s.nextCount();
    const saved = await save(notice('Rescheduled notice', { publish: 'schedule', publishAt: new Date(Date.now() + 60_000).toISOString() }));
    await save({ ...notice('Rescheduled notice', { publish: 'draft' }), id: saved.id });
    await gw.database.db.update(jobs).set({ runAt: sql`now()` }).where(sql`${jobs.payload}->>'id' = ${saved.id}`);
    await gw.jobs.runDue();
    expect(await s.next(300)).toBeUndefined();
  });

  it('takes one back to a draft, which members no longer see, and publishes it again', async () => {
    const saved = await save(notice('Taken back', { publish: 'now' }));
    const s = await stream(who.E1001!);
    const first = await s.nextCount();
    const back = await ok<NoticeDetail>(who.E1004!, 'noticeUnpublish', { body: { id: saved.id } });
    expect(back.state).toBe('draft');
    expect(await s.nextCount()).toEqual({ ...first, total: first.total - 1, announcements: first.announcements - 1 });
    expect((await view(who.E1001!, saved.id)).body.code).toBe(Code.NOT_FOUND);
    const [, unpublish] = await auditOf(saved.id);
    expect(unpublish).toMatchObject({ action: 'unpublish' });
    expect(unpublish!.changes).toContainEqual({ field: 'state', before: 'published', after: 'draft' });
    await ok(who.E1004!, 'noticePublish', { body: { id: saved.id } });
    expect(await s.nextCount()).toEqual(first);
  });

  it('pins one above the others in the members’ lists, and unpins it', async () => {
    const saved = await save(notice('Pinned later', { publish: 'now' }));
    expect((await ok<NoticeDetail>(who.E1004!, 'noticePin', { body: { id: saved.id, pinned: true } })).pinned).toBe(true);
    const home = await ok<PageResult<MessageRecord>>(who.E1001!, 'announcementPage', { body: { pageSize: 5 } });
    expect(home.list.slice(0, 3).map((r) => r.id)).toContain(saved.id);
    await ok(who.E1004!, 'noticePin', { body: { id: saved.id, pinned: false } });
    const records = await auditOf(saved.id);
    expect(records.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    expect(records[1]!.changes).toEqual([{ field: 'pinned', before: false, after: true }]);
  });

  it('deletes one with its comments and the members’ states of it', async () => {
    const s = await stream(who.E1001!);
    const first = await s.nextCount();
    const saved = await save(notice('To be deleted', { publish: 'now' }));
    expect((await s.nextCount()).total).toBe(first.total + 1);
    await ok(who.E1002!, 'announcementCommentSave', { body: { announcementId: saved.id, content: 'A comment' } });
    expect(await ok(who.E1004!, 'noticeDelete', { body: { id: saved.id } })).toEqual({ id: saved.id });
    expect(await s.nextCount()).toEqual(first);
    expect((await view(who.E1001!, saved.id)).body.code).toBe(Code.NOT_FOUND);
    expect(await refusal(who.E1004!, 'noticeView', { query: { id: saved.id } })).toEqual([Code.NOT_FOUND, 'The announcement does not exist']);
    const [left] = await gw.database.db.select({ n: count() }).from(comments).where(eq(comments.targetId, saved.id));
    expect(left!.n).toBe(0);
    const records = await auditOf(saved.id);
    expect(records.at(-1)).toMatchObject({ action: 'delete', objectLabel: 'To be deleted（中文）' });
    expect(records.at(-1)!.changes).toContainEqual({ field: 'state', before: 'published', after: null });
  });
});

describe('checking what is saved', () => {
  const refused = (body: Record<string, unknown>, lang: Locale = 'en') => refusal(who.E1004!, 'noticeSave', { body, lang });

  it('refuses an empty title or text, in the caller’s language', async () => {
    expect(await refused({ ...notice(''), titleZh: ' ' })).toEqual([Code.INVALID, 'The title cannot be empty']);
    expect(await refused({ ...notice(''), titleZh: '' }, 'zh')).toEqual([Code.INVALID, '标题不能为空']);
    const empty = { contentZh: '<p> </p><script>alert(1)</script>', contentEn: '<p><br></p>' };
    expect(await refused(notice('Empty', empty))).toEqual([Code.INVALID, 'The content cannot be empty']);
    expect(await refused(notice('Empty', empty), 'zh')).toEqual([Code.INVALID, '内容不能为空']);
  });

  it('refuses texts too long', async () => {
    expect(await refused(notice('x'.repeat(101), { titleZh: '短' }))).toEqual([Code.INVALID, 'The field titleEn must be at most 100 characters']);
    expect(await refused(notice('x'.repeat(101), { titleZh: '短' }), 'zh')).toEqual([Code.INVALID, '参数 titleEn 不能超过 100 个字符']);
    expect((await save(notice('x'.repeat(100), { titleZh: '题'.repeat(100) }))).titleZh).toHaveLength(100);
    expect(await refused(notice('Long', { contentEn: `<p>${'x'.repeat(10_001)}</p>` }))).toEqual([Code.INVALID, 'The content has at most 10000 characters']);
    expect(await refused(notice('Long', { contentEn: `<p>${'x'.repeat(10_001)}</p>` }), 'zh')).toEqual([Code.INVALID, '内容最多 10000 个字']);
    expect((await refused(notice('Long', { contentEn: `<p>${'<strong>x</strong>'.repeat(6_000)}</p>` })))[0]).toBe(Code.INVALID);
  });

  it('refuses a schedule without a time, in the past or too far ahead', async () => {
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    expect(await refused(notice('S', { publish: 'schedule' }))).toEqual([Code.INVALID, 'Choose when the announcement is published']);
    expect(await refused(notice('S', { publish: 'schedule' }), 'zh')).toEqual([Code.INVALID, '请选择定时发布的时间']);
    expect(await refused(notice('S', { publish: 'schedule', publishAt: at(-60_000) }))).toEqual([Code.INVALID, 'The publishing time must be later than now']);
    expect(await refused(notice('S', { publish: 'schedule', publishAt: at(-60_000) }), 'zh')).toEqual([Code.INVALID, '定时发布的时间必须晚于现在']);
    expect(await refused(notice('S', { publish: 'schedule', publishAt: at(400 * 86_400_000) }))).toEqual([
      Code.INVALID,
      'The publishing time can be at most a year from now',
    ]);
    expect(await refused(notice('S', { publish: 'schedule', publishAt: 'tomorrow' }))).toEqual([Code.INVALID, 'The field publishAt has an invalid value']);
    expect(await refused(notice('S', { publish: 'later' }))).toEqual([Code.INVALID, 'The field publish has an invalid value']);
  });

  it('refuses a picture the company’s upload did not issue', async () => {
    const html = `<p><img src="/files/${eidOne}/notUploaded1.png" alt=""></p>`;
    expect(await refused(notice('Picture', { contentEn: html }))).toEqual([Code.INVALID, 'A picture is not valid; please upload it again']);
    expect(await refused(notice('Picture', { contentEn: html }), 'zh')).toEqual([Code.INVALID, '图片无效，请重新上传']);
  });

  it('answers "not found" for an unknown id, or a message’s', async () => {
    const [message] = await gw.database.db.select({ id: announcements.id }).from(announcements).where(eq(announcements.kind, 2)).limit(1);
    for (const id of ['6a4b8c0e-1111-4222-8333-944455556666', message!.id]) {
      expect(await refusal(who.E1004!, 'noticeView', { query: { id } })).toEqual([Code.NOT_FOUND, 'The announcement does not exist']);
      expect(await refusal(who.E1004!, 'noticeView', { query: { id }, lang: 'zh' })).toEqual([Code.NOT_FOUND, '公告不存在']);
      expect((await refused({ ...notice('Nope'), id }))[0]).toBe(Code.NOT_FOUND);
      for (const name of ['noticePublish', 'noticeUnpublish', 'noticeDelete'] as const) expect((await refusal(who.E1004!, name, { body: { id } }))[0]).toBe(Code.NOT_FOUND);
    }
    expect(await refusal(who.E1004!, 'noticeView', { query: { id: 'x' } })).toEqual([Code.INVALID, 'The field id has an invalid value']);
    expect(await refusal(who.E1004!, 'noticePin', { body: { id: message!.id } })).toEqual([Code.INVALID, 'The field pinned is missing']);
  });
});

describe('pictures in announcements', () => {
  const PNG = Uint8Array.from(
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  );
  const keyOf = (url: string) => url.slice('/files/'.length);
  const age = (url: string) =>
    gw.database.db
      .update(uploadedFiles)
      .set({ createdAt: sql`created_at - interval '25 hours'`, usedAt: sql`used_at - interval '25 hours'` })
      .where(eq(uploadedFiles.key, keyOf(url)));
  const kept = async (url: string) => (await gw.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.key, keyOf(url)))).length === 1 && (await store.exists(keyOf(url)));

  it('keeps an uploaded picture the text shows, and lets the sweeper take it once the announcement is gone', async () => {
    const { body } = await rawCall<UploadResult>(gw, 'uploadPic', { token: who.E1004!.token, body: fileForm(PNG, 'p.png', 'image/png') });
    expect(body.code, body.msg).toBe(Code.OK);
    const url = body.data.url;
    const saved = await save(notice('With a picture', { contentEn: `<p>See <img src="${url}" alt="chart" width="200"></p>`, publish: 'now' }));
    expect(saved.contentEn).toBe(`<p>See <img src="${url}" alt="chart" width="200" /></p>`);
    // The Chinese text names it too, taken from the English one.
    const [row] = await gw.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.key, keyOf(url)));
    expect(row!.usedAt).not.toBeNull();
    await age(url);
    await sweepUnreferencedUploads(gw.database.db, store);
    expect(await kept(url)).toBe(true);
    expect((await view(who.E1001!, saved.id)).body.data.content).toContain(`<img src="${url}"`);

    await ok(who.E1004!, 'noticeDelete', { body: { id: saved.id } });
    await age(url);
    await sweepUnreferencedUploads(gw.database.db, store);
    expect(await kept(url)).toBe(false);
  });
});

describe('the back office’s list', () => {
  it('filters by keyword, state and pin, and sorts by publishing time', async () => {
    const a = await save(notice('Listed alpha notice', { publish: 'draft', pinned: true }));
    const b = await save(notice('Listed beta notice', { publish: 'now' }));
    const list = (body: object) => ok<PageResult<NoticeItem>>(who.E1004!, 'noticePage', { body });
    const byKeyword = await list({ keyword: 'listed' });
    expect(byKeyword.list.map((n) => n.id).sort()).toEqual([a.id, b.id].sort());
    expect(byKeyword.pageSize).toBe(20);
    expect((await list({ keyword: '（中文）', state: 'draft', pinned: true })).list.map((n) => n.id)).toContain(a.id);
    expect((await list({ keyword: 'Listed', state: 'published' })).list.map((n) => n.id)).toEqual([b.id]);
    expect((await list({ keyword: 'Listed', pinned: false })).list.map((n) => n.id)).toEqual([b.id]);
    const all = await list({ pageSize: 100 });
    expect(all.totalCount).toBeGreaterThan(40);
    const times = all.list.map((n) => n.publishedAt);
    expect(times).toEqual([...times].sort().reverse());
    const oldest = await list({ pageSize: 100, sortOrder: 'asc' });
    expect(oldest.list.map((n) => n.publishedAt)).toEqual([...times].sort().slice(0, oldest.list.length));
    const seeded = all.list.find((n) => n.titleEn === 'Fire drill notice')!;
    expect(seeded).toMatchObject({ state: 'published', format: 0, allowComment: false });
    expect(await refusal(who.E1004!, 'noticePage', { body: { state: 'gone' } })).toEqual([Code.INVALID, 'The field state has an invalid value']);
    expect(await refusal(who.E1004!, 'noticePage', { body: { keyword: 'k'.repeat(51) }, lang: 'zh' })).toEqual([Code.INVALID, '参数 keyword 不能超过 50 个字符']);
  });
});

describe('who may', () => {
  it('refuses members who are not administrators', async () => {
    for (const name of ['noticePage', 'noticeSave'] as const) {
      expect(await refusal(who.E1001!, name, { body: {} })).toEqual([Code.FORBIDDEN, 'You do not have permission to use this part of the back office']);
    }
  });

  it('keeps another company’s administrator from seeing or changing anything of this company', async () => {
    const saved = await save(notice('Company one only', { publish: 'draft' }));
    const before = await gw.database.db.select().from(announcements).where(eq(announcements.id, saved.id));
    const two = who.B2001!;
    const theirs = await ok<PageResult<NoticeItem>>(two, 'noticePage', { body: { pageSize: 100 } });
    expect(theirs.list.map((n) => n.id)).not.toContain(saved.id);
    expect(theirs.list.map((n) => n.titleEn)).not.toContain('Fire drill notice');
    expect((await refusal(two, 'noticeView', { query: { id: saved.id } }))[0]).toBe(Code.NOT_FOUND);
    expect((await refusal(two, 'noticeSave', { body: { ...notice('Taken over', { publish: 'now' }), id: saved.id } }))[0]).toBe(Code.NOT_FOUND);
    for (const name of ['noticePublish', 'noticeUnpublish', 'noticeDelete'] as const) {
      expect((await refusal(two, name, { body: { id: saved.id } }))[0]).toBe(Code.NOT_FOUND);
    }
    expect((await refusal(two, 'noticePin', { body: { id: saved.id, pinned: true } }))[0]).toBe(Code.NOT_FOUND);
    expect(await gw.database.db.select().from(announcements).where(eq(announcements.id, saved.id))).toEqual(before);
    expect(await auditOf(saved.id)).toHaveLength(1);
    // Their own announcements are theirs to write.
    const own = await save(notice('Company two notice', { publish: 'now' }), two);
    expect((await ok<PageResult<NoticeItem>>(who.E1004!, 'noticePage', { body: { keyword: 'Company two notice' } })).totalCount).toBe(0);
    expect((await auditOf(own.id))[0]).toMatchObject({ actorName: '周婷', action: 'create' });
  });
});
