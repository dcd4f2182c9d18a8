/**
 * The files behind resources: where a resource's bytes are (demo media under `/media/…`, or the
 * file store under `/files/<key>`), answering them as a download, stamping a PDF with the
 * viewer, and turning text and spreadsheets into paragraphs for the preview.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { degrees, PDFDocument, rgb, type PDFFont } from '@cantoo/pdf-lib';
import fontkit from '@cantoo/fontkit';
import ExcelJS from 'exceljs';
import type { CoursewarePreview } from '@/api/learning-types';
import { fileExtension } from '@/lib/doc-kind';
import { mediaFile } from './media';
import { contentTypeOf } from './types';
import type { FileStore } from './store';
import { isFileKey } from './store';
import type { ResourceRow } from '../db/access/courses';
import { inLang } from '../localized';

export { contentTypeOf };

/**
 * A `Content-Disposition` value that keeps a non-ASCII file name (RFC 6266 / RFC 5987).
 *
 * @example attachmentHeader('手册.pdf') → "attachment; filename*=UTF-8''%E6%89%8B%E5%86%8C.pdf"
 */
export function attachmentHeader(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*!]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}`;
}

/** The URL of a resource's downloadable file: its own, or the MP4 source of a streamed video. */
export function fileUrlOf(resource: ResourceRow): string {
  const own = resource.url.trim();
  if (own && fileExtension(own) !== 'm3u8') return own;
  return resource.playUrls.find((p) => p.type === 'mp4' || fileExtension(p.url) === 'mp4')?.url ?? own;
}

/** The name a resource's file is offered under. */
export function downloadNameOf(resource: ResourceRow, lang: 'zh' | 'en'): string {
  if (resource.fileName) return resource.fileName;
  const url = fileUrlOf(resource);
  const ext = fileExtension(url);
  const name = inLang(lang, resource.nameZh, resource.nameEn);
  return ext ? `${name}.${ext}` : name;
}

export interface OpenedFile {
  size: number;
  stream(): ReadableStream<Uint8Array>;
  bytes(): Promise<Uint8Array>;
}

/** The file behind a resource URL (`/media/…` or `/files/<key>`), or undefined when there is none. */
export async function openFile(files: FileStore, url: string): Promise<OpenedFile | undefined> {
  const path = url.split(/[?#]/)[0]!;
  if (path.startsWith('/files/')) {
    const key = path.slice('/files/'.length);
    if (!isFileKey(key)) return undefined;
    const stored = await files.get(key);
    if (!stored) return undefined;
    let body: ReadableStream<Uint8Array> | undefined = stored.body;
    const take = () => {
      if (!body) throw new Error('The stored file was read already');
      const once = body;
      body = undefined;
      return once;
    };
    return {
      size: stored.size,
      stream: take,
      bytes: async () => new Uint8Array(await new Response(take()).arrayBuffer()),
    };
  }
  const local = path.startsWith('/media/') ? mediaFile(path) : undefined;
  if (!local) return undefined;
  const stats = await stat(local).catch(() => undefined);
  if (!stats?.isFile()) return undefined;
  return {
    size: stats.size,
    stream: () => Readable.toWeb(createReadStream(local)) as ReadableStream<Uint8Array>,
    bytes: async () => new Uint8Array(await readFile(local)),
  };
}

/** A download response: the bytes with their content type, length and file name. */
export function downloadResponse(body: ReadableStream<Uint8Array> | Uint8Array, size: number, fileName: string): Response {
  return new Response(body as BodyInit, {
    status: 200,
    headers: {
      'Content-Type': contentTypeOf(fileName),
      'Content-Length': String(size),
      'Content-Disposition': attachmentHeader(fileName),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

// ---- watermark

let cjkFont: Promise<Uint8Array> | undefined;

/**
 * The Simplified Chinese font the watermark is drawn with: Noto Sans SC from the
 * `@embedpdf/fonts-sc` package, else Debian's Noto CJK collection.
 */
export function loadCjkFont(): Promise<Uint8Array> {
  cjkFont ??= (async () => {
    const candidates: string[] = [];
    try {
      const main = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
      candidates.push(join(dirname(main), '..', 'fonts', 'NotoSansHans-Regular.otf'));
    } catch {
      // Not installed: the system font below.
    }
    candidates.push('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');
    for (const path of candidates) {
      const bytes = await readFile(path).catch(() => undefined);
      if (bytes) return new Uint8Array(bytes);
    }
    cjkFont = undefined;
    throw new Error(
      'No CJK font for PDF watermarks: install the npm package @embedpdf/fonts-sc or the Debian package fonts-noto-cjk',
    );
  })();
  return cjkFont;
}

/**
 * A copy of a PDF with `text` stamped diagonally and lightly across every page.
 *
 * @example await watermarkPdf(bytes, '张伟 E1001')
 */
export async function watermarkPdf(bytes: Uint8Array, text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true });
  pdf.registerFontkit(fontkit);
  const font: PDFFont = await pdf.embedFont(await loadCjkFont(), { subset: true });
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    const size = Math.max(14, Math.min(width, height) / 18);
    const textWidth = font.widthOfTextAtSize(text, size);
    // A grid of stamps, so cropping or covering one part of the page leaves others.
    const stepX = textWidth + size * 4;
    const stepY = size * 7;
    for (let y = -height; y < height * 1.5; y += stepY) {
      for (let x = -width / 2; x < width; x += stepX) {
        page.drawText(text, {
          x,
          y,
          size,
          font,
          color: rgb(0.55, 0.55, 0.55),
          opacity: 0.18,
          rotate: degrees(30),
        });
      }
    }
  }
  return pdf.save();
}

// ---- pages

/**
 * The number of pages of a PDF, or 0 when the bytes are not a PDF that can be read.
 *
 * @example await pdfPageCount(await readFile('handbook.pdf')) → 3
 */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return pdf.getPageCount();
  } catch {
    return 0;
  }
}

// ---- preview

/** Most paragraphs a text preview carries; longer files are cut. */
export const PREVIEW_MAX_PARAGRAPHS = 2000;

/**
 * How a file is shown in the page, by its name: pdf.js, an image, a player, text paragraphs
 * (txt, csv, spreadsheets), or not at all (download only).
 */
export function previewKindOf(fileName: string, resourceType: number): CoursewarePreview['kind'] | 'sheet' {
  const ext = fileExtension(fileName);
  if (ext === 'pdf') return 'pdf';
  if (ext === 'txt' || ext === 'csv') return 'text';
  if (ext === 'xlsx') return 'sheet';
  if (resourceType === 5 || ['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ext)) return 'image';
  if (resourceType === 2 || ['mp4', 'm3u8', 'webm'].includes(ext)) return 'video';
  if (resourceType === 3 || ['m4a', 'mp3', 'aac', 'wav', 'ogg'].includes(ext)) return 'audio';
  return 'none';
}

/** The non-empty lines of a UTF-8 text. */
export function textParagraphs(bytes: Uint8Array): string[] {
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, PREVIEW_MAX_PARAGRAPHS);
}

/** One paragraph per non-empty row of every sheet, cells joined by tabs; sheet names head their rows when there are several. */
export async function sheetParagraphs(bytes: Uint8Array): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  const several = workbook.worksheets.length > 1;
  const paragraphs: string[] = [];
  for (const sheet of workbook.worksheets) {
    if (several) paragraphs.push(sheet.name);
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let i = 1; i <= row.cellCount; i++) cells.push(row.getCell(i).text.trim());
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      if (cells.length > 0) paragraphs.push(cells.join('\t'));
    });
  }
  return paragraphs.slice(0, PREVIEW_MAX_PARAGRAPHS);
}
