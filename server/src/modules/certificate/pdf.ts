/**
 * The certificate as a landscape A4 PDF in the company's branding: its logo (PNG or JPEG) and
 * name, borders and the certificate's name in its primary colour; the holder, what granted it,
 * the dates, the issue way, the verification code and a QR code of the public verification
 * page. Text is drawn with a subset of the CJK font the courseware watermark uses, so Chinese
 * stays selectable and searchable.
 */
import fontkit from '@cantoo/fontkit';
import { PDFDocument, rgb, type Color, type PDFFont, type PDFImage, type PDFPage } from '@cantoo/pdf-lib';
import QRCode from 'qrcode';
import type { IssueWayValue } from '@/api/certificate-types';
import type { Locale } from '@/i18n/routes';
import { t } from '../../i18n';
import { loadCjkFont } from '../../files/resources';
import { EXPORT_TIME_ZONE } from '../../exports';

/** A logo the PDF can carry. */
export interface LogoImage {
  bytes: Uint8Array;
  type: 'png' | 'jpg';
}

export interface CertificatePdfInput {
  lang: Locale;
  companyName: string;
  /** `#rrggbb`; anything else falls back to a neutral blue. */
  primaryColor: string;
  logo?: LogoImage | undefined;
  holderName: string;
  certificateName: string;
  source: { type: 'course' | 'project'; name: string } | null;
  issuedAt: Date;
  expiresAt: Date | null;
  issueWay: IssueWayValue;
  code: string;
  /** The public verification page of this code; no QR code without it. */
  verifyUrl?: string | undefined;
}

// A4 landscape, in points.
const WIDTH = 841.89;
const HEIGHT = 595.28;
const MARGIN = 70;
const QR_SIZE = 92;

const INK = rgb(0.11, 0.12, 0.15);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.82, 0.84, 0.87);

/** The primary colour as a PDF colour, darkened when too light to read on white. */
export function brandColor(hex: string): Color {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  const [r, g, b] = match ? match.slice(1).map((h) => parseInt(h, 16) / 255) : [0.11, 0.31, 0.85];
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  const k = luminance > 0.55 ? 0.55 / luminance : 1;
  return rgb(r! * k, g! * k, b! * k);
}

/**
 * A date as the certificate prints it, in the companies' time zone.
 *
 * @example certificateDate(new Date('2026-05-01T02:00:00Z'), 'en') → '1 May 2026'
 */
export function certificateDate(date: Date, lang: Locale): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', {
    timeZone: EXPORT_TIME_ZONE,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(date);
}

/** Words, single CJK characters and runs of spaces: the places a line may break. */
const BREAKS = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+|\s+/g;

/**
 * `text` at the largest size from `size` down to `minSize` that fits `maxWidth` on one line;
 * at the smallest size it wraps onto at most `maxLines` lines, the last ending in '…'.
 */
export function fitText(
  font: PDFFont,
  text: string,
  maxWidth: number,
  size: number,
  minSize: number,
  maxLines = 2,
): { size: number; lines: string[] } {
  for (let s = size; s >= minSize; s -= 1) {
    if (font.widthOfTextAtSize(text, s) <= maxWidth) return { size: s, lines: [text] };
  }
  const width = (line: string) => font.widthOfTextAtSize(line, minSize);
  const lines: string[] = [];
  let line = '';
  for (const token of text.match(BREAKS) ?? []) {
    for (const piece of width(token) > maxWidth ? Array.from(token) : [token]) {
      if (line && width(line + piece) > maxWidth) {
        lines.push(line.trimEnd());
        line = piece.trimStart();
      } else {
        line += piece;
      }
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  if (lines.length > maxLines) {
    let last = lines[maxLines - 1]!;
    while (last && width(`${last}…`) > maxWidth) last = Array.from(last).slice(0, -1).join('');
    lines.splice(maxLines - 1, lines.length, `${last}…`);
  }
  return { size: minSize, lines };
}

interface Writer {
  page: PDFPage;
  font: PDFFont;
}

type Align = 'left' | 'center' | 'right';

/** Draws one line at `x` (its left, centre or right edge), baseline `y`. */
function line({ page, font }: Writer, text: string, x: number, y: number, size: number, color: Color, align: Align = 'left') {
  const width = font.widthOfTextAtSize(text, size);
  const left = align === 'center' ? x - width / 2 : align === 'right' ? x - width : x;
  page.drawText(text, { x: left, y, size, font, color });
}

/** Draws fitted text from baseline `y` down; answers the baseline of its last line. */
function block(w: Writer, text: string, x: number, y: number, fit: [maxWidth: number, size: number, minSize: number, maxLines?: number], color: Color, align: Align) {
  const { size, lines } = fitText(w.font, text, ...fit);
  lines.forEach((l, i) => line(w, l, x, y - i * size * 1.3, size, color, align));
  return y - (lines.length - 1) * size * 1.3;
}

function drawFrame(page: PDFPage, brand: Color) {
  page.drawRectangle({ x: 18, y: 18, width: WIDTH - 36, height: HEIGHT - 36, borderColor: brand, borderWidth: 2.5 });
  page.drawRectangle({ x: 26, y: 26, width: WIDTH - 52, height: HEIGHT - 52, borderColor: brand, borderWidth: 0.75, borderOpacity: 0.6 });
  page.drawRectangle({ x: 26, y: HEIGHT - 34, width: WIDTH - 52, height: 8, color: brand, opacity: 0.12 });
}

function drawHeader(w: Writer, input: CertificatePdfInput, logo: PDFImage | undefined) {
  let x = MARGIN;
  const middle = HEIGHT - 74;
  if (logo) {
    const scale = Math.min(40 / logo.height, 150 / logo.width);
    const width = logo.width * scale;
    const height = logo.height * scale;
    w.page.drawImage(logo, { x, y: middle - height / 2, width, height });
    x += width + 12;
  }
  block(w, input.companyName, x, middle - 5, [WIDTH - MARGIN - x, 15, 10], INK, 'left');
}

function drawBody(w: Writer, input: CertificatePdfInput, brand: Color) {
  const { lang } = input;
  const centre = WIDTH / 2;
  line(w, t(lang, 'certificate.pdf.heading'), centre, HEIGHT - 158, 36, brand, 'center');
  w.page.drawLine({ start: { x: centre - 30, y: HEIGHT - 174 }, end: { x: centre + 30, y: HEIGHT - 174 }, thickness: 1.5, color: brand });
  line(w, t(lang, 'certificate.pdf.certify'), centre, HEIGHT - 212, 13, MUTED, 'center');
  const nameY = block(w, input.holderName, centre, HEIGHT - 258, [560, 30, 18, 1], INK, 'center');
  w.page.drawLine({ start: { x: centre - 150, y: nameY - 12 }, end: { x: centre + 150, y: nameY - 12 }, thickness: 0.75, color: RULE });
  line(w, t(lang, 'certificate.pdf.awarded'), centre, nameY - 44, 13, MUTED, 'center');
  const titleY = block(w, input.certificateName, centre, nameY - 84, [620, 24, 15], brand, 'center');
  if (input.source) {
    const key = input.source.type === 'course' ? 'certificate.pdf.course' : 'certificate.pdf.project';
    block(w, t(lang, key, { name: input.source.name }), centre, titleY - 30, [620, 12, 9], MUTED, 'center');
  }
}

function drawDetails(w: Writer, input: CertificatePdfInput) {
  const { lang } = input;
  const rows: [string, string][] = [
    [t(lang, 'certificate.pdf.issuedAt'), certificateDate(input.issuedAt, lang)],
    [
      t(lang, 'certificate.pdf.expiresAt'),
      input.expiresAt ? certificateDate(input.expiresAt, lang) : t(lang, 'certificate.pdf.longTerm'),
    ],
    [t(lang, 'certificate.pdf.issueWay'), t(lang, input.issueWay === 2 ? 'certificate.pdf.way.2' : 'certificate.pdf.way.1')],
    [t(lang, 'certificate.pdf.code'), input.code],
  ];
  const size = 10.5;
  const labelWidth = Math.max(...rows.map(([label]) => w.font.widthOfTextAtSize(label, size))) + 14;
  rows.forEach(([label, value], i) => {
    const y = 150 - i * 22;
    line(w, label, MARGIN, y, size, MUTED);
    line(w, value, MARGIN + labelWidth, y, size, INK);
  });
  const centre = WIDTH / 2;
  line(w, t(lang, 'certificate.pdf.issuer'), centre, 112, 10, MUTED, 'center');
  block(w, input.companyName, centre, 90, [220, 14, 9, 1], INK, 'center');
}

async function drawQr(pdf: PDFDocument, w: Writer, input: CertificatePdfInput) {
  if (!input.verifyUrl) return;
  const png = await QRCode.toBuffer(input.verifyUrl, { errorCorrectionLevel: 'M', margin: 1, width: 276 });
  const image = await pdf.embedPng(new Uint8Array(png));
  const right = WIDTH - MARGIN;
  w.page.drawImage(image, { x: right - QR_SIZE, y: 72, width: QR_SIZE, height: QR_SIZE });
  line(w, t(input.lang, 'certificate.pdf.scan'), right - QR_SIZE / 2, 60, 8.5, MUTED, 'center');
  block(w, input.verifyUrl, right, 46, [300, 7, 5, 1], MUTED, 'right');
}

/**
 * The certificate PDF.
 *
 * @example await certificatePdf({ lang: 'zh', companyName: '星辰科技', holderName: '张伟', … })
 */
export async function certificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(await loadCjkFont(), { subset: true });
  const brand = brandColor(input.primaryColor);
  const logo = input.logo
    ? await (input.logo.type === 'png' ? pdf.embedPng(input.logo.bytes) : pdf.embedJpg(input.logo.bytes)).catch(() => undefined)
    : undefined;
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const w: Writer = { page, font };

  drawFrame(page, brand);
  drawHeader(w, input, logo);
  drawBody(w, input, brand);
  drawDetails(w, input);
  await drawQr(pdf, w, input);

  pdf.setTitle(`${input.certificateName} · ${input.holderName}`);
  pdf.setAuthor(input.companyName);
  pdf.setSubject(t(input.lang, 'certificate.pdf.heading'));
  pdf.setKeywords([input.code]);
  pdf.setLanguage(input.lang === 'en' ? 'en' : 'zh-CN');
  pdf.setCreator('Xuetang');
  return pdf.save();
}
