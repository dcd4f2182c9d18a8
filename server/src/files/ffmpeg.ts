/**
 * Media work in child processes: ffprobe reads a file's streams, ffmpeg cuts a video into HLS
 * renditions, takes a poster frame and scales images, and LibreOffice turns Office files into
 * PDF. Each tool runs without a shell, its arguments passed as given. Whether a tool is there
 * is asked once ({@link toolAvailable}); a job that needs a missing tool fails with a plain
 * message, and {@link officeToPdf} answers undefined.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, delimiter, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type Tool = 'ffmpeg' | 'ffprobe' | 'soffice';

/** How long ffprobe may take to read a local file. */
const PROBE_TIMEOUT_MS = 60_000;
/** How long LibreOffice may take for one document unless told otherwise. */
const OFFICE_TIMEOUT_MS = 120_000;
/** Length of an HLS segment, in seconds; a key frame starts each one. */
const HLS_SEGMENT_SECONDS = 4;
/** Lines of a tool's error output kept in the message of a failed job. */
const ERROR_LINES = 20;

const located = new Map<Tool, Promise<string | undefined>>();

async function executableOnPath(command: string): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, command);
    try {
      await access(path, constants.X_OK);
      if ((await stat(path)).isFile()) return path;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

async function locateTool(tool: Tool): Promise<string | undefined> {
  if (tool === 'soffice') return (await executableOnPath('soffice')) ?? (await executableOnPath('libreoffice'));
  const path = await executableOnPath(tool);
  if (!path) return undefined;
  // An ffmpeg build whose libraries are missing is on the path but cannot run.
  return run(path, ['-version'], { timeoutMs: 10_000 }).then(
    () => path,
    () => undefined,
  );
}

/** The path of a tool (`libreoffice` standing in for `soffice`), looked up once. */
function locate(tool: Tool): Promise<string | undefined> {
  let path = located.get(tool);
  if (!path) {
    path = locateTool(tool);
    located.set(tool, path);
  }
  return path;
}

async function need(tool: Tool): Promise<string> {
  const path = await locate(tool);
  if (!path) throw new Error(`${tool} is not installed (not found on PATH)`);
  return path;
}

/** Whether a tool is installed and (for ffmpeg and ffprobe) runs; asked once a process. */
export async function toolAvailable(name: Tool): Promise<boolean> {
  return (await locate(name)) !== undefined;
}

interface RunOptions {
  cwd?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Called with each line of standard output (which is then not collected). */
  onLine?: (line: string) => void;
  /** Run the tool in a process group of its own and end the whole group when stopping it. */
  group?: boolean;
}

/** The last lines of a tool's output, for an error message. */
function lastLines(text: string): string {
  return text.trim().split(/\r?\n/).slice(-ERROR_LINES).join('\n');
}

/** Runs a tool to its end; answers its standard output, or rejects with the end of its error output. */
function run(command: string, args: string[], opts: RunOptions = {}): Promise<string> {
  const name = basename(command);
  return new Promise((resolveRun, reject) => {
    const { signal } = opts;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(command, args, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: opts.group === true });
    let stdout = '';
    let partial = '';
    let stderr = '';
    let stopped: unknown;
    let settled = false;

    const stop = (reason: unknown) => {
      if (stopped !== undefined || child.exitCode !== null || child.signalCode !== null) return;
      stopped = reason;
      try {
        if (opts.group && child.pid) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const onAbort = () => stop(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = opts.timeoutMs ? setTimeout(() => stop(new Error(`${name} took longer than ${opts.timeoutMs} ms`)), opts.timeoutMs) : undefined;
    const settle = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error === undefined) resolveRun(stdout);
      else reject(error);
    };

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!opts.onLine) {
        stdout += chunk;
        return;
      }
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) opts.onLine(line.trim());
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-16_384);
    });
    child.on('error', (error) => settle(new Error(`${name} could not be started: ${error.message}`)));
    child.on('close', (code, killedBy) => {
      if (stopped !== undefined) settle(stopped);
      else if (code === 0) settle(undefined);
      else settle(new Error(`${name} exited with ${code ?? killedBy}:\n${lastLines(stderr || stdout) || '(no error output)'}`));
    });
  });
}

/** The parts of ffprobe's JSON answer used here. */
interface FfprobeStream {
  codec_type?: string;
  profile?: string;
  level?: number;
  width?: number;
  height?: number;
  duration?: string;
  sample_aspect_ratio?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}
interface FfprobeAnswer {
  streams?: FfprobeStream[];
  format?: { duration?: string };
}

async function ffprobe(path: string): Promise<FfprobeAnswer> {
  const tool = await need('ffprobe');
  const out = await run(tool, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', resolve(path)], { timeoutMs: PROBE_TIMEOUT_MS });
  return JSON.parse(out) as FfprobeAnswer;
}

export interface Probe {
  /** Length in seconds (0 when the file does not say, as for a still image). */
  duration: number;
  /** Size of the picture as shown: pixel aspect ratio and rotation applied; 0 without video. */
  width: number;
  height: number;
  /** A picture stream other than cover art; a PNG or JPEG is one too, of a single frame. */
  hasVideo: boolean;
  hasAudio: boolean;
}

/** The picture's size as shown: the pixel aspect ratio applied to its width, turned when it is rotated by a quarter. */
function shownSize(stream: FfprobeStream): { width: number; height: number } {
  let width = stream.width ?? 0;
  const height = stream.height ?? 0;
  const [num, den] = (stream.sample_aspect_ratio ?? '').split(':').map(Number);
  if (num > 0 && den > 0 && num !== den) width = Math.round((width * num) / den);
  const rotation = stream.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation ?? Number(stream.tags?.rotate ?? 0);
  return Math.abs(rotation) % 180 === 90 ? { width: height, height: width } : { width, height };
}

/**
 * A media file's length, picture size and streams, as ffprobe reads them. Rejects when ffprobe
 * cannot read the file.
 */
export async function probe(path: string): Promise<Probe> {
  const answer = await ffprobe(path);
  const streams = answer.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const durations = [answer.format?.duration, ...streams.map((s) => s.duration)].map((d) => Number.parseFloat(d ?? '')).filter((d) => d > 0);
  const size = video ? shownSize(video) : { width: 0, height: 0 };
  return {
    duration: Number.isFinite(durations[0]) ? durations[0] : 0,
    ...size,
    hasVideo: video !== undefined,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

export interface Rendition {
  name: '360p' | '720p' | '1080p';
  /** Height of the picture (its short side, for a video shot upright); never more than the source's. */
  height: number;
  videoKbps: number;
  audioKbps: number;
}

/** The renditions offered, each with the least source height that earns it. */
const RENDITIONS: (Rendition & { from: number })[] = [
  { name: '360p', height: 360, videoKbps: 800, audioKbps: 96, from: 0 },
  { name: '720p', height: 720, videoKbps: 2500, audioKbps: 128, from: 540 },
  { name: '1080p', height: 1080, videoKbps: 5000, audioKbps: 160, from: 1080 },
];

/**
 * The renditions to cut a video into, by the height of its picture (its short side, for a video
 * shot upright): 360p always, 720p from 540 lines, 1080p from 1080. A rendition is never taller
 * than the source, so 720p of a 540-line video is 540 lines high.
 *
 * @example renditionsFor(480).map((r) => r.name) → ['360p']
 * @example renditionsFor(720).map((r) => r.name) → ['360p', '720p']
 * @example renditionsFor(2160).map((r) => r.name) → ['360p', '720p', '1080p']
 */
export function renditionsFor(height: number): Rendition[] {
  return RENDITIONS.filter((r) => r.from === 0 || height >= r.from).map(({ from: _from, ...rendition }) => rendition);
}

/**
 * The picture size of a rendition of a `width`×`height` source: its short side brought down (never
 * up) to the rendition's height, the aspect ratio kept, both sides even.
 *
 * @example renditionSize(1280, 720, renditionsFor(720)[0]) → { width: 640, height: 360 }
 * @example renditionSize(1080, 1920, renditionsFor(1080)[1]) → { width: 720, height: 1280 }
 * @example renditionSize(960, 540, renditionsFor(540)[1]) → { width: 960, height: 540 }
 * @example renditionSize(321, 241, renditionsFor(241)[0]) → { width: 320, height: 240 }
 */
export function renditionSize(width: number, height: number, rendition: Rendition): { width: number; height: number } {
  const short = Math.min(width, height);
  const scale = short > rendition.height ? rendition.height / short : 1;
  // Rounded to the nearest even number, but never past the source's own (even) size.
  const even = (side: number) => Math.max(2, Math.min(Math.round((side * scale) / 2) * 2, Math.floor(side / 2) * 2));
  return { width: even(width), height: even(height) };
}

export interface HlsOptions {
  /** The source's length in seconds, to report progress against. */
  duration: number;
  /** Whether to carry the source's first audio stream (which must then exist). */
  hasAudio: boolean;
  renditions: Rendition[];
  /** The source's picture size as shown ({@link probe}); probed when not given. */
  width?: number;
  height?: number;
  /** The x264 preset; `veryfast` unless told otherwise. */
  preset?: string;
  /** Called with the share done, rising from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting it ends ffmpeg and rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface HlsResult {
  /** The master playlist's file name (`<prefix>.m3u8`). */
  master: string;
  /** Every file written, by name: the master playlist, each rendition's playlist and their segments. */
  files: string[];
}

/** One rendition's media playlist as written, with what the master playlist says of it. */
interface Written {
  rendition: Rendition;
  playlist: string;
  segments: string[];
  bandwidth: number;
  averageBandwidth: number;
  resolution: string;
  codecs?: string;
}

/** RFC 6381 names of the H.264 profiles x264 writes (`avc1.` + profile + constraints). */
const AVC_PROFILES: Record<string, string> = { 'Constrained Baseline': '42c0', Baseline: '4200', Main: '4d40', High: '6400' };

/** A rendition's media playlist, its segments' sizes and its first segment's codecs. */
async function readRendition(outDir: string, prefix: string, rendition: Rendition, hasAudio: boolean): Promise<Written> {
  const playlist = `${prefix}-${rendition.name}.m3u8`;
  const lines = (await readFile(join(outDir, playlist), 'utf8')).split(/\r?\n/).map((line) => line.trim());
  const segments: { name: string; seconds: number }[] = [];
  let seconds = 0;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#')) {
      if (!/^[\w-]{1,64}\.ts$/.test(line)) throw new Error(`Unexpected segment "${line}" in ${playlist}`);
      segments.push({ name: line, seconds });
    }
  }
  if (segments.length === 0) throw new Error(`ffmpeg wrote no segments for ${rendition.name}`);
  const sizes = await Promise.all(segments.map(async (s) => (await stat(join(outDir, s.name))).size));
  const totalSeconds = segments.reduce((sum, s) => sum + s.seconds, 0);
  const averageBandwidth = Math.ceil((sizes.reduce((sum, size) => sum + size, 0) * 8) / Math.max(totalSeconds, 0.001));
  // The peak segment, but for a last sliver of a segment whose few frames say little.
  const rates = segments.map((s, i) => ({ bits: sizes[i] * 8, seconds: s.seconds })).filter((r, i) => i === 0 || i < segments.length - 1 || r.seconds >= 1);
  const bandwidth = Math.max(averageBandwidth, ...rates.map((r) => Math.ceil(r.bits / Math.max(r.seconds, 0.001))));

  const first = await ffprobe(join(outDir, segments[0].name));
  const video = first.streams?.find((s) => s.codec_type === 'video');
  if (!video?.width || !video.height) throw new Error(`ffmpeg wrote no picture for ${rendition.name}`);
  const profile = video.profile ? AVC_PROFILES[video.profile] : undefined;
  const avc = profile && video.level ? `avc1.${profile}${video.level.toString(16).padStart(2, '0')}` : undefined;
  const codecs = avc && (hasAudio ? `${avc},mp4a.40.2` : avc);
  return {
    rendition,
    playlist,
    segments: segments.map((s) => s.name),
    bandwidth,
    averageBandwidth,
    resolution: `${video.width}x${video.height}`,
    ...(codecs ? { codecs } : {}),
  };
}

function masterPlaylist(written: Written[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const w of written) {
    const attributes = [`BANDWIDTH=${w.bandwidth}`, `AVERAGE-BANDWIDTH=${w.averageBandwidth}`, `RESOLUTION=${w.resolution}`];
    if (w.codecs) attributes.push(`CODECS="${w.codecs}"`);
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, w.playlist);
  }
  return `${lines.join('\n')}\n`;
}

/** Removes what a failed job may have left of its files (and only those) from the output folder. */
async function removeOutput(outDir: string, prefix: string): Promise<void> {
  const ours = new RegExp(`^${prefix}(\\.m3u8|-(360p|720p|1080p)(\\.m3u8|-\\d+\\.ts))(\\.tmp|\\.partial)?$`);
  const names = await readdir(outDir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => ours.test(name)).map((name) => rm(join(outDir, name), { force: true })));
}

/** The ffmpeg arguments of one rendition's output, after its picture `[o<i>]` is made. */
function renditionArgs(rendition: Rendition, i: number, prefix: string, opts: HlsOptions): string[] {
  const kbps = rendition.videoKbps;
  const video = ['-map', `[o${i}]`, '-c:v', 'libx264', '-preset', opts.preset ?? 'veryfast', '-profile:v', 'main'];
  const rate = ['-b:v', `${kbps}k`, '-maxrate', `${Math.round(kbps * 1.1)}k`, '-bufsize', `${kbps * 2}k`];
  const keys = ['-g', '48', '-keyint_min', '48', '-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`];
  const audio = opts.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', `${rendition.audioKbps}k`, '-ac', '2'] : [];
  const hls = ['-f', 'hls', '-hls_time', String(HLS_SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'];
  const names = ['-hls_segment_type', 'mpegts', '-hls_segment_filename', `${prefix}-${rendition.name}-%03d.ts`, `${prefix}-${rendition.name}.m3u8`];
  return [...video, ...rate, ...keys, ...audio, ...hls, ...names];
}

/**
 * Cuts a video into HLS renditions, all encoded by one ffmpeg run: H.264 (main profile, a key
 * frame every 48 frames and at each segment's start) with stereo AAC when the source has audio,
 * in MPEG-TS segments of about 4 seconds. A rendition that would come out the size of an earlier
 * one (the source being smaller than both) is left out. Everything goes flat into `outDir` under
 * names that start with `prefix`: `<prefix>-<rendition>.m3u8` and `<prefix>-<rendition>-000.ts`
 * and on for each rendition, and the master playlist `<prefix>.m3u8` that lists them (peak and
 * average bandwidth, resolution, codecs) by relative name. On failure or abort no file of the
 * job is left behind, and the error carries the end of ffmpeg's error output.
 */
export async function transcodeHls(input: string, outDir: string, prefix: string, opts: HlsOptions): Promise<HlsResult> {
  if (!/^[\w-]{1,48}$/.test(prefix)) throw new Error(`Invalid HLS file prefix "${prefix}"`);
  if (opts.renditions.length === 0 || new Set(opts.renditions.map((r) => r.name)).size !== opts.renditions.length) {
    throw new Error('HLS needs one or more renditions, each named once');
  }
  const ffmpeg = await need('ffmpeg');
  const source = opts.width && opts.height ? { width: opts.width, height: opts.height, hasVideo: true } : await probe(input);
  if (!source.hasVideo || !source.width || !source.height) throw new Error(`${basename(input)} has no video to cut into HLS`);

  // A rendition no larger than one before it (the source being smaller than both) is left out.
  const renditions: Rendition[] = [];
  const sizes: { width: number; height: number }[] = [];
  for (const rendition of opts.renditions) {
    const size = renditionSize(source.width, source.height, rendition);
    if (sizes.some((s) => s.width === size.width && s.height === size.height)) continue;
    renditions.push(rendition);
    sizes.push(size);
  }
  const graph = [
    `[0:v]split=${renditions.length}${renditions.map((_, i) => `[v${i}]`).join('')}`,
    ...sizes.map((size, i) => `[v${i}]scale=${size.width}:${size.height},setsar=1,format=yuv420p[o${i}]`),
  ].join(';');
  const args = [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', resolve(input), '-progress', 'pipe:1', '-nostats', '-filter_complex', graph],
    ...renditions.flatMap((r, i) => renditionArgs(r, i, prefix, opts)),
  ];

  let done = 0;
  const report = (fraction: number) => {
    if (fraction > done) {
      done = fraction;
      opts.onProgress?.(fraction);
    }
  };
  let microsecondsSeen = false;
  const onLine = (line: string) => {
    const [key, value] = line.split('=');
    // `out_time_ms` is in microseconds too (an old ffmpeg slip kept for compatibility).
    if (key === 'out_time_us') microsecondsSeen = true;
    else if (key !== 'out_time_ms' || microsecondsSeen) return;
    const microseconds = Number(value);
    if (opts.duration > 0 && Number.isFinite(microseconds)) report(Math.min(0.99, Math.max(0, microseconds / 1e6 / opts.duration)));
  };

  const master = `${prefix}.m3u8`;
  try {
    await run(ffmpeg, args, { cwd: outDir, signal: opts.signal, onLine });
    const written = await Promise.all(renditions.map((r) => readRendition(outDir, prefix, r, opts.hasAudio)));
    const partial = join(outDir, `${master}.partial`);
    await writeFile(partial, masterPlaylist(written));
    await rename(partial, join(outDir, master));
    report(1);
    return { master, files: [master, ...written.flatMap((w) => [w.playlist, ...w.segments])] };
  } catch (error) {
    await removeOutput(outDir, prefix);
    throw error;
  }
}

async function nonEmptyFile(path: string): Promise<boolean> {
  try {
    const stats = await stat(path);
    return stats.isFile() && stats.size > 0;
  } catch {
    return false;
  }
}

/**
 * One frame of a video as a JPEG, at most 1280 pixels wide; the first frame when the video ends
 * before `atSeconds`.
 */
export async function posterFrame(input: string, outPath: string, atSeconds: number): Promise<void> {
  const ffmpeg = await need('ffmpeg');
  const grab = (at: number) =>
    run(ffmpeg, [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-ss', Math.max(0, at).toFixed(3), '-i', resolve(input)],
      ...['-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '3', '-f', 'image2', '-c:v', 'mjpeg', '-update', '1', resolve(outPath)],
    ]);
  await rm(outPath, { force: true });
  await grab(atSeconds);
  if (!(await nonEmptyFile(outPath)) && atSeconds > 0) await grab(0);
  if (!(await nonEmptyFile(outPath))) throw new Error(`${basename(input)} has no frame to make a poster of`);
}

/**
 * Scales an image down (never up) to at most `maxWidth` pixels wide, keeping its aspect ratio,
 * into a JPEG or PNG as `outPath`'s extension says (`.jpg`, `.jpeg`, `.png`); of an animation,
 * its first frame. A PNG keeps its transparency; a JPEG has none. Answers the written size.
 */
export async function scaleImage(input: string, outPath: string, maxWidth: number): Promise<{ width: number; height: number }> {
  const ext = extname(outPath).toLowerCase();
  const png = ext === '.png';
  if (!png && ext !== '.jpg' && ext !== '.jpeg') throw new Error(`Cannot write an image as "${ext}": use .jpg or .png`);
  const width = Math.floor(maxWidth);
  if (!(width >= 1)) throw new Error(`Invalid image width ${maxWidth}`);
  const ffmpeg = await need('ffmpeg');
  const codec = png ? ['-c:v', 'png'] : ['-c:v', 'mjpeg', '-q:v', '3'];
  await run(ffmpeg, [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', resolve(input), '-frames:v', '1'],
    ...['-vf', `scale='min(${width},iw)':${png ? -1 : -2},setsar=1`, ...codec, '-f', 'image2', '-update', '1', resolve(outPath)],
  ]);
  const written = await probe(outPath);
  return { width: written.width, height: written.height };
}

/**
 * Converts an Office document to PDF with LibreOffice (`soffice` or `libreoffice` on the path),
 * headless and with a profile of its own that is removed afterwards, and answers the PDF's path
 * (`outDir/<input's base name>.pdf`). Answers undefined when LibreOffice is not installed;
 * rejects when it fails, writes no PDF, or takes longer than `timeoutMs` (120 s unless told
 * otherwise; LibreOffice and its helpers are then ended).
 */
export async function officeToPdf(input: string, outDir: string, opts: { timeoutMs?: number } = {}): Promise<string | undefined> {
  const soffice = await locate('soffice');
  if (!soffice) return undefined;
  const profile = await mkdtemp(join(tmpdir(), 'xt-office-'));
  try {
    const dir = resolve(outDir);
    const args = [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, resolve(input)];
    const output = await run(soffice, args, { cwd: profile, timeoutMs: opts.timeoutMs ?? OFFICE_TIMEOUT_MS, group: true });
    const pdf = join(dir, `${basename(input, extname(input))}.pdf`);
    if (!(await nonEmptyFile(pdf))) throw new Error(`LibreOffice wrote no PDF for ${basename(input)}:\n${lastLines(output) || '(no output)'}`);
    return pdf;
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}
