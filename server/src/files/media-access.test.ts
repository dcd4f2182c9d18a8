// Course media and coursewares only through short-lived signed URLs (issue 16, item 6): the raw
// `/media/…` files are refused with no signature, on the other company's host and with a changed
// path, expiry or enterprise; the URLs are issued only after the calling member's access checks;
// HLS segments are reachable only signed; a watermarked course's PDF only as the stamped copy.
import { mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '@/api/codes';
import type {
  CoursewarePreview,
  CourseResourceItem,
  ImageTextContent,
  LiveWatchResult,
  PlaybackResult,
  ResourceWatchResult,
} from '@/api/learning-types';
import type { PostDetail, PostItem } from '@/api/community-types';
import type { PageResult } from '@/api/types';
import { communityPosts, courseItems, coursewares, enterpriseDomains, liveRooms, resources } from '../db/schema';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from '../testing';
import { courseId, fetchRow } from '../modules/course/test-support';
import { localFileStore } from './store';

const PUBLIC_MEDIA = fileURLToPath(new URL('../../../public/media', import.meta.url));

let gw: TestGateway;
let dist: string;
let store: string;
let token: string;
let eidOne: string;
let eidTwo: string;
let onboarding: string;
let tree: CourseResourceItem[];

/** A build as `astro build` made it before: `public/media` copied into `dist/media`. */
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'xt-media-dist-'));
  store = await mkdtemp(join(tmpdir(), 'xt-media-store-'));
  await symlink(PUBLIC_MEDIA, join(dist, 'media'));
  await mkdir(join(dist, '404'));
  gw = await createTestApp({ distDir: dist, files: localFileStore(store) });
  token = await gw.login('E1001');
  const domains = await gw.database.db.select().from(enterpriseDomains);
  eidOne = domains.find((d) => d.domain === HOST_ONE)!.enterpriseId;
  eidTwo = domains.find((d) => d.domain === HOST_TWO)!.enterpriseId;
  onboarding = await courseId(gw, '新员工入职培训');
  tree = (await gw.call<CourseResourceItem[]>('chapterPeriodList', { token, query: { courseId: onboarding } })).body.data;
});
afterAll(async () => {
  await gw?.close();
  await rm(dist, { recursive: true, force: true });
  await rm(store, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** GET of a site URL (path and query) on a host, as a browser with no session sends it. */
const get = (url: string, o: { host?: string; range?: string } = {}) =>
  gw.app.request(new URL(url, `http://${o.host ?? HOST_ONE}`), { headers: o.range ? { range: o.range } : {} });

const disk = async (path: string) => new Uint8Array(await readFile(join(PUBLIC_MEDIA, path.replace(/^\/media\//, ''))));
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

/** The period's id by its place in the onboarding tree: chapter, then period. */
const period = (chapter: number, index: number) => tree[chapter]!.subTrainingProgress[index]!;

async function watch(itemId: string, courseId = onboarding, who = token) {
  const { body } = await gw.call<ResourceWatchResult>('resourceWatch', { token: who, body: { courseId, itemId } });
  return body;
}

/** A URL's path, and whether it carries an enterprise, an expiry and a signature. */
function parts(url: string) {
  const parsed = new URL(url, 'http://site');
  const q = parsed.searchParams;
  return { path: parsed.pathname, eid: q.get('eid'), exp: Number(q.get('exp')), signed: /^[0-9a-f]{64}$/.test(q.get('sig') ?? '') };
}

/** The same URL with one query value replaced. */
function withParam(url: string, name: string, value: string): string {
  const parsed = new URL(url, 'http://site');
  parsed.searchParams.set(name, value);
  return `${parsed.pathname}${parsed.search}`;
}

describe('the raw media files', () => {
  it('are refused without a signature, with or without a session; public pictures stay public', async () => {
    for (const path of [
      '/media/demo/welcome.mp4',
      '/media/demo/clip.mp4',
      '/media/demo/company.m4a',
      '/media/demo/handbook.pdf',
      '/media/demo/floor-plan.png',
      '/media/demo/guide-1.jpg',
      '/media/demo/welcome/index.m3u8',
      '/media/demo/welcome/segment-00.ts',
      '/media/demo/courseware/culture-handbook.pdf',
      '/media/demo/courseware/onboarding-pack.zip',
      '/media/demo/manifest.json',
      '/media/demo/covers/..%2Fwelcome.mp4',
    ]) {
      expect([path, (await get(path)).status]).toEqual([path, 403]);
      const signedIn = await gw.app.request(new URL(path, `http://${HOST_ONE}`), { headers: { 'x-access-token': token } });
      expect([path, signedIn.status]).toEqual([path, 403]);
    }
    for (const path of ['/media/demo/covers/welcome.jpg', '/media/demo/home/xingchen-banner-1.svg']) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(await bytes(res)).toEqual(await disk(path));
    }
  });
});

describe('a period of a course the member may watch', () => {
  it('hands out each source signed for the company, for long enough to play it, and serves them with ranges', async () => {
    const body = await watch(period(0, 0).subResourceId);
    expect(body.code).toBe(Code.OK);
    const [hls, mp4] = body.data.playUrls;
    const now = Date.now() / 1000;
    for (const source of [hls!, mp4!]) {
      const p = parts(source.url);
      expect(p).toMatchObject({ eid: eidOne, signed: true });
      // Minutes, not hours: ten minutes and twice the 12-second video.
      expect(p.exp).toBeGreaterThan(now + 9 * 60);
      expect(p.exp).toBeLessThan(now + 11 * 60);
    }
    expect(parts(hls!.url).path).toBe('/media/demo/welcome/index.m3u8');
    expect(parts(mp4!.url).path).toBe('/media/demo/welcome.mp4');
    // The poster is a cover: public, as on the course list.
    expect(JSON.parse(body.data.videoConfig)).toEqual({ poster: '/media/demo/covers/welcome.jpg' });

    const whole = await get(mp4!.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toMatch(/^private/);
    const file = await disk('/media/demo/welcome.mp4');
    expect(await bytes(whole)).toEqual(file);

    // Seeking: one range, the end, a range past the end.
    const part = await get(mp4!.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${file.byteLength}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(await bytes(part)).toEqual(file.slice(100, 200));
    const tail = await get(mp4!.url, { range: 'bytes=-10' });
    expect(await bytes(tail)).toEqual(file.slice(-10));
    expect((await get(mp4!.url, { range: `bytes=${file.byteLength}-` })).status).toBe(416);
  });

  it('signs the audio, the PDF, the image and the pictures of an image-and-text period', async () => {
    for (const [item, path] of [
      [period(0, 1), '/media/demo/handbook.pdf'],
      [period(0, 2), '/media/demo/company.m4a'],
      [period(0, 3), '/media/demo/floor-plan.png'],
    ] as const) {
      const { data } = await watch(item.subResourceId);
      expect(parts(data.url)).toMatchObject({ path, eid: eidOne, signed: true });
      const res = await get(data.url);
      expect([path, res.status]).toEqual([path, 200]);
      expect(await bytes(res)).toEqual(await disk(path));
    }
    const guide = period(1, 0);
    const { body } = await gw.call<ImageTextContent>('imageTextWatch', { token, query: { courseId: onboarding, itemId: guide.subResourceId } });
    const pictures = body.data.blocks.filter((b) => b.type === 'image').map((b) => b.value);
    expect(pictures.map((url) => parts(url).path)).toEqual(['/media/demo/guide-1.jpg', '/media/demo/guide-2.jpg']);
    for (const url of pictures) {
      expect(parts(url).signed).toBe(true);
      expect((await get(url)).status).toBe(200);
    }
  });

  it("previews signed: a courseware's PDF, a period's video, audio and image", async () => {
    const [pdf] = await gw.database.db
      .select({ id: coursewares.id })
      .from(coursewares)
      .innerJoin(resources, eq(resources.id, coursewares.resourceId))
      .where(and(eq(coursewares.courseId, onboarding), eq(resources.fileName, '企业文化手册.pdf')));
    const preview = async (query: Record<string, string>) =>
      (await gw.call<CoursewarePreview>('coursewarePreview', { token, query })).body.data;
    for (const [query, path] of [
      [{ id: pdf!.id }, '/media/demo/courseware/culture-handbook.pdf'],
      [{ resourceId: period(0, 0).resourceId! }, '/media/demo/welcome.mp4'],
      [{ resourceId: period(0, 2).resourceId! }, '/media/demo/company.m4a'],
      [{ resourceId: period(0, 3).resourceId! }, '/media/demo/floor-plan.png'],
    ] as const) {
      const { url } = await preview(query);
      expect(parts(url)).toMatchObject({ path, eid: eidOne, signed: true });
      expect(await bytes(await get(url))).toEqual(await disk(path));
    }
  });
});

describe('a signed URL', () => {
  it("works only on its own company's hosts and exactly as issued", async () => {
    const { data } = await watch(period(0, 0).subResourceId);
    const url = data.playUrls.find((p) => p.type === 'mp4')!.url;
    expect((await get(url)).status).toBe(200);
    // On the other company's host.
    expect((await get(url, { host: HOST_TWO })).status).toBe(403);
    // Another file with this signature, a later expiry, the other company, a changed or missing signature.
    const { path, exp } = parts(url);
    const query = url.slice(url.indexOf('?'));
    expect((await get(`/media/demo/clip.mp4${query}`)).status).toBe(403);
    expect((await get(`/media/demo/welcome.mp4${query}&x=1`)).status).toBe(200);
    expect((await get(withParam(url, 'exp', String(exp + 3600)))).status).toBe(403);
    expect((await get(withParam(url, 'eid', eidTwo))).status).toBe(403);
    expect((await get(withParam(url, 'eid', eidTwo), { host: HOST_TWO })).status).toBe(403);
    const sig = new URL(url, 'http://site').searchParams.get('sig')!;
    expect((await get(withParam(url, 'sig', `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`))).status).toBe(403);
    expect((await get(withParam(url, 'sig', ''))).status).toBe(403);
    expect((await get(path)).status).toBe(403);
  });

  it('stops working when it expires', async () => {
    const { data } = await watch(period(0, 1).subResourceId);
    expect((await get(data.url)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    expect((await get(data.url)).status).toBe(403);
  });
});

describe('HLS', () => {
  it('answers the playlist with every segment signed alike, and no segment unsigned', async () => {
    const { data } = await watch(period(0, 0).subResourceId);
    const playlist = data.playUrls.find((p) => p.type === 'hls')!.url;
    const res = await get(playlist);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    const original = new TextDecoder().decode(await disk('/media/demo/welcome/index.m3u8'));
    const segments = text.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(segments).toHaveLength(original.split('\n').filter((l) => l.trim() && !l.startsWith('#')).length);
    expect(segments.length).toBeGreaterThan(1);
    // The tags are kept as they are.
    expect(text.split('\n').filter((l) => l.startsWith('#'))).toEqual(original.split(/\r?\n/).filter((l) => l.startsWith('#')));
    const { exp } = parts(playlist);
    for (const [i, segment] of segments.entries()) {
      const p = parts(segment);
      expect(p).toMatchObject({ path: `/media/demo/welcome/segment-0${i}.ts`, eid: eidOne, exp, signed: true });
      const served = await get(segment);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('video/mp2t');
      expect(await bytes(served)).toEqual(await disk(p.path));
      expect((await get(p.path)).status).toBe(403);
      expect((await get(segment, { host: HOST_TWO })).status).toBe(403);
    }
    // The playlist's own signature does not open a segment.
    const first = parts(segments[0]!).path;
    expect((await get(`${first}${playlist.slice(playlist.indexOf('?'))}`)).status).toBe(403);
  });
});

describe('no URL without access', () => {
  it('gives none for a paid course not bought, nor for a removed course', async () => {
    const paid = await courseId(gw, '数据分析进阶');
    const removed = await courseId(gw, '旧版安全规范');
    for (const course of [paid, removed]) {
      const [item] = await gw.database.db
        .select()
        .from(courseItems)
        .where(and(eq(courseItems.courseId, course), eq(courseItems.contentType, 2), isNotNull(courseItems.resourceId)));
      const body = await watch(item!.id, course);
      expect(body.code).toBe(Code.FORBIDDEN);
      expect(JSON.stringify(body)).not.toContain('/media/');
      const preview = await gw.call('coursewarePreview', { token, query: { resourceId: item!.resourceId!, courseId: course } });
      expect(preview.body.code).toBe(Code.FORBIDDEN);
      expect(JSON.stringify(preview.body)).not.toContain('/media/');
    }
  });

  it('gives none without a session or with a session of the other company', async () => {
    const itemId = period(0, 0).subResourceId;
    const anonymous = await gw.call('resourceWatch', { body: { courseId: onboarding, itemId } });
    expect(anonymous.body.code).toBe(Code.UNAUTHORIZED);
    const theirs = await gw.login('B2001', undefined, { host: HOST_TWO });
    const other = await gw.call('resourceWatch', { token: theirs, host: HOST_TWO, body: { courseId: onboarding, itemId } });
    expect(other.body.code).toBe(Code.NOT_FOUND);
    expect(JSON.stringify(other.body)).not.toContain('/media/');
  });
});

describe('live rooms and playbacks', () => {
  it('sign the stream of a live room and the recording of an ended one', async () => {
    const rooms = await gw.database.db.select({ id: liveRooms.id, name: liveRooms.nameZh }).from(liveRooms);
    const id = (name: string) => rooms.find((r) => r.name === name)!.id;
    const live = (await gw.call<LiveWatchResult>('liveWatch', { token, body: { roomId: id('新员工见面会') } })).body.data;
    expect(parts(live.playUrls[0]!.url)).toMatchObject({ path: '/media/demo/welcome/index.m3u8', eid: eidOne, signed: true });
    expect((await get(live.playUrls[0]!.url)).status).toBe(200);
    const playback = (await gw.call<PlaybackResult>('playBackWatch', { token, query: { id: id('季度业务复盘') } })).body.data;
    expect(parts(playback.playUrls[0]!.url)).toMatchObject({ path: '/media/demo/clip.mp4', eid: eidOne, signed: true });
    expect(await bytes(await get(playback.playUrls[0]!.url))).toEqual(await disk('/media/demo/clip.mp4'));
  });
});

describe('a watermarked course', () => {
  /** 高效沟通技巧 has the watermark on; it offers the culture handbook PDF here. */
  let communication: string;
  let courseware: string;
  let handbook: string;
  beforeAll(async () => {
    communication = await courseId(gw, '高效沟通技巧');
    const [resource] = await gw.database.db.select().from(resources).where(eq(resources.url, '/media/demo/courseware/culture-handbook.pdf'));
    handbook = resource!.id;
    const [row] = await gw.database.db
      .insert(coursewares)
      .values({ enterpriseId: eidOne, courseId: communication, resourceId: handbook, sort: 9 })
      .returning();
    courseware = row!.id;
  });

  const original = () => disk('/media/demo/courseware/culture-handbook.pdf');
  const pdfText = async (data: Uint8Array) => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const task = pdfjs.getDocument({ data: data.slice(), verbosity: 0 });
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('');
    await task.destroy();
    return text;
  };

  it('previews and downloads only the copy stamped with the viewer, kept in the company folder', async () => {
    const { body } = await gw.call<CoursewarePreview>('coursewarePreview', { token, query: { id: courseware } });
    expect(body.data.kind).toBe('pdf');
    const p = parts(body.data.url);
    expect(p).toMatchObject({ eid: eidOne, signed: true });
    expect(p.path).toMatch(new RegExp(`^/files/${eidOne}/[\\w-]+\\.pdf$`));
    const shown = await get(body.data.url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('application/pdf');
    const stamped = await bytes(shown);
    expect(stamped).not.toEqual(await original());
    expect(await pdfText(stamped)).toContain('张伟 E1001');
    // pdf.js reads PDFs by ranges.
    const range = await get(body.data.url, { range: 'bytes=0-7' });
    expect(range.status).toBe(206);
    expect(new TextDecoder().decode(await bytes(range))).toMatch(/^%PDF-/);
    // The copy lives under the company's own folder of the store, and is not served unsigned or elsewhere.
    expect(await readdir(join(store, eidOne))).toContain(p.path.split('/').pop());
    expect((await get(p.path)).status).toBe(404);
    expect((await get(body.data.url, { host: HOST_TWO })).status).toBe(404);

    for (const res of [
      await fetchRow(gw, 'coursewareDownload', { token, query: { id: courseware } }),
      await fetchRow(gw, 'resourceLibraryDownload', { token, query: { id: handbook, courseId: communication } }),
      await fetchRow(gw, 'coursewareWatermarkDownload', { token, query: { id: courseware } }),
    ]) {
      expect(res.status).toBe(200);
      const data = await bytes(res);
      expect(data).not.toEqual(await original());
      expect(await pdfText(data)).toContain('张伟 E1001');
    }
    // Through its resource id: the watermarked course wins over the open one that also offers it.
    const byResource = await gw.call<CoursewarePreview>('coursewarePreview', { token, query: { resourceId: handbook } });
    expect(parts(byResource.body.data.url).path).toMatch(/^\/files\//);
    const library = await fetchRow(gw, 'resourceLibraryDownload', { token, query: { id: handbook } });
    expect(await bytes(library)).not.toEqual(await original());
    // Another viewer gets their own name.
    const other = await gw.login('E1003');
    const theirs = (await gw.call<CoursewarePreview>('coursewarePreview', { token: other, query: { id: courseware } })).body.data;
    expect(await pdfText(await bytes(await get(theirs.url)))).toContain('王磊 E1003');
    expect(parts(theirs.url).path).not.toBe(p.path);
  });

  it('opens a PDF period as the stamped copy', async () => {
    const [item] = await gw.database.db
      .insert(courseItems)
      .values({ enterpriseId: eidOne, courseId: communication, sort: 99, nameZh: '企业文化手册', nameEn: 'Culture handbook', contentType: 2, resourceId: handbook })
      .returning();
    const { data } = await watch(item!.id, communication);
    expect(parts(data.url).path).toMatch(new RegExp(`^/files/${eidOne}/`));
    expect(await pdfText(await bytes(await get(data.url)))).toContain('张伟 E1001');
  });
});

describe('community pictures', () => {
  it('are signed for the company to anyone who may read the post, and an edit keeps them', async () => {
    const page = await gw.call<PageResult<PostItem>>('communityPostPage', { body: { pageCurrent: 1, pageSize: 50 } });
    const post = page.body.data.list.find((p) => p.images.some((url) => url.startsWith('/media/demo/guide-1.jpg')))!;
    for (const url of post.images) {
      expect(parts(url)).toMatchObject({ eid: eidOne, signed: true });
      expect((await get(url)).status).toBe(200);
    }
    const [row] = await gw.database.db.select().from(communityPosts).where(eq(communityPosts.id, post.id));
    expect(row!.images).toEqual(post.images.map((url) => parts(url).path));
    const detail = await gw.call<PostDetail>('communityPostView', { query: { id: post.id } });
    expect(detail.body.data.images.map((url) => parts(url).path)).toEqual(row!.images);

    // Its author (张伟) edits it and sends back the pictures as shown: they are kept, stored unsigned.
    const kept = detail.body.data.images.slice(1);
    const saved = await gw.call<PostDetail>('communityPostSave', {
      token,
      body: { id: post.id, kind: post.kind, title: post.title, content: detail.body.data.content, images: kept },
    });
    expect(saved.body.code).toBe(Code.OK);
    const [after] = await gw.database.db.select().from(communityPosts).where(eq(communityPosts.id, post.id));
    expect(after!.images).toEqual(kept.map((url) => parts(url).path));
  });
});
