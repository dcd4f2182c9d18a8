/**
 * Library uploads end to end on the gateway: a video sent with the tus protocol in parts, the
 * connection cut in the middle and the upload resumed from the offset the gateway reports; the
 * media job turning it into HLS renditions with a poster and its duration; a course period
 * playing it to a learner through signed URLs. Files judged by content (a picture named .mp4 is
 * refused and forgotten); uploads answer only to their own member and company; a failed job
 * says why and is retried; a job whose runner died is redone once.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, LANG_HEADER, TOKEN_HEADER } from '@/api/codes';
import type { CrmChapter, CrmCourse, CrmResource, MyResource, ReviewResource } from '@/api/crm-course-types';
import type { ResourceWatchResult } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { MEDIA_UPLOAD_PATH } from '@/lib/authoring-rules';
import { localUploadStore, type UploadStore } from '../../files/upload-store';
import { localFileStore } from '../../files/store';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';
import { adminOfCompanyTwo, auditOf, PNG, rowsOf } from '../site/test-support';

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let gw: TestGateway;
let dir: string;
let admin: string;
let learner: string;
let video: Uint8Array;
let uploadStore: UploadStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xuetang-uploads-test-'));
  uploadStore = localUploadStore(join(dir, 'uploads'));
  gw = await createTestApp({ files: localFileStore(join(dir, 'files')), uploads: uploadStore });
  admin = await gw.login('E1004');
  learner = await gw.login('E1001');
  if (hasFfmpeg) {
    // Three seconds of 960×540 with sound: large enough for a 720p rendition beside 360p.
    const out = join(dir, 'source.mp4');
    execFileSync('ffmpeg', [
      '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=960x540:rate=24', '-f', 'lavfi', '-i', 'sine=frequency=440',
      '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out,
    ]);
    video = new Uint8Array(readFileSync(out));
  }
}, 120_000);
afterAll(async () => {
  await gw?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const base = `${'/gateway'}/${MEDIA_UPLOAD_PATH}`;
const metadata = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;

async function tus(method: string, path: string, token: string, headers: Record<string, string> = {}, body?: Uint8Array, host = HOST_ONE, lang = 'zh') {
  return gw.app.request(`http://${host}${path}`, {
    method,
    headers: { 'Tus-Resumable': '1.0.0', [TOKEN_HEADER]: token, [LANG_HEADER]: lang, ...headers },
    body: body ? Buffer.from(body) : undefined,
  });
}

/** Creates an upload of `size` bytes named `name`; answers its path. */
async function create(token: string, name: string, size: number, host = HOST_ONE): Promise<string> {
  const res = await tus('POST', base, token, { 'Upload-Length': String(size), 'Upload-Metadata': metadata(name) }, undefined, host);
  expect(res.status, await res.clone().text()).toBe(201);
  const location = res.headers.get('location')!;
  expect(location.startsWith(`${base}/`)).toBe(true);
  return location;
}

const patch = (token: string, path: string, offset: number, bytes: Uint8Array, lang = 'zh') =>
  tus('PATCH', path, token, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, bytes, HOST_ONE, lang);

async function ok<T>(name: Parameters<TestGateway['call']>[0], token: string, body?: unknown): Promise<T> {
  const res = await gw.call<T>(name, { token, body });
  if (res.body.code !== Code.OK) throw new Error(`${name}: ${res.body.code} ${res.body.msg}`);
  return res.body.data;
}

const library = async (keyword: string) => (await ok<PageResult<CrmResource>>('crmResourcePage', admin, { keyword })).list;

/** Fetches a signed URL of the gateway as the browser would, on company one's host. */
const fetchSigned = (url: string) => gw.app.request(new URL(url, `http://${HOST_ONE}`).toString());

describe.skipIf(!hasFfmpeg)('a video through the library', () => {
  it('resumes after a cut connection, is transcoded to HLS and plays in a course', async () => {
    const path = await create(admin, '叉车安全操作.mp4', video.length);
    const half = Math.floor(video.length / 2);
    expect((await patch(admin, path, 0, video.subarray(0, half))).status).toBe(204);

    // The connection dropped: the browser asks how far the gateway got, and sends the rest.
    const head = await tus('HEAD', path, admin);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(head.headers.get('upload-length')).toBe(String(video.length));
    // A part sent from a wrong offset is refused and changes nothing.
    expect((await patch(admin, path, 1, video.subarray(1, 10))).status).toBe(409);
    const last = await patch(admin, path, half, video.subarray(half));
    expect(last.status).toBe(204);
    const resourceId = last.headers.get('upload-resource')!;
    expect(resourceId).toMatch(/^[0-9a-f-]{36}$/);

    let [row] = await library('叉车安全操作');
    expect(row).toMatchObject({ id: resourceId, name: '叉车安全操作', resourceType: 2, fileName: '叉车安全操作.mp4', size: video.length, state: 'processing' });

    await gw.jobs.runDue();
    [row] = await library('叉车安全操作');
    expect(row).toMatchObject({ state: 'ready', progress: 100, failure: '', duration: 3 });
    // The upload's bytes left the upload store for the file store.
    expect(readdirSync(join(dir, 'uploads')).filter((f) => !f.endsWith('.json'))).toEqual([]);
    const stored = readdirSync(join(dir, 'files', (await rowsOf<{ e: string }>(gw, sql`select enterprise_id as e from resources where id = ${resourceId}`))[0]!.e));
    expect(stored).toEqual(expect.arrayContaining([`${resourceId}.mp4`, `${resourceId}.m3u8`, `${resourceId}-360p.m3u8`, `${resourceId}-720p.m3u8`, `${resourceId}-poster.jpg`]));

    // A course period plays it to a learner.
    const course = await ok<CrmCourse>('crmCourseSave', admin, {
      nameZh: '叉车安全', nameEn: '', introZh: '', cover: '', categoryId: null, lecturerIds: [], creditHours: 1, isFree: true, priceFen: null, watermark: false, antiSkip: false,
    });
    const [chapter] = await ok<CrmChapter[]>('crmCourseItemSave', admin, { courseId: course.id, nameZh: '第一章' });
    const outline = await ok<CrmChapter[]>('crmCourseItemSave', admin, { courseId: course.id, parentId: chapter!.id, nameZh: '操作演示', contentType: 2, resourceId });
    await ok('crmCourseStatus', admin, { id: course.id, status: 1 });
    const watch = await ok<ResourceWatchResult>('resourceWatch', learner, { courseId: course.id, itemId: outline[0]!.periods[0]!.id });
    expect(watch.totalDuration).toBe(3);
    const hls = watch.playUrls.find((p) => p.type === 'hls')!;
    expect(hls.url).toContain(`${resourceId}.m3u8?`);
    const master = await fetchSigned(hls.url);
    expect(master.status).toBe(200);
    const masterText = await master.text();
    expect(masterText).toMatch(/RESOLUTION=640x360/);
    expect(masterText).toMatch(/RESOLUTION=960x540|RESOLUTION=1280x720/);
    const variant = masterText.split('\n').find((l) => l.includes('-360p.m3u8'))!;
    const variantText = await (await fetchSigned(new URL(variant, new URL(hls.url, `http://${HOST_ONE}`)).toString())).text();
    const segment = variantText.split('\n').find((l) => l.includes('.ts'))!;
    const piece = await fetchSigned(new URL(segment, new URL(hls.url, `http://${HOST_ONE}`)).toString());
    expect(piece.status).toBe(200);
    expect(piece.headers.get('content-type')).toBe('video/mp2t');
    // Unsigned, the segment is refused.
    const unsigned = new URL(segment, new URL(hls.url, `http://${HOST_ONE}`));
    unsigned.search = '';
    expect((await fetchSigned(unsigned.toString())).status).toBe(404);

    expect((await auditOf(gw, admin, 'resource')).find((a) => a.objectId === resourceId)?.action).toBe('create');
  }, 120_000);
});

describe('checked by content', () => {
  it('refuses a picture named .mp4 in the caller’s language and forgets it', async () => {
    const path = await create(admin, 'not-a-video.mp4', PNG.length);
    const res = await patch(admin, path, 0, PNG, 'en');
    expect(res.status).toBe(415);
    expect(JSON.parse(await res.text())).toMatchObject({
      code: Code.UNSUPPORTED_MEDIA_TYPE,
      msg: 'The extension of “not-a-video.mp4” does not match its content (which is a picture); check the file and upload it again',
    });
    expect((await tus('HEAD', path, admin)).status).toBe(404);
    expect(await library('not-a-video')).toEqual([]);
    const reserved = await rowsOf(gw, sql`select 1 from uploaded_files where original_name = 'not-a-video.mp4'`);
    expect(reserved).toEqual([]);
  });

  it('refuses bytes of no kind the library takes', async () => {
    const path = await create(admin, 'setup.exe', 64);
    const bytes = new Uint8Array(64);
    bytes.set([0x4d, 0x5a]);
    const res = await patch(admin, path, 0, bytes);
    expect(res.status).toBe(415);
    expect(JSON.parse(await res.text()).msg).toBe('“setup.exe”不是资源库支持的文件：请上传视频、音频、文档（pdf、doc、xls、ppt、txt）、图片或压缩包');
  });

  it('takes a picture and scales it', async () => {
    const path = await create(admin, '厂区平面图.png', PNG.length);
    const res = await patch(admin, path, 0, PNG);
    expect(res.status).toBe(204);
    await gw.jobs.runDue();
    const [row] = await library('厂区平面图');
    expect(row).toMatchObject({ resourceType: 5, state: hasFfmpeg ? 'ready' : 'failed' });
  });
});

describe('whose upload', () => {
  it('answers only to its own member, of its own company, with the admin role', async () => {
    const path = await create(admin, '手册.pdf', 100);
    // A learner may not use the library's upload.
    expect((await tus('POST', base, learner, { 'Upload-Length': '10', 'Upload-Metadata': metadata('a.pdf') })).status).toBe(403);
    // Without a token: signed out.
    const anonymous = await gw.app.request(`http://${HOST_ONE}${path}`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } });
    expect(anonymous.status).toBe(401);
    // Company two's administrator on company two's host finds no such upload.
    const theirs = await adminOfCompanyTwo(gw);
    expect((await tus('HEAD', path, theirs, {}, undefined, HOST_TWO)).status).toBe(404);
    expect((await tus('PATCH', path, theirs, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, new Uint8Array(10), HOST_TWO)).status).toBe(404);
    // Nor does another administrator of the same company.
    await gw.database.db.execute(sql`update enterprise_users set is_admin = true where emp_no = 'E1002'`);
    const other = await gw.login('E1002');
    expect((await tus('HEAD', path, other)).status).toBe(404);
    expect((await tus('HEAD', path, admin)).status).toBe(200);
  });

  it('forgets an upload left unfinished for a day', async () => {
    const path = await create(admin, '没传完的视频.mp4', 1000);
    expect((await patch(admin, path, 0, new Uint8Array(100))).status).toBe(204);
    const id = path.split('/').pop()!;
    const info = join(dir, 'uploads', `${id}.json`);
    const meta = JSON.parse(readFileSync(info, 'utf8')) as { creation_date: string };
    writeFileSync(info, JSON.stringify({ ...meta, creation_date: new Date(Date.now() - 25 * 3600_000).toISOString() }));
    expect(await uploadStore.deleteExpired()).toBe(1);
    expect([404, 410]).toContain((await tus('HEAD', path, admin)).status);
  });

  it('refuses a file larger than the library takes', async () => {
    const res = await tus('POST', base, admin, { 'Upload-Length': String(5 * 1024 ** 3), 'Upload-Metadata': metadata('huge.mp4') });
    expect(res.status).toBe(413);
  });
});

describe.skipIf(!hasFfmpeg)('processing that fails', () => {
  it('says why, and is retried on request', async () => {
    // An MP4 header over bytes that are no video.
    const bytes = new Uint8Array(4096);
    bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
    const path = await create(admin, '损坏的视频.mp4', bytes.length);
    const res = await patch(admin, path, 0, bytes);
    expect(res.status).toBe(204);
    const id = res.headers.get('upload-resource')!;
    await gw.jobs.runDue();
    let [row] = await library('损坏的视频');
    expect(row).toMatchObject({ id, state: 'failed' });
    expect(row!.failure.length).toBeGreaterThan(0);

    // Only a failed resource is retried.
    const [ready] = await rowsOf<{ id: string }>(gw, sql`select id from resources where state = 'ready' and enterprise_id = (select enterprise_id from resources where id = ${id}) limit 1`);
    const refused = await gw.call('crmResourceRetry', { token: admin, body: { id: ready!.id }, lang: 'en' });
    expect(refused.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'Only a resource whose processing failed can be retried' });

    await ok('crmResourceRetry', admin, { id });
    [row] = await library('损坏的视频');
    expect(row).toMatchObject({ state: 'processing', failure: '' });
    await gw.jobs.runDue();
    [row] = await library('损坏的视频');
    expect(row).toMatchObject({ state: 'failed' });
    const jobs = await rowsOf<{ n: number }>(gw, sql`select count(*)::int as n from jobs where kind = 'authoring.media' and payload->>'resourceId' = ${id}`);
    expect(jobs[0]!.n).toBe(2);
    expect((await auditOf(gw, admin, 'resource')).some((a) => a.objectId === id && a.action === 'retry')).toBe(true);
  }, 60_000);
});

describe('a member’s own uploads and their review', () => {
  it('stay in the member’s space until an administrator approves them into the library', async () => {
    // 张伟, no administrator, uploads a picture into his own space.
    const res = await tus('POST', base, learner, { 'Upload-Length': String(PNG.length), 'Upload-Metadata': `${metadata('车间布置图.png')},purpose ${Buffer.from('mine').toString('base64')}` });
    expect(res.status, await res.clone().text()).toBe(201);
    const done = await patch(learner, res.headers.get('location')!, 0, PNG);
    expect(done.status).toBe(204);
    const id = done.headers.get('upload-resource')!;

    // Not in the library, nor on offer to courses.
    expect((await library('车间布置图')).map((r) => r.id)).not.toContain(id);
    const options = await ok<{ id: string }[]>('crmResourceOptions', admin);
    expect(options.map((o) => o.id)).not.toContain(id);
    // In his space, and his to submit once processed.
    const mineOf = async (token: string) => (await ok<PageResult<MyResource>>('myResourcePage', token, {})).list;
    expect((await mineOf(learner)).find((r) => r.id === id)).toMatchObject({ name: '车间布置图', resourceType: 5, review: 'own', state: 'processing' });
    const early = await gw.call('myResourceSubmit', { token: learner, body: { id }, lang: 'en' });
    expect(early.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'A file can be submitted for review once it has been processed' });
    await gw.jobs.runDue();
    expect((await mineOf(learner)).find((r) => r.id === id)).toMatchObject({ state: hasFfmpeg ? 'ready' : 'failed' });
    if (!hasFfmpeg) return;
    // Nobody else's to submit or delete.
    const other = await gw.login('E1003');
    expect((await gw.call('myResourceSubmit', { token: other, body: { id } })).body.code).toBe(Code.NOT_FOUND);
    expect((await gw.call('myResourceDelete', { token: other, body: { id } })).body.code).toBe(Code.NOT_FOUND);
    await ok('myResourceSubmit', learner, { id });
    expect((await gw.call('myResourceSubmit', { token: learner, body: { id }, lang: 'en' })).body.msg).toBe('The file has been submitted or approved already');

    // The administrator's queue; a rejection needs a reason, and 张伟 hears of it.
    const queue = (await ok<PageResult<ReviewResource>>('crmReviewPage', admin, {})).list;
    expect(queue.find((r) => r.id === id)).toMatchObject({ review: 'pending', uploaderName: '张伟', uploaderEmpNo: 'E1001' });
    expect((await gw.call('crmReviewPage', { token: learner, body: {} })).body.code).toBe(Code.FORBIDDEN);
    const bare = await gw.call('crmReviewDecide', { token: admin, body: { id, approve: false }, lang: 'en' });
    expect(bare.body).toMatchObject({ code: Code.INVALID, msg: 'Give the reason it is not approved' });
    await ok('crmReviewDecide', admin, { id, approve: false, reason: '图片分辨率太低' });
    expect((await mineOf(learner)).find((r) => r.id === id)).toMatchObject({ review: 'rejected', reviewReason: '图片分辨率太低' });
    const [rejected] = await rowsOf<{ title: string }>(gw, sql`select title_zh as title from announcements where link_url = '/crm/uploads' and title_zh like '%车间布置图%' order by created_at desc limit 1`);
    expect(rejected?.title).toBe('您上传的“车间布置图”未通过审核');

    // Submitted again and approved: now in the library, usable by courses, and no longer his to delete.
    await ok('myResourceSubmit', learner, { id });
    await ok('crmReviewDecide', admin, { id, approve: true });
    expect((await gw.call('crmReviewDecide', { token: admin, body: { id, approve: true }, lang: 'en' })).body.msg).toBe(
      'The file has been reviewed already; reload to see the decision',
    );
    expect((await library('车间布置图')).map((r) => r.id)).toContain(id);
    expect((await mineOf(learner)).find((r) => r.id === id)).toMatchObject({ review: 'approved' });
    expect((await gw.call('myResourceDelete', { token: learner, body: { id }, lang: 'en' })).body.msg).toBe('An approved file is in the library and cannot be deleted here');
    const actions = (await auditOf(gw, admin, 'resource')).filter((a) => a.objectId === id).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'submit', 'reject', 'approve']));
  });

  it('are listed with their processing, not among the member’s other uploads', async () => {
    const res = await tus('POST', base, learner, { 'Upload-Length': String(PNG.length), 'Upload-Metadata': `${metadata('不在其他上传里.png')},purpose ${Buffer.from('mine').toString('base64')}` });
    const id = (await patch(learner, res.headers.get('location')!, 0, PNG)).headers.get('upload-resource')!;
    expect((await ok<PageResult<MyResource>>('myResourcePage', learner, {})).list.map((r) => r.id)).toContain(id);
    const others = await ok<PageResult<{ name: string }>>('myUploadPage', learner, {});
    expect(others.list.map((u) => u.name)).not.toContain('不在其他上传里.png');
  });

  it('may be deleted by their member before they join the library, with the files made of them', async () => {
    const res = await tus('POST', base, learner, { 'Upload-Length': String(PNG.length), 'Upload-Metadata': `${metadata('草稿.png')},purpose ${Buffer.from('mine').toString('base64')}` });
    const id = (await patch(learner, res.headers.get('location')!, 0, PNG)).headers.get('upload-resource')!;
    await gw.jobs.runDue();
    const [owner] = await rowsOf<{ e: string }>(gw, sql`select enterprise_id as e from resources where id = ${id}`);
    const filesOf = () => readdirSync(join(dir, 'files', owner!.e)).filter((f) => f.startsWith(id));
    if (hasFfmpeg) expect(filesOf().sort()).toEqual([`${id}-w1920.png`, `${id}.png`]);
    await ok('myResourceDelete', learner, { id });
    expect((await ok<PageResult<MyResource>>('myResourcePage', learner, {})).list.map((r) => r.id)).not.toContain(id);
    expect(filesOf()).toEqual([]);
  });
});

describe('an Office file with a PDF copy', () => {
  it('is previewed as its PDF copy, except in a watermarked course', async () => {
    // A Word file the media job converted (LibreOffice made `…-preview.pdf`).
    const [eid] = await rowsOf<{ e: string }>(gw, sql`select enterprise_id as e from enterprise_users where emp_no = 'E1004' limit 1`);
    const [doc] = await rowsOf<{ id: string }>(gw, sql`insert into resources (enterprise_id, resource_type, name_zh, name_en, file_name, url, play_urls)
      values (${eid!.e}, 4, '作业指导书', '', '作业指导书.docx', ${`/files/${eid!.e}/doc-original.docx`},
        ${JSON.stringify([{ url: `/files/${eid!.e}/doc-original-preview.pdf`, type: 'pdf' }])}::jsonb) returning id`);
    const made = async (watermark: boolean) => {
      const course = await ok<CrmCourse>('crmCourseSave', admin, {
        nameZh: watermark ? '带水印的指导书' : '作业指导书课程', nameEn: '', introZh: '', cover: '', categoryId: null, lecturerIds: [], creditHours: 1, isFree: true, priceFen: null, watermark, antiSkip: false,
      });
      const [chapter] = await ok<CrmChapter[]>('crmCourseItemSave', admin, { courseId: course.id, nameZh: '第一章' });
      await ok<CrmChapter[]>('crmCourseItemSave', admin, { courseId: course.id, parentId: chapter!.id, nameZh: '指导书', contentType: 2, resourceId: doc!.id });
      await ok('crmCourseStatus', admin, { id: course.id, status: 1 });
      return course.id;
    };
    const plain = await made(false);
    const preview = await gw.call<{ kind: string; url: string }>('coursewarePreview', { token: learner, query: { resourceId: doc!.id, courseId: plain } });
    expect(preview.body.data).toMatchObject({ kind: 'pdf' });
    expect(preview.body.data.url).toContain('doc-original-preview.pdf?');
    const stamped = await made(true);
    const other = await gw.call<{ kind: string; url: string }>('coursewarePreview', { token: learner, query: { resourceId: doc!.id, courseId: stamped } });
    expect(other.body.data.kind).not.toBe('pdf');
  });
});

describe('deleting a library file', () => {
  it('is refused while anything uses it, and takes every file made of it otherwise', async () => {
    const [used] = await rowsOf<{ id: string }>(gw, sql`select i.resource_id as id from course_items i join resources r on r.id = i.resource_id
      where r.enterprise_id = (select enterprise_id from enterprise_users where emp_no = 'E1004' limit 1) limit 1`);
    const refused = await gw.call('crmResourceDelete', { token: admin, body: { id: used!.id }, lang: 'en' });
    expect(refused.body.code).toBe(Code.FORBIDDEN);
    expect(refused.body.msg).toMatch(/^The file is used by \d+ periods, coursewares or live replays; remove them first$/);

    const path = await create(admin, '多余的示意图.png', PNG.length);
    const id = (await patch(admin, path, 0, PNG)).headers.get('upload-resource')!;
    await gw.jobs.runDue();
    const [owner] = await rowsOf<{ e: string }>(gw, sql`select enterprise_id as e from resources where id = ${id}`);
    await ok('crmResourceDelete', admin, { id });
    expect(await library('多余的示意图')).toEqual([]);
    expect(readdirSync(join(dir, 'files', owner!.e)).filter((f) => f.startsWith(id))).toEqual([]);
    expect((await auditOf(gw, admin, 'resource')).some((a) => a.objectId === id && a.action === 'delete')).toBe(true);
    // A learner may not.
    expect((await gw.call('crmResourceDelete', { token: learner, body: { id: used!.id } })).body.code).toBe(Code.FORBIDDEN);
  });
});
