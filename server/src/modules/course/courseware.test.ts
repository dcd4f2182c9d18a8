import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { Courseware, CoursewarePreview, CourseResourceItem } from '@/api/learning-types';
import { mediaFile } from '../../files/media';
import { localFileStore } from '../../files/store';
import { createTestApp, signedPathOf, type TestGateway } from '../../testing';
import { attachmentHeader, contentTypeOf } from '../../files/resources';
import { courseId, coursewareOf, fetchRow } from './test-support';

let gw: TestGateway;
let token: string;
let onboarding: string;
/** The file store, where stamped copies are kept. */
let store: string;
beforeAll(async () => {
  store = await mkdtemp(join(tmpdir(), 'xt-courseware-'));
  gw = await createTestApp({ files: localFileStore(store) });
  token = await gw.login('E1001');
  onboarding = await courseId(gw, '新员工入职培训');
});
afterAll(async () => {
  await gw?.close();
  await rm(store, { recursive: true, force: true });
});

const diskBytes = async (url: string) => new Uint8Array(await readFile(mediaFile(url)!));
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const preview = async (query: Record<string, string>) => {
  const { body } = await gw.call<CoursewarePreview>('coursewarePreview', { token, query });
  expect(body.code).toBe(Code.OK);
  return body.data;
};
/** The text pdf.js finds on each page of a PDF. */
async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // Verbosity 0: the demo PDF's standard fonts need no font data to read their text.
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await task.destroy();
  return pages;
}

describe('helpers', () => {
  it('names files for download and types them by extension', () => {
    expect(attachmentHeader('企业文化手册.pdf')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('企业文化手册.pdf')}`);
    expect(attachmentHeader("a'b (1).txt")).toBe("attachment; filename*=UTF-8''a%27b%20%281%29.txt");
    expect(contentTypeOf('考勤制度.XLSX')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(contentTypeOf('a.unknown')).toBe('application/octet-stream');
  });
});

describe('courseware list', () => {
  it('lists the course\'s files with what can be done with each', async () => {
    const { body } = await gw.call<Courseware[]>('coursewareList', { token, query: { courseId: onboarding } });
    expect(body.code).toBe(Code.OK);
    expect(body.data.map((c) => [c.fileName, c.previewable, c.watermarkable])).toEqual([
      ['企业文化手册.pdf', true, true],
      ['考勤制度.xlsx', true, false],
      ['员工手册.docx', false, false],
      ['公司介绍.pptx', false, false],
      ['报到须知.txt', true, false],
      ['入职资料包.zip', false, false],
    ]);
    for (const item of body.data) expect(item.size).toBeGreaterThan(0);
    expect(body.data[0]).toMatchObject({ name: '企业文化手册', resourceType: 4 });
    expect(body.data[5]!.resourceType).toBe(6);
    const en = await gw.call<Courseware[]>('coursewareList', { token, lang: 'en', query: { courseId: onboarding } });
    expect(en.body.data[0]!.name).toBe('Culture handbook');
    const none = await gw.call<Courseware[]>('coursewareList', { token, query: { courseId: await courseId(gw, '时间管理') } });
    expect(none.body.data).toEqual([]);
  });
});

describe('downloads', () => {
  it('answers a courseware file byte for byte with its type and name', async () => {
    for (const fileName of ['企业文化手册.pdf', '考勤制度.xlsx', '报到须知.txt', '入职资料包.zip']) {
      const { id, resource } = await coursewareOf(gw, onboarding, fileName);
      const res = await fetchRow(gw, 'coursewareDownload', { token, query: { id } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(contentTypeOf(fileName));
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
      const bytes = await bytesOf(res);
      expect(bytes).toEqual(await diskBytes(resource.url));
      expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
    }
    const pdf = await coursewareOf(gw, onboarding, '企业文化手册.pdf');
    const res = await fetchRow(gw, 'coursewareDownload', { token, query: { id: pdf.id } });
    expect(res.headers.get('content-type')).toBe('application/pdf');
  });

  it('answers a period\'s resource from the resource library', async () => {
    const tree = (await gw.call<CourseResourceItem[]>('chapterPeriodList', { token, query: { courseId: onboarding } })).body.data;
    const [video, handbook] = tree[0]!.subTrainingProgress;
    const res = await fetchRow(gw, 'resourceLibraryDownload', { token, query: { id: handbook!.resourceId! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await bytesOf(res)).toEqual(await diskBytes('/media/demo/handbook.pdf'));
    const mp4 = await fetchRow(gw, 'resourceLibraryDownload', { token, query: { id: video!.resourceId!, courseId: onboarding } });
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
    expect((await bytesOf(mp4)).byteLength).toBeGreaterThan(1000);
    // Asked through a course that does not use it: not found.
    const elsewhere = await gw.call('resourceLibraryDownload', {
      token,
      query: { id: video!.resourceId!, courseId: await courseId(gw, '时间管理') },
    });
    expect(elsewhere.body.code).toBe(Code.NOT_FOUND);
  });

  it('refuses the resource of a removed course', async () => {
    const removed = await courseId(gw, '旧版安全规范');
    const [row] = await gw.database.db.query.courseItems.findMany({
      where: (item, { and, eq, isNotNull }) => and(eq(item.courseId, removed), isNotNull(item.resourceId)),
    });
    const zh = await gw.call('resourceLibraryDownload', { token, query: { id: row!.resourceId! } });
    expect(zh.body).toMatchObject({ code: Code.FORBIDDEN, msg: '课程已下架' });
    const en = await gw.call('resourceLibraryDownload', { token, lang: 'en', query: { id: row!.resourceId! } });
    expect(en.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'The course has been removed' });
  });

  it('answers not found for unknown ids and 422 for malformed ones', async () => {
    for (const name of ['coursewareDownload', 'coursewareWatermarkDownload', 'resourceLibraryDownload'] as const) {
      expect((await gw.call(name, { token, query: { id: crypto.randomUUID() } })).body.code).toBe(Code.NOT_FOUND);
      expect((await gw.call(name, { token, query: { id: '../../etc/passwd' } })).body.code).toBe(Code.INVALID);
      expect((await gw.call(name, { token })).body.code).toBe(Code.INVALID);
    }
  });
});

describe('watermarked download', () => {
  it('stamps the viewer on every page of a PDF', async () => {
    const { id, resource } = await coursewareOf(gw, onboarding, '企业文化手册.pdf');
    const res = await fetchRow(gw, 'coursewareWatermarkDownload', { token, query: { id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('企业文化手册.pdf')}`);
    const stamped = await bytesOf(res);
    const original = await diskBytes(resource.url);
    expect(new TextDecoder().decode(stamped.slice(0, 5))).toBe('%PDF-');
    expect(stamped).not.toEqual(original);
    const [before, after] = await Promise.all([PDFDocument.load(original), PDFDocument.load(stamped)]);
    expect(after.getPageCount()).toBe(before.getPageCount());
    expect(after.getPageCount()).toBeGreaterThan(1);
    const pages = await pdfText(stamped);
    for (const text of pages) expect(text).toContain('张伟 E1001');
    // Someone else gets their own name.
    const theirs = await fetchRow(gw, 'coursewareWatermarkDownload', { token: await gw.login('E1003'), query: { id } });
    expect((await pdfText(await bytesOf(theirs)))[0]).toContain('王磊 E1003');
  });

  it('refuses files that are not PDF', async () => {
    const { id } = await coursewareOf(gw, onboarding, '员工手册.docx');
    const { body } = await gw.call('coursewareWatermarkDownload', { token, query: { id } });
    expect(body).toMatchObject({ code: Code.INVALID, msg: '只有 PDF 课件可以下载水印版' });
  });
});

describe('preview', () => {
  it('gives the URL of a PDF and paragraphs of text and spreadsheets', async () => {
    const pdf = await coursewareOf(gw, onboarding, '企业文化手册.pdf');
    const shown = await preview({ id: pdf.id });
    expect({ ...shown, url: signedPathOf(shown.url) }).toEqual({ kind: 'pdf', url: pdf.resource.url, fileName: '企业文化手册.pdf', paragraphs: [] });

    const txt = await coursewareOf(gw, onboarding, '报到须知.txt');
    const text = await preview({ id: txt.id });
    const lines = new TextDecoder()
      .decode(await diskBytes(txt.resource.url))
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .map((l) => l.trimEnd())
      .filter((l) => l.trim() !== '');
    expect(text).toMatchObject({ kind: 'text', fileName: '报到须知.txt' });
    expect(text.paragraphs).toEqual(lines);
    expect(text.paragraphs.length).toBeGreaterThan(0);

    const xlsx = await coursewareOf(gw, onboarding, '考勤制度.xlsx');
    const sheet = await preview({ id: xlsx.id });
    expect(sheet.kind).toBe('text');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(mediaFile(xlsx.resource.url)!);
    const firstRow = workbook.worksheets[0]!.getRow(1);
    const cells: string[] = [];
    firstRow.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text.trim()));
    expect(sheet.paragraphs).toContain(cells.join('\t'));
    expect(sheet.paragraphs.some((p) => p.includes('\t'))).toBe(true);
  });

  it('offers docx, pptx and zip for download only', async () => {
    for (const fileName of ['员工手册.docx', '公司介绍.pptx', '入职资料包.zip']) {
      const { id } = await coursewareOf(gw, onboarding, fileName);
      expect(await preview({ id })).toEqual({ kind: 'none', url: '', fileName, paragraphs: [] });
    }
  });

  it('previews a period\'s resource by its id: video, audio, image, pdf', async () => {
    const tree = (await gw.call<CourseResourceItem[]>('chapterPeriodList', { token, query: { courseId: onboarding } })).body.data;
    const [video, handbook, audio, image] = tree[0]!.subTrainingProgress;
    expect((await preview({ resourceId: video!.resourceId! })).kind).toBe('video');
    expect((await preview({ resourceId: handbook!.resourceId!, courseId: onboarding })).kind).toBe('pdf');
    const sound = await preview({ resourceId: audio!.resourceId! });
    expect(sound.kind).toBe('audio');
    expect(signedPathOf(sound.url)).toBe('/media/demo/company.m4a');
    const picture = await preview({ resourceId: image!.resourceId! });
    expect(picture.kind).toBe('image');
    expect(signedPathOf(picture.url)).toBe('/media/demo/floor-plan.png');
    const txt = tree[1]!.subTrainingProgress.find((p) => p.fileName === '报到须知.txt')!;
    expect((await preview({ resourceId: txt.resourceId! })).paragraphs.length).toBeGreaterThan(0);
  });

  it('needs an id and answers not found for unknown ones', async () => {
    expect((await gw.call('coursewarePreview', { token })).body.code).toBe(Code.INVALID);
    expect((await gw.call('coursewarePreview', { token, query: { id: 'x' } })).body.code).toBe(Code.INVALID);
    expect((await gw.call('coursewarePreview', { token, query: { id: crypto.randomUUID() } })).body.code).toBe(Code.NOT_FOUND);
    expect((await gw.call('coursewarePreview', { token, query: { resourceId: crypto.randomUUID() } })).body.code).toBe(Code.NOT_FOUND);
  });
});
