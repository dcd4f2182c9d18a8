/**
 * What an uploaded file really is, judged by its first bytes and never by its name: the kind of
 * media, the extension to store it under and the type to serve it with. The name only decides
 * between formats the bytes cannot tell apart (an old Office file, an Office file in a ZIP, plain
 * text), and {@link sniffMismatch} says when the name claims a different kind of file.
 */

export type MediaKind = 'video' | 'audio' | 'image' | 'document' | 'archive';

export interface Sniffed {
  kind: MediaKind;
  /**
   * The canonical lower-case extension to store the file under: `mp4`, `mov`, `webm`, `mkv`,
   * `avi`, `flv`; `mp3`, `m4a`, `wav`, `ogg`, `flac`, `aac`; `png`, `jpg`, `gif`, `webp`; `pdf`,
   * `doc`, `xls`, `ppt`, `docx`, `xlsx`, `pptx`, `txt`; `zip`, `rar`, `7z`.
   */
  ext: string;
  /** The type to serve the file with; for text, with its charset (`utf-8` or `gb18030`). */
  contentType: string;
}

/** Every extension {@link sniff} answers, with its kind and content type. */
const TYPES: Record<string, [MediaKind, string]> = {
  mp4: ['video', 'video/mp4'],
  mov: ['video', 'video/quicktime'],
  webm: ['video', 'video/webm'],
  mkv: ['video', 'video/x-matroska'],
  avi: ['video', 'video/x-msvideo'],
  flv: ['video', 'video/x-flv'],
  mp3: ['audio', 'audio/mpeg'],
  m4a: ['audio', 'audio/mp4'],
  wav: ['audio', 'audio/wav'],
  ogg: ['audio', 'audio/ogg'],
  flac: ['audio', 'audio/flac'],
  aac: ['audio', 'audio/aac'],
  png: ['image', 'image/png'],
  jpg: ['image', 'image/jpeg'],
  gif: ['image', 'image/gif'],
  webp: ['image', 'image/webp'],
  pdf: ['document', 'application/pdf'],
  doc: ['document', 'application/msword'],
  xls: ['document', 'application/vnd.ms-excel'],
  ppt: ['document', 'application/vnd.ms-powerpoint'],
  docx: ['document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xlsx: ['document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  pptx: ['document', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  txt: ['document', 'text/plain; charset=utf-8'],
  zip: ['archive', 'application/zip'],
  rar: ['archive', 'application/vnd.rar'],
  '7z': ['archive', 'application/x-7z-compressed'],
};

/**
 * Extensions a name may carry for each stored extension. One container is one family: the brand
 * of an ISO media file (`isom`, `qt  `, `M4A `) and the DocType of a Matroska file say little
 * about the name the file was given, so `.mp4`, `.mov` and `.m4a` agree with one another, as do
 * `.mkv` and `.webm`.
 */
const FAMILIES: string[][] = [
  ['mp4', 'm4v', 'mov', 'qt', 'm4a', 'm4b', '3gp', '3g2', 'f4v'],
  ['mkv', 'mka', 'webm'],
  ['avi'],
  ['flv'],
  ['mp3', 'mp2', 'mpga'],
  ['wav', 'wave'],
  ['ogg', 'oga', 'ogv', 'opus'],
  ['flac'],
  ['aac'],
  ['png'],
  ['jpg', 'jpeg', 'jpe', 'jfif'],
  ['gif'],
  ['webp'],
  ['pdf'],
  ['doc'],
  ['xls'],
  ['ppt'],
  ['docx'],
  ['xlsx'],
  ['pptx'],
  ['txt'],
  ['zip'],
  ['rar'],
  ['7z'],
];
const FAMILY_OF = new Map(FAMILIES.flatMap((family, i) => family.map((ext) => [ext, i] as const)));

/** Major brands of ISO files that hold still images (HEIF, AVIF) or camera raws, not video. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis', 'crx ']);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const RAR = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07];
const SEVEN_ZIP = [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c];

/** The Office formats in a ZIP, each with the folder its parts live in. */
const OFFICE_ZIP: Record<string, string> = { docx: 'word/', xlsx: 'xl/', pptx: 'ppt/' };

function typed(ext: string, contentType?: string): Sniffed {
  const [kind, type] = TYPES[ext];
  return { kind, ext, contentType: contentType ?? type };
}

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
}

function ascii(head: Uint8Array, at: number, length: number): string {
  return at + length <= head.length ? String.fromCharCode(...head.subarray(at, at + length)) : '';
}

function contains(head: Uint8Array, text: string): boolean {
  return Buffer.from(head.buffer, head.byteOffset, head.byteLength).includes(text, 0, 'latin1');
}

/**
 * The extension of a file name: lower case, after the last dot of the base name, letters and
 * digits with at least one letter; undefined when the name has none (`README`, `.profile`,
 * `Chapter 1.2`).
 *
 * @example extensionOf('C:\\clips\\Intro.MP4') → 'mp4'; extensionOf('notes') → undefined
 */
function extensionOf(fileName: string): string | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1) : '';
  return /^[a-z0-9]*[a-z][a-z0-9]*$/i.test(ext) && ext.length <= 10 ? ext.toLowerCase() : undefined;
}

// Bit rates in kbit/s by [MPEG-1 or not][layer I, II, III][index]; sample rates by version.
const MPEG_KBPS = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
];
const MPEG_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/**
 * The length of the MPEG audio frame whose header is at `at`: 0 for a free-format frame, whose
 * length the header does not give, and undefined when there is no valid header there.
 */
function mpegFrameLength(head: Uint8Array, at: number): number | undefined {
  if (head.length < at + 4 || head[at] !== 0xff || (head[at + 1] & 0xe0) !== 0xe0) return undefined;
  const version = (head[at + 1] >> 3) & 3; // 0: MPEG-2.5, 1: reserved, 2: MPEG-2, 3: MPEG-1
  const layer = 4 - ((head[at + 1] >> 1) & 3); // 4 is the reserved value 0
  const rateIndex = (head[at + 2] >> 2) & 3;
  const bitrateIndex = head[at + 2] >> 4;
  if (version === 1 || layer === 4 || rateIndex === 3 || bitrateIndex === 15) return undefined;
  const kbps = MPEG_KBPS[version === 3 ? 0 : 1][layer - 1][bitrateIndex];
  if (kbps === 0) return 0;
  const rate = MPEG_RATES[version][rateIndex];
  const padding = (head[at + 2] >> 1) & 1;
  if (layer === 1) return (Math.floor((12 * kbps * 1000) / rate) + padding) * 4;
  const perFrame = layer === 3 && version !== 3 ? 72 : 144;
  return Math.floor((perFrame * kbps * 1000) / rate) + padding;
}

/** An MPEG audio frame at offset 0, followed by a matching one when the head reaches that far. */
function isMpegAudio(head: Uint8Array): boolean {
  const length = mpegFrameLength(head, 0);
  if (length === undefined) return false;
  if (length === 0 || head.length < length + 4) return true;
  // The next frame has the same version, layer and sample rate.
  return mpegFrameLength(head, length) !== undefined && (head[length + 1] & 0xfe) === (head[1] & 0xfe) && (head[length + 2] & 0x0c) === (head[2] & 0x0c);
}

/** An ADTS (raw AAC) frame at `at`, followed by another when the head reaches that far. */
function isAdts(head: Uint8Array, at = 0): boolean {
  const adtsAt = (i: number) => head.length >= i + 7 && head[i] === 0xff && (head[i + 1] & 0xf6) === 0xf0 && ((head[i + 2] >> 2) & 0x0f) < 13;
  if (!adtsAt(at)) return false;
  const length = ((head[at + 3] & 0x03) << 11) | (head[at + 4] << 3) | (head[at + 5] >> 5);
  if (length < 7) return false;
  return head.length < at + length + 7 || adtsAt(at + length);
}

/** What follows an ID3v2 tag: FLAC and raw AAC files carry one now and then, MP3 files mostly. */
function afterId3(head: Uint8Array): Sniffed {
  const size = ((head[6] & 0x7f) << 21) | ((head[7] & 0x7f) << 14) | ((head[8] & 0x7f) << 7) | (head[9] & 0x7f);
  const at = 10 + size + (head[5] & 0x10 ? 10 : 0);
  if (ascii(head, at, 4) === 'fLaC') return typed('flac');
  if (isAdts(head, at)) return typed('aac');
  return typed('mp3');
}

/** Control characters that have no place in plain text (all but tab, line and page breaks, SUB and ESC). */
function hasBinaryBytes(head: Uint8Array): boolean {
  return head.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0b && b !== 0x0c && b !== 0x0d && b !== 0x1a && b !== 0x1b);
}

/** Valid UTF-8, but for one character cut short at the end of the head. */
function isUtf8(head: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Bytes that read as GB18030 (one, two or four bytes a character), but for one character cut short at the end. */
function isGb18030(head: Uint8Array): boolean {
  const n = head.length;
  let i = 0;
  while (i < n) {
    const b = head[i];
    if (b < 0x80) {
      i += 1;
      continue;
    }
    if (b === 0x80 || b === 0xff) return false;
    if (i + 1 >= n) return true;
    const c = head[i + 1];
    if ((c >= 0x40 && c <= 0x7e) || (c >= 0x80 && c <= 0xfe)) {
      i += 2;
      continue;
    }
    if (c < 0x30 || c > 0x39) return false;
    if (i + 2 >= n) return true;
    if (head[i + 2] < 0x81 || head[i + 2] > 0xfe) return false;
    if (i + 3 >= n) return true;
    if (head[i + 3] < 0x30 || head[i + 3] > 0x39) return false;
    i += 4;
  }
  return true;
}

/** A ZIP container: an Office file when the name says one and the head shows its parts, else a plain archive. */
function zipType(head: Uint8Array, ext: string | undefined): Sniffed {
  const office = ext && OFFICE_ZIP[ext] ? ext : undefined;
  if (!office) return typed('zip');
  // A file renamed from another Office format shows that format's folder.
  const shown = Object.keys(OFFICE_ZIP).filter((kind) => contains(head, OFFICE_ZIP[kind]));
  if (shown.length === 1) return typed(shown[0]);
  if (shown.includes(office) || contains(head, '[Content_Types].xml')) return typed(office);
  return typed('zip');
}

/**
 * What a file is, from its first bytes (up to 4096 of them) and, only where the bytes cannot
 * tell, its name: an OLE compound file is a `doc`, `xls` or `ppt` when the name says which (and
 * nothing otherwise); a ZIP is a `docx`, `xlsx` or `pptx` when the name says so and the head
 * shows Office parts (`[Content_Types].xml`, `word/`, `xl/`, `ppt/`), and a plain `zip`
 * archive otherwise; text is recognised only in a `.txt` file (UTF-8, or GB18030, without
 * control characters). Undefined when the bytes are none of the formats of {@link Sniffed}'s
 * `ext`. The answer may disagree with the name (a PNG named `.mp4` is an image);
 * {@link sniffMismatch} says when.
 *
 * @example sniff(pngHead, 'photo.mp4') → { kind: 'image', ext: 'png', contentType: 'image/png' }
 * @example sniff(cfbHead, 'report.XLS') → { kind: 'document', ext: 'xls', contentType: 'application/vnd.ms-excel' }
 * @example sniff(mzHead, 'setup.exe') → undefined
 */
export function sniff(head: Uint8Array, fileName: string): Sniffed | undefined {
  if (head.length === 0) return undefined;
  const ext = extensionOf(fileName);

  if (ascii(head, 4, 4) === 'ftyp' && head.length >= 12) {
    const brand = ascii(head, 8, 4);
    if (IMAGE_BRANDS.has(brand)) return undefined;
    if (brand === 'M4A ' || brand === 'M4B ') return typed('m4a');
    return typed(brand === 'qt  ' ? 'mov' : 'mp4');
  }
  if (startsWith(head, EBML)) return typed(contains(head, 'webm') ? 'webm' : 'mkv');
  if (ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 4);
    if (form === 'AVI ') return typed('avi');
    if (form === 'WAVE') return typed('wav');
    if (form === 'WEBP') return typed('webp');
    return undefined;
  }
  if (ascii(head, 0, 3) === 'FLV' && head[3] === 0x01) return typed('flv');
  if (ascii(head, 0, 3) === 'ID3' && head.length >= 10 && head[3] >= 2 && head[3] <= 4) return afterId3(head);
  if (ascii(head, 0, 4) === 'OggS') return typed('ogg');
  if (ascii(head, 0, 4) === 'fLaC') return typed('flac');
  if (startsWith(head, PNG)) return typed('png');
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return typed('jpg');
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return typed('gif');
  if (ascii(head, 0, 5) === '%PDF-') return typed('pdf');
  if (isAdts(head)) return typed('aac');
  if (isMpegAudio(head)) return typed('mp3');
  if (startsWith(head, CFB)) return ext === 'doc' || ext === 'xls' || ext === 'ppt' ? typed(ext) : undefined;
  if (startsWith(head, ZIP)) return zipType(head, ext);
  if (startsWith(head, RAR)) return typed('rar');
  if (startsWith(head, SEVEN_ZIP)) return typed('7z');

  if (ext === 'txt' && !hasBinaryBytes(head)) {
    if (isUtf8(head)) return typed('txt');
    if (isGb18030(head)) return typed('txt', 'text/plain; charset=gb18030');
  }
  return undefined;
}

/**
 * Whether the name's extension claims a different kind of file than the content is: an
 * extension of another family, or one that names no format {@link sniff} knows. Extensions of
 * one container agree (`jpg`/`jpeg`, `mp4`/`m4v`/`mov`/`m4a`, `mkv`/`webm`, …); a name without
 * an extension never disagrees.
 *
 * @example sniffMismatch({ kind: 'image', ext: 'png', contentType: 'image/png' }, 'clip.mp4') → true
 * @example sniffMismatch({ kind: 'image', ext: 'jpg', contentType: 'image/jpeg' }, 'Photo.JPEG') → false
 * @example sniffMismatch({ kind: 'video', ext: 'mp4', contentType: 'video/mp4' }, 'clip') → false
 */
export function sniffMismatch(sniffed: Sniffed, fileName: string): boolean {
  const ext = extensionOf(fileName);
  if (ext === undefined) return false;
  const family = FAMILY_OF.get(ext);
  return family === undefined || family !== FAMILY_OF.get(sniffed.ext);
}
