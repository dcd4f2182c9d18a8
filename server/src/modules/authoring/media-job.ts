/**
 * The media job (`authoring.media`): what a finished library upload goes through before it is
 * `ready`. The original is copied from the upload store into the file store as
 * `<eid>/<resource>.<ext>`, then by kind:
 *
 * - video: ffprobe reads its length and size; ffmpeg makes HLS renditions (360p, and 720p and
 *   1080p from a source that large) under one master playlist, and a poster frame;
 * - audio: its length;
 * - image: scaled down to at most 1920 pixels wide;
 * - document: a PDF's pages counted; an Office file converted to a PDF copy by LibreOffice, where
 *   it is installed (kept as the resource's `pdf` play URL, which the preview shows; without it
 *   Office files are offered for download, and text and spreadsheets keep their text preview);
 * - archive: nothing more.
 *
 * Every file the job writes has a key fixed by the resource, so a job redone after its runner
 * died (kill -9: the lease runs out and another runner takes it) writes the same files again
 * and the resource once. A job that fails records why on the resource (`failed`); the back
 * office's retry queues a new job. Only the resource's current job may change it.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { scoped } from '../../db/access';
import type { FileStore } from '../../files/store';
import { catalogue } from '../../db/access/catalogue-cache';
import type { ProcessedValues } from '../../db/access/media';
import { officeToPdf, posterFrame, probe, renditionsFor, scaleImage, toolAvailable, transcodeHls } from '../../files/ffmpeg';
import { pdfPageCount } from '../../files/resources';
import type { MediaKind } from '../../files/sniff';
import { FILES_PATH } from '../../files/serve';
import { defineJob, type JobContext } from '../../jobs/queue';

export interface MediaJobPayload {
  resourceId: string;
  uploadId: string;
  kind: MediaKind;
  /** The extension the content was judged to have. */
  ext: string;
}

/** Widest picture the library keeps. */
export const MAX_IMAGE_WIDTH = 1920;
/** Office files converted to PDF for the preview. */
const OFFICE_EXTENSIONS = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx']);
/** Video extensions a browser plays as they are (offered beside the HLS renditions). */
const BROWSER_VIDEO = new Set(['mp4', 'webm']);

/** The reason a job failed, as the author reads it: the tool's last words, not a stack. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim().split('\n').slice(-8).join('\n').slice(0, 2000);
}

async function processMedia(payload: MediaJobPayload, job: JobContext): Promise<void> {
  const { files, uploads } = job.services;
  if (!files || !uploads) throw new Error('The media job needs the file store and the upload store');
  const eid = job.enterpriseId;
  if (!eid) throw new Error('A media job belongs to a company');
  const s = scoped(job.db, eid);
  const resource = await s.media.resource(payload.resourceId);
  // Removed meanwhile, or handed to a newer job: nothing to do.
  if (!resource || resource.jobId !== job.id) return;

  const { resourceId, ext } = payload;
  const keyOf = (name: string) => `${eid}/${name}`;
  const urlOf = (name: string) => `${FILES_PATH}/${keyOf(name)}`;
  const original = `${resourceId}.${ext}`;
  const work = await mkdtemp(join(tmpdir(), 'xuetang-media-'));
  const source = await uploads.localCopy(payload.uploadId).catch(() => undefined);
  try {
    // The original: from the upload store the first time, from the file store on a retry.
    let input: string;
    if (source) {
      await files.putFile(keyOf(original), source.path);
      input = source.path;
    } else {
      const stored = await files.get(keyOf(original));
      if (!stored) throw new Error('The uploaded file is gone; upload it again');
      input = join(work, original);
      await pipeline(Readable.fromWeb(stored.body as WebReadableStream<Uint8Array>), createWriteStream(input));
    }
    await job.progress(5);

    const values: ProcessedValues = { url: urlOf(original) };
    if (payload.kind === 'video') {
      const info = await probe(input);
      if (!info.hasVideo) throw new Error('The file holds no video stream');
      const out = join(work, 'hls');
      await mkdir(out);
      await posterFrame(input, join(out, `${resourceId}-poster.jpg`), Math.min(1, info.duration / 10));
      let reported = 5;
      const hls = await transcodeHls(input, out, resourceId, {
        duration: info.duration,
        hasAudio: info.hasAudio,
        renditions: renditionsFor(Math.min(info.width, info.height)),
        onProgress: (fraction) => {
          const percent = Math.min(94, 5 + Math.floor(fraction * 90));
          if (percent >= reported + 5) {
            reported = percent;
            void job.progress(percent).catch(() => undefined);
          }
        },
      });
      for (const name of [...hls.files, `${resourceId}-poster.jpg`]) await files.putFile(keyOf(name), join(out, name));
      values.playUrls = [
        { url: urlOf(hls.master), type: 'hls' },
        ...(BROWSER_VIDEO.has(ext) ? [{ url: urlOf(original), type: ext }] : []),
      ];
      values.videoConfig = { poster: urlOf(`${resourceId}-poster.jpg`) };
      values.duration = Math.round(info.duration);
    } else if (payload.kind === 'audio') {
      const info = await probe(input);
      if (!info.hasAudio) throw new Error('The file holds no audio stream');
      values.duration = Math.round(info.duration);
      values.playUrls = [{ url: urlOf(original), type: ext }];
    } else if (payload.kind === 'image') {
      const scaledName = `${resourceId}-w${MAX_IMAGE_WIDTH}.${ext === 'png' ? 'png' : 'jpg'}`;
      await scaleImage(input, join(work, scaledName), MAX_IMAGE_WIDTH);
      await files.putFile(keyOf(scaledName), join(work, scaledName));
      values.url = urlOf(scaledName);
      values.playUrls = [{ url: urlOf(original), type: ext }];
    } else if (payload.kind === 'document') {
      if (ext === 'pdf') values.pages = await pdfPageCount(new Uint8Array(await readFile(input)));
      else if (OFFICE_EXTENSIONS.has(ext) && (await toolAvailable('soffice'))) {
        const pdf = await officeToPdf(input, work);
        if (pdf) {
          const pdfName = `${resourceId}-preview.pdf`;
          await files.putFile(keyOf(pdfName), pdf);
          values.playUrls = [{ url: urlOf(pdfName), type: 'pdf' }];
          values.pages = await pdfPageCount(new Uint8Array(await readFile(pdf)));
        }
      }
    }
    await job.progress(98);
    if (await s.media.markReady(resourceId, job.id, values)) catalogue.forget(eid);
    // The upload's bytes are kept in the file store now.
    await uploads.remove(payload.uploadId);
  } catch (error) {
    await s.media.markFailed(resourceId, job.id, reasonOf(error));
    // A retry starts from the stored original once it is there; until then the upload is kept.
    if (await files.exists(keyOf(original)).catch(() => false)) await uploads.remove(payload.uploadId).catch(() => undefined);
  } finally {
    await source?.release();
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Deletes from the file store what the media job made of a resource (renditions with their
 * segments, poster, scaled picture, PDF copy) and its original, when the resource goes. Names
 * are the job's own; segments are read from the rendition playlists.
 */
export async function deleteMediaFiles(files: FileStore, eid: string, resource: { id: string; url: string; playUrls: { url: string }[] }): Promise<void> {
  const keyOf = (name: string) => `${eid}/${name}`;
  const rid = resource.id;
  const names = new Set([`${rid}.m3u8`, `${rid}-poster.jpg`, `${rid}-w${MAX_IMAGE_WIDTH}.jpg`, `${rid}-w${MAX_IMAGE_WIDTH}.png`, `${rid}-preview.pdf`]);
  // The original: the resource's own URL, or (a scaled picture, a video) one of its play URLs.
  for (const url of [resource.url, ...resource.playUrls.map((p) => p.url)]) {
    const name = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
    if (name.startsWith(`${rid}.`)) names.add(name);
  }
  for (const rendition of ['360p', '720p', '1080p']) {
    const playlist = `${rid}-${rendition}.m3u8`;
    const stored = await files.get(keyOf(playlist)).catch(() => undefined);
    if (!stored) continue;
    names.add(playlist);
    const text = await new Response(stored.body).text();
    for (const line of text.split('\n')) if (line.trim().startsWith(`${rid}-`)) names.add(line.trim());
  }
  for (const name of names) await files.delete(keyOf(name)).catch(() => undefined);
}

export const mediaJob = defineJob<MediaJobPayload>('authoring.media', processMedia, { maxAttempts: 3 });
