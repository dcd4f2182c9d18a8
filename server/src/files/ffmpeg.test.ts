import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { officeToPdf, posterFrame, probe, renditionsFor, renditionSize, scaleImage, toolAvailable, transcodeHls } from './ffmpeg';

const hasFfmpeg = (await toolAvailable('ffmpeg')) && (await toolAvailable('ffprobe'));
const hasSoffice = await toolAvailable('soffice');
const run = promisify(execFile);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args], { timeout: 30_000 });

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-ffmpeg-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('renditionsFor', () => {
  it('offers 360p always, 720p from 540 lines and 1080p from 1080', () => {
    const names = (height: number) => renditionsFor(height).map((r) => r.name);
    expect(names(0)).toEqual(['360p']);
    expect(names(240)).toEqual(['360p']);
    expect(names(539)).toEqual(['360p']);
    expect(names(540)).toEqual(['360p', '720p']);
    expect(names(720)).toEqual(['360p', '720p']);
    expect(names(1079)).toEqual(['360p', '720p']);
    expect(names(1080)).toEqual(['360p', '720p', '1080p']);
    expect(names(2160)).toEqual(['360p', '720p', '1080p']);
    expect(renditionsFor(1080)).toEqual([
      { name: '360p', height: 360, videoKbps: 800, audioKbps: 96 },
      { name: '720p', height: 720, videoKbps: 2500, audioKbps: 128 },
      { name: '1080p', height: 1080, videoKbps: 5000, audioKbps: 160 },
    ]);
  });

  it('sizes a rendition by the short side, never up, keeping the aspect ratio in even numbers', () => {
    const [r360, r720, r1080] = renditionsFor(1080);
    expect(renditionSize(1280, 720, r360)).toEqual({ width: 640, height: 360 });
    expect(renditionSize(1920, 1080, r720)).toEqual({ width: 1280, height: 720 });
    expect(renditionSize(1440, 1080, r360)).toEqual({ width: 480, height: 360 });
    expect(renditionSize(960, 540, r720)).toEqual({ width: 960, height: 540 });
    expect(renditionSize(1080, 1920, r1080)).toEqual({ width: 1080, height: 1920 });
    expect(renditionSize(720, 1280, r360)).toEqual({ width: 360, height: 640 });
    expect(renditionSize(853, 480, r360)).toEqual({ width: 640, height: 360 });
    expect(renditionSize(321, 241, r360)).toEqual({ width: 320, height: 240 });
  });
});

describe('officeToPdf', () => {
  it.skipIf(hasSoffice)('answers undefined without LibreOffice', async () => {
    expect(await officeToPdf(join(dir, 'missing.docx'), dir)).toBeUndefined();
  });
});

describe.skipIf(process.platform === 'win32')('officeToPdf with a stand-in for LibreOffice', () => {
  const path = process.env.PATH;
  let count = 0;
  afterEach(() => {
    process.env.PATH = path;
    vi.resetModules();
  });

  /** A fresh copy of the module that finds `script` as `soffice` first on the path. */
  async function withSoffice(script: string): Promise<typeof import('./ffmpeg')> {
    const bin = join(dir, `bin-${++count}`);
    await mkdir(bin);
    await writeFile(join(bin, 'soffice'), `#!/bin/sh\n${script}\n`, { mode: 0o755 });
    process.env.PATH = `${bin}${delimiter}${path}`;
    vi.resetModules();
    return import('./ffmpeg');
  }

  it('runs it headless with a profile of its own and answers the PDF', async () => {
    const log = join(dir, 'soffice-args.txt');
    const office = await withSoffice(
      [
        `printf '%s\\n' "$@" > '${log}'`,
        'for a in "$@"; do [ "$prev" = --outdir ] && out="$a"; prev="$a"; last="$a"; done',
        'name=$(basename "$last"); printf "%%PDF-1.4\\n" > "$out/${name%.*}.pdf"',
      ].join('\n'),
    );
    expect(await office.toolAvailable('soffice')).toBe(true);
    const out = join(dir, 'office-out');
    await mkdir(out);
    const pdf = await office.officeToPdf(join(dir, 'Course plan.v2.docx'), out);
    expect(pdf).toBe(join(out, 'Course plan.v2.pdf'));
    expect((await readFile(pdf!, 'utf8')).startsWith('%PDF-')).toBe(true);
    const args = (await readFile(log, 'utf8')).trim().split('\n');
    expect(args.slice(1)).toEqual(['--headless', '--norestore', '--convert-to', 'pdf', '--outdir', out, join(dir, 'Course plan.v2.docx')]);
    const profile = /^-env:UserInstallation=(file:\/\/\/.+)$/.exec(args[0])?.[1];
    expect(profile).toBeDefined();
    // The profile is removed afterwards.
    expect(existsSync(fileURLToPath(profile!))).toBe(false);
  });

  it('rejects when no PDF comes out, and ends a conversion that takes too long', async () => {
    let office = await withSoffice('echo "Error: source file could not be loaded"');
    await expect(office.officeToPdf(join(dir, 'broken.docx'), dir)).rejects.toThrow(/wrote no PDF.*\n.*could not be loaded/);

    const pidFile = join(dir, 'soffice-helper.pid');
    office = await withSoffice(`sleep 30 & echo $! > '${pidFile}'; wait`);
    const began = Date.now();
    await expect(office.officeToPdf(join(dir, 'slow.docx'), dir, { timeoutMs: 300 })).rejects.toThrow(/took longer than 300 ms/);
    expect(Date.now() - began).toBeLessThan(5_000);
    // Its helper processes are ended with it (gone, or a zombie waiting to be reaped).
    const pid = (await readFile(pidFile, 'utf8')).trim();
    await vi.waitFor(async () => {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      expect(stat === '' || / Z /.test(stat)).toBe(true);
    });
  });
});

describe.skipIf(!hasFfmpeg)('media jobs on a 4-second 1280×720 video', () => {
  let video: string;
  beforeAll(async () => {
    video = join(dir, 'source.mp4');
    await ffmpeg(
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=24', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '4'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', video],
    );
  }, 60_000);

  it('probes its length, size and streams', async () => {
    const info = await probe(video);
    expect(info.duration).toBeGreaterThan(3.9);
    expect(info.duration).toBeLessThan(4.2);
    expect(info).toMatchObject({ width: 1280, height: 720, hasVideo: true, hasAudio: true });
    await expect(probe(join(dir, 'nowhere.mp4'))).rejects.toThrow(/ffprobe exited/);
  });

  it('cuts it into HLS renditions under one master playlist', async () => {
    const out = join(dir, 'hls');
    await mkdir(out);
    const progress: number[] = [];
    const hls = await transcodeHls(video, out, 'res_42', {
      duration: 4,
      hasAudio: true,
      renditions: renditionsFor(720),
      preset: 'ultrafast',
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(hls.master).toBe('res_42.m3u8');
    expect(hls.files).toContain('res_42-360p.m3u8');
    expect(hls.files).toContain('res_42-720p.m3u8');
    expect(hls.files.every((name) => /^res_42[\w-]{0,58}\.[a-z0-9]{1,8}$/.test(name))).toBe(true);
    // Every file it names is there, and it leaves nothing else.
    expect((await readdir(out)).sort()).toEqual([...hls.files].sort());

    const master = await readFile(join(out, hls.master), 'utf8');
    expect(master.startsWith('#EXTM3U\n')).toBe(true);
    const streams = [...master.matchAll(/#EXT-X-STREAM-INF:(.+)\n(.+)\n/g)].map((m) => ({ attributes: m[1], uri: m[2] }));
    expect(streams.map((s) => s.uri)).toEqual(['res_42-360p.m3u8', 'res_42-720p.m3u8']);
    expect(streams[0].attributes).toMatch(/(^|,)RESOLUTION=640x360(,|$)/);
    expect(streams[1].attributes).toMatch(/(^|,)RESOLUTION=1280x720(,|$)/);
    for (const s of streams) {
      expect(s.attributes).toMatch(/(^|,)BANDWIDTH=\d+/);
      expect(s.attributes).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
      const segments = (await readFile(join(out, s.uri), 'utf8')).split('\n').filter((line) => line && !line.startsWith('#'));
      expect(segments.length).toBeGreaterThan(0);
      for (const segment of segments) {
        expect(segment).toMatch(/^res_42-(360p|720p)-\d{3}\.ts$/);
        expect(hls.files).toContain(segment);
        expect(existsSync(join(out, segment))).toBe(true);
      }
    }

    const segment = await probe(join(out, 'res_42-360p-000.ts'));
    expect(segment).toMatchObject({ width: 640, height: 360, hasVideo: true, hasAudio: true });

    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((p, i) => p > 0 && p <= 1 && (i === 0 || p > progress[i - 1]))).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });

  it('takes a poster frame as a JPEG at most 1280 wide', async () => {
    const poster = join(dir, 'poster.jpg');
    await posterFrame(video, poster, 1);
    expect([...(await readFile(poster)).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await probe(poster)).toMatchObject({ width: 1280, height: 720 });
    // Past the end: the first frame.
    const late = join(dir, 'late.jpg');
    await posterFrame(video, late, 99);
    expect([...(await readFile(late)).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('rejects a file that is no video, with ffmpeg’s words, and leaves nothing behind', async () => {
    const bad = join(dir, 'bad.mp4');
    await writeFile(bad, randomBytes(64 * 1024));
    const out = join(dir, 'bad-out');
    await mkdir(out);
    const opts = { duration: 4, hasAudio: true, renditions: renditionsFor(720), width: 1280, height: 720, preset: 'ultrafast' };
    await expect(transcodeHls(bad, out, 'bad', opts)).rejects.toThrow(/^ffmpeg exited with 1:\n[\s\S]*Invalid data found/);
    expect(await readdir(out)).toEqual([]);
    // Probed first when the size is not given: ffprobe's words then.
    await expect(transcodeHls(bad, out, 'bad', { ...opts, width: undefined, height: undefined })).rejects.toThrow(/ffprobe exited/);
  });

  it('stops ffmpeg when aborted, and leaves nothing behind', async () => {
    const out = join(dir, 'aborted');
    await mkdir(out);
    const controller = new AbortController();
    const job = transcodeHls(video, out, 'gone', {
      duration: 4,
      hasAudio: true,
      renditions: renditionsFor(720),
      // Slow enough to be caught in the middle.
      preset: 'veryslow',
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    setTimeout(() => controller.abort(), 1_500);
    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
    expect(await readdir(out)).toEqual([]);
  });
});

describe.skipIf(!hasFfmpeg)('scaleImage', () => {
  let big: string;
  beforeAll(async () => {
    big = join(dir, 'big');
    // No extension: an upload's file is judged by its bytes.
    await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=3000x2000', '-frames:v', '1', '-f', 'image2', '-c:v', 'png', big);
  }, 30_000);

  it('scales a large picture down to the width asked, keeping its aspect ratio', async () => {
    expect(await scaleImage(big, join(dir, 'big-w1920.jpg'), 1920)).toEqual({ width: 1920, height: 1280 });
    expect([...(await readFile(join(dir, 'big-w1920.jpg'))).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await scaleImage(big, join(dir, 'big-w1920.png'), 1920)).toEqual({ width: 1920, height: 1280 });
    expect([...(await readFile(join(dir, 'big-w1920.png'))).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });

  it('never scales up, and writes only JPEG or PNG', async () => {
    const small = join(dir, 'small.png');
    await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=640x480', '-frames:v', '1', small);
    expect(await scaleImage(small, join(dir, 'small-w1920.jpg'), 1920)).toEqual({ width: 640, height: 480 });
    await expect(scaleImage(small, join(dir, 'small.webp'), 1920)).rejects.toThrow(/use \.jpg or \.png/);
  });
});
