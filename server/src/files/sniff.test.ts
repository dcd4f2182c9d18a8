import { execFile } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolAvailable } from './ffmpeg';
import { sniff, sniffMismatch, type Sniffed } from './sniff';

const hasFfmpeg = await toolAvailable('ffmpeg');

/** Bytes from strings (one byte a character) and byte lists, padded with zeros to `length`. */
function bytes(parts: (string | number[])[], length = 0): Uint8Array {
  const list = parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part));
  const out = new Uint8Array(Math.max(length, list.length));
  out.set(list);
  return out;
}

/** The same bytes every run, from a small xorshift generator. */
function noise(length: number, seed = 0x2545f491): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** A ZIP local file header naming `name`, followed by a few bytes of its content. */
function zipEntry(name: string): number[] {
  return [...bytes(['PK', [3, 4, 20, 0, 0, 0, 8, 0], [0, 0, 0, 0], [0, 0, 0, 0], [10, 0, 0, 0], [20, 0, 0, 0], [name.length, 0, 0, 0], name, 'xxxxxxxxxx'])];
}

/** An MPEG-1 layer III frame header (128 kbit/s, 44.1 kHz): frames of 417 bytes. */
const MP3_FRAME = [0xff, 0xfb, 0x90, 0x64];

/** An ADTS frame of `length` bytes (AAC LC, 44.1 kHz). */
function adtsFrame(length: number): number[] {
  return [...bytes([[0xff, 0xf1, 0x50, 0x80 | ((length >> 11) & 3), (length >> 3) & 0xff, ((length & 7) << 5) | 0x1f, 0xfc]], length)];
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...bytes(['IHDR'])];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const MZ = bytes(['MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff], 'This program cannot be run in DOS mode.'], 256);

const is = (ext: string, kind: Sniffed['kind']) => expect.objectContaining({ ext, kind });

describe('sniff', () => {
  it('tells ISO media files by brand', () => {
    const ftyp = (brand: string) => bytes([[0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 2, 0], 'isomiso2'], 64);
    for (const brand of ['isom', 'mp41', 'mp42', 'avc1', 'iso2', 'M4V ', '3gp4']) expect(sniff(ftyp(brand), 'a.mp4'), brand).toEqual(is('mp4', 'video'));
    expect(sniff(ftyp('qt  '), 'a.mov')).toEqual({ kind: 'video', ext: 'mov', contentType: 'video/quicktime' });
    expect(sniff(ftyp('M4A '), 'a.m4a')).toEqual({ kind: 'audio', ext: 'm4a', contentType: 'audio/mp4' });
    expect(sniff(ftyp('M4B '), 'a.m4b')).toEqual(is('m4a', 'audio'));
    // Still images in the same box structure are no video.
    for (const brand of ['heic', 'mif1', 'avif']) expect(sniff(ftyp(brand), 'a.mp4'), brand).toBeUndefined();
  });

  it('tells Matroska from WebM by the DocType', () => {
    const ebml = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82];
    expect(sniff(bytes([ebml, [0x84], 'webm'], 64), 'a.webm')).toEqual({ kind: 'video', ext: 'webm', contentType: 'video/webm' });
    expect(sniff(bytes([ebml, [0x88], 'matroska'], 64), 'a.mkv')).toEqual({ kind: 'video', ext: 'mkv', contentType: 'video/x-matroska' });
  });

  it('tells RIFF files by their form', () => {
    expect(sniff(bytes(['RIFF', [0x24, 0, 0, 0], 'AVI LIST'], 64), 'a.avi')).toEqual(is('avi', 'video'));
    expect(sniff(bytes(['RIFF', [0x24, 0, 0, 0], 'WAVEfmt '], 64), 'a.wav')).toEqual({ kind: 'audio', ext: 'wav', contentType: 'audio/wav' });
    expect(sniff(bytes(['RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '], 64), 'a.webp')).toEqual({ kind: 'image', ext: 'webp', contentType: 'image/webp' });
    expect(sniff(bytes(['RIFF', [0x24, 0, 0, 0], 'RMIDdata'], 64), 'a.mid')).toBeUndefined();
  });

  it('knows FLV, Ogg and FLAC', () => {
    expect(sniff(bytes(['FLV', [1, 5, 0, 0, 0, 9]], 32), 'a.flv')).toEqual({ kind: 'video', ext: 'flv', contentType: 'video/x-flv' });
    expect(sniff(bytes(['OggS', [0, 2]], 64), 'a.ogg')).toEqual({ kind: 'audio', ext: 'ogg', contentType: 'audio/ogg' });
    expect(sniff(bytes(['fLaC', [0, 0, 0, 0x22]], 64), 'a.flac')).toEqual({ kind: 'audio', ext: 'flac', contentType: 'audio/flac' });
  });

  it('knows MP3 by its ID3 tag or by two frames in a row', () => {
    const id3 = bytes(['ID3', [4, 0, 0, 0, 0, 0, 10], 'TIT2', [0, 0, 0, 0]], 20);
    expect(sniff(bytes([[...id3], MP3_FRAME], 64), 'a.mp3')).toEqual({ kind: 'audio', ext: 'mp3', contentType: 'audio/mpeg' });
    // What follows the tag decides for FLAC and raw AAC carrying one.
    expect(sniff(bytes([[...id3], 'fLaC', [0, 0, 0, 0x22]], 64), 'a.flac')).toEqual(is('flac', 'audio'));
    expect(sniff(bytes([[...id3], adtsFrame(20), adtsFrame(20)], 64), 'a.aac')).toEqual(is('aac', 'audio'));

    const twoFrames = bytes([[...bytes([MP3_FRAME], 417)], MP3_FRAME], 900);
    expect(sniff(twoFrames, 'a.mp3')).toEqual(is('mp3', 'audio'));
    expect(sniff(bytes([MP3_FRAME], 100), 'a.mp3')).toEqual(is('mp3', 'audio'));
    // A frame header whose next frame is not there is chance, not MP3.
    expect(sniff(bytes([MP3_FRAME], 900), 'a.mp3')).toBeUndefined();
    // Reserved version, layer, bit rate or sample rate.
    for (const header of [
      [0xff, 0xeb, 0x90, 0x64],
      [0xff, 0xf9, 0x90, 0x64],
      [0xff, 0xfb, 0xf0, 0x64],
      [0xff, 0xfb, 0x9c, 0x64],
    ]) {
      expect(sniff(bytes([header], 100), 'a.mp3'), header.join()).toBeUndefined();
    }
  });

  it('knows raw AAC by its ADTS frames', () => {
    expect(sniff(bytes([adtsFrame(300), adtsFrame(300)]), 'a.aac')).toEqual({ kind: 'audio', ext: 'aac', contentType: 'audio/aac' });
    expect(sniff(bytes([adtsFrame(300)], 600), 'a.aac')).toBeUndefined();
  });

  it('knows PNG, JPEG, GIF and PDF', () => {
    expect(sniff(bytes([PNG], 64), 'a.png')).toEqual({ kind: 'image', ext: 'png', contentType: 'image/png' });
    expect(sniff(bytes([[0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'], 64), 'a.jpeg')).toEqual({ kind: 'image', ext: 'jpg', contentType: 'image/jpeg' });
    expect(sniff(bytes(['GIF87a', [1, 0, 1, 0]], 32), 'a.gif')).toEqual({ kind: 'image', ext: 'gif', contentType: 'image/gif' });
    expect(sniff(bytes(['GIF89a', [1, 0, 1, 0]], 32), 'a.gif')).toEqual(is('gif', 'image'));
    expect(sniff(bytes(['%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'], 64), 'a.pdf')).toEqual({ kind: 'document', ext: 'pdf', contentType: 'application/pdf' });
  });

  it('types old Office files by their name, and nothing else in a compound file', () => {
    const head = bytes([CFB], 512);
    expect(sniff(head, 'Report.DOC')).toEqual({ kind: 'document', ext: 'doc', contentType: 'application/msword' });
    expect(sniff(head, 'a.xls')).toEqual({ kind: 'document', ext: 'xls', contentType: 'application/vnd.ms-excel' });
    expect(sniff(head, 'a.ppt')).toEqual({ kind: 'document', ext: 'ppt', contentType: 'application/vnd.ms-powerpoint' });
    for (const name of ['setup.msi', 'mail.msg', 'a.docx', 'a.wps', 'doc']) expect(sniff(head, name), name).toBeUndefined();
  });

  it('types ZIP files as Office files when the name and the parts agree, else as archives', () => {
    const zip = (...names: string[]) => bytes([names.flatMap(zipEntry)], 512);
    expect(sniff(zip('[Content_Types].xml', '_rels/.rels', 'word/document.xml'), 'a.docx')).toEqual({
      kind: 'document',
      ext: 'docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(sniff(zip('[Content_Types].xml'), 'a.docx')).toEqual(is('docx', 'document'));
    expect(sniff(zip('word/document.xml'), 'a.docx')).toEqual(is('docx', 'document'));
    expect(sniff(zip('[Content_Types].xml', 'xl/workbook.xml'), 'a.XLSX')).toEqual({
      kind: 'document',
      ext: 'xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(sniff(zip('ppt/presentation.xml'), 'a.pptx')).toEqual({
      kind: 'document',
      ext: 'pptx',
      contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    });
    expect(sniff(zip('notes.txt'), 'a.zip')).toEqual({ kind: 'archive', ext: 'zip', contentType: 'application/zip' });
    expect(sniff(zip('word/document.xml'), 'a.zip')).toEqual(is('zip', 'archive'));
    expect(sniff(zip('word/document.xml'), 'bundle')).toEqual(is('zip', 'archive'));
    // A plain archive named as an Office file, or one Office file named as another, is what it is.
    expect(sniff(zip('notes.txt'), 'a.docx')).toEqual(is('zip', 'archive'));
    expect(sniff(zip('[Content_Types].xml', 'word/document.xml'), 'a.xlsx')).toEqual(is('docx', 'document'));
  });

  it('knows RAR (versions 4 and 5) and 7z', () => {
    expect(sniff(bytes(['Rar!', [0x1a, 0x07, 0x00]], 32), 'a.rar')).toEqual({ kind: 'archive', ext: 'rar', contentType: 'application/vnd.rar' });
    expect(sniff(bytes(['Rar!', [0x1a, 0x07, 0x01, 0x00]], 32), 'a.rar')).toEqual(is('rar', 'archive'));
    expect(sniff(bytes([[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]], 32), 'a.7z')).toEqual({
      kind: 'archive',
      ext: '7z',
      contentType: 'application/x-7z-compressed',
    });
  });

  it('takes text only in a .txt file, in UTF-8 or GB18030', () => {
    const utf8 = new TextEncoder().encode('课程大纲\r\n\t第一章：入门 Introduction\n');
    expect(sniff(utf8, 'notes.TXT')).toEqual({ kind: 'document', ext: 'txt', contentType: 'text/plain; charset=utf-8' });
    // The head may end in the middle of a character.
    expect(sniff(utf8.subarray(0, 5), 'notes.txt')).toEqual(is('txt', 'document'));
    const gb18030 = [0xd6, 0xd0, 0xce, 0xc4, 0x0d, 0x0a, 0x81, 0x30, 0x81, 0x30, 0x41];
    expect(sniff(bytes([gb18030]), 'notes.txt')).toEqual({ kind: 'document', ext: 'txt', contentType: 'text/plain; charset=gb18030' });
    expect(sniff(bytes([gb18030.slice(0, 7)]), 'notes.txt')).toEqual(is('txt', 'document'));
    expect(sniff(bytes(['plain text', [0], 'with a NUL']), 'notes.txt')).toBeUndefined();
    expect(sniff(bytes(['bell \x07 rings']), 'notes.txt')).toBeUndefined();
    expect(sniff(bytes([[0xd6, 0xd0, 0x20, 0xff, 0xfe]]), 'notes.txt')).toBeUndefined();
    for (const name of ['notes.csv', 'notes.md', 'notes']) expect(sniff(utf8, name), name).toBeUndefined();
  });

  it('answers nothing for unknown or empty content, whatever the name', () => {
    expect(sniff(new Uint8Array(0), 'a.mp4')).toBeUndefined();
    expect(sniff(noise(4096), 'a.mp4')).toBeUndefined();
    for (const name of ['setup.exe', 'setup.mp4', 'setup.txt', 'setup.pdf']) expect(sniff(MZ, name), name).toBeUndefined();
  });

  it('judges a PNG named .mp4 an image', () => {
    const found = sniff(bytes([PNG], 64), 'clip.mp4');
    expect(found).toEqual(is('png', 'image'));
    expect(sniffMismatch(found!, 'clip.mp4')).toBe(true);
  });
});

describe('sniffMismatch', () => {
  const png: Sniffed = { kind: 'image', ext: 'png', contentType: 'image/png' };
  const jpg: Sniffed = { kind: 'image', ext: 'jpg', contentType: 'image/jpeg' };
  const mp4: Sniffed = { kind: 'video', ext: 'mp4', contentType: 'video/mp4' };
  const mkv: Sniffed = { kind: 'video', ext: 'mkv', contentType: 'video/x-matroska' };
  const mp3: Sniffed = { kind: 'audio', ext: 'mp3', contentType: 'audio/mpeg' };
  const zip: Sniffed = { kind: 'archive', ext: 'zip', contentType: 'application/zip' };

  it('agrees with the extensions of the same family, in any case', () => {
    expect(sniffMismatch(png, 'a.PNG')).toBe(false);
    for (const name of ['a.jpg', 'a.JPEG', 'a.jpe', 'a.jfif']) expect(sniffMismatch(jpg, name), name).toBe(false);
    for (const name of ['a.mp4', 'a.m4v', 'a.mov', 'a.qt', 'a.m4a']) expect(sniffMismatch(mp4, name), name).toBe(false);
    for (const name of ['a.mkv', 'a.webm', 'a.mka']) expect(sniffMismatch(mkv, name), name).toBe(false);
    expect(sniffMismatch(mp3, 'C:\\music\\song.Mp3')).toBe(false);
  });

  it('disagrees with another family or an extension it does not know', () => {
    expect(sniffMismatch(png, 'a.mp4')).toBe(true);
    expect(sniffMismatch(jpg, 'a.png')).toBe(true);
    expect(sniffMismatch(mp3, 'a.wav')).toBe(true);
    expect(sniffMismatch(mp4, 'a.mkv')).toBe(true);
    expect(sniffMismatch(zip, 'a.docx')).toBe(true);
    expect(sniffMismatch(zip, 'a.exe')).toBe(true);
  });

  it('never disagrees with a name without an extension', () => {
    for (const name of ['clip', '.profile', 'Chapter 1.2', 'notes.', 'dir.d/clip']) expect(sniffMismatch(mp4, name), name).toBe(false);
  });
});

describe('sniff on files made by ffmpeg', () => {
  const run = promisify(execFile);
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'xt-sniff-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const picture = ['-f', 'lavfi', '-i', 'testsrc2=size=64x48:rate=10:duration=0.5'];
  const sound = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.5'];
  const cases: [string, string[], Sniffed['kind'], string][] = [
    ['clip.mp4', [...picture, ...sound, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'], 'video', 'mp4'],
    ['clip.mov', [...picture, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], 'video', 'mov'],
    ['clip.mkv', [...picture, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], 'video', 'mkv'],
    ['clip.webm', [...picture, '-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '100k'], 'video', 'webm'],
    ['clip.avi', [...picture, '-c:v', 'mpeg4'], 'video', 'avi'],
    ['clip.flv', [...picture, '-c:v', 'flv1'], 'video', 'flv'],
    ['tone.mp3', [...sound, '-c:a', 'libmp3lame'], 'audio', 'mp3'],
    ['bare.mp3', [...sound, '-c:a', 'libmp3lame', '-id3v2_version', '0', '-write_xing', '0'], 'audio', 'mp3'],
    ['tone.m4a', [...sound, '-c:a', 'aac'], 'audio', 'm4a'],
    ['tone.aac', [...sound, '-c:a', 'aac', '-f', 'adts'], 'audio', 'aac'],
    ['tone.wav', [...sound], 'audio', 'wav'],
    ['tone.ogg', [...sound, '-c:a', 'libvorbis'], 'audio', 'ogg'],
    ['tone.flac', [...sound], 'audio', 'flac'],
    ['still.png', [...picture, '-frames:v', '1'], 'image', 'png'],
    ['still.jpg', [...picture, '-frames:v', '1'], 'image', 'jpg'],
    ['still.gif', [...picture, '-frames:v', '1'], 'image', 'gif'],
    ['still.webp', [...picture, '-frames:v', '1', '-c:v', 'libwebp'], 'image', 'webp'],
  ];
  for (const [name, args, kind, ext] of cases) {
    it.skipIf(!hasFfmpeg)(`knows ${name}`, async () => {
      const path = join(dir, name);
      await run('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args, path], { timeout: 20_000 });
      const file = await open(path);
      const head = new Uint8Array(4096);
      const { bytesRead } = await file.read(head, 0, head.length, 0);
      await file.close();
      const found = sniff(head.subarray(0, bytesRead), name);
      expect(found).toEqual(is(ext, kind));
      expect(sniffMismatch(found!, name)).toBe(false);
    });
  }
});
