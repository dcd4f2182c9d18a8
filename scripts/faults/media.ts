/**
 * The media fault run: an administrator uploads a video into the library with the tus protocol,
 * the gateway is killed with SIGKILL in the middle of the upload and again in the middle of the
 * transcode, and started again each time. The upload goes on from the offset the gateway reports;
 * the transcode is taken again when its lease runs out (JOB_LEASE_SECONDS, short here) and ends
 * `ready` once: one resource, one job (two tries), one audit record, every segment its playlists
 * name in the file store and no half-written file left.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { TOKEN_HEADER } from '@/api/codes';
import type { CrmResource } from '@/api/crm-course-types';
import type { PageResult } from '@/api/types';
import { MEDIA_UPLOAD_PATH } from '@/lib/authoring-rules';
import { openDatabase } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/access/course-cards';
import { call, GatewayProcess, send, signIn, sleep, since } from './gateway';

const ADMIN = 'E1004';
const NAME = '故障演练视频';
/** Seconds of the test video: long enough that its transcode is under way when the kill comes. */
const SECONDS = 40;
const LEASE_SECONDS = 6;

export interface MediaRunResult {
  checks: [boolean, string][];
  figures: Record<string, string | number>;
}

/** Runs the media fault run on PGlite in a data folder of its own, on `port`. */
export async function mediaRun(port: number, verbose: boolean): Promise<MediaRunResult> {
  const checks: [boolean, string][] = [];
  const check = (ok: boolean, what: string) => checks.push([ok, what]);
  const dataDir = mkdtempSync(join(tmpdir(), 'xt-faults-media-'));
  const gateway = new GatewayProcess({ name: 'media', port, env: { DATA_DIR: dataDir, JOB_LEASE_SECONDS: String(LEASE_SECONDS) }, verbose });
  const figures: Record<string, string | number> = {};
  try {
    const source = join(dataDir, 'source.mp4');
    execFileSync('ffmpeg', [
      '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=330',
      '-t', String(SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source,
    ]);
    const video = readFileSync(source);
    await gateway.start();
    let token = await signIn(gateway.base, ADMIN);
    const tus = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
      send(gateway.base, method, path, { host: 'localhost', headers: { 'Tus-Resumable': '1.0.0', [TOKEN_HEADER]: token, ...headers }, body, timeoutMs: 60_000 });

    // The upload: the first half, a kill, then the rest from the offset the gateway reports.
    const created = await tus('POST', `/gateway/${MEDIA_UPLOAD_PATH}`, {
      'Upload-Length': String(video.length),
      'Upload-Metadata': `filename ${Buffer.from(`${NAME}.mp4`).toString('base64')}`,
    });
    const path = String(created.headers.location);
    const half = Math.floor(video.length / 2);
    await tus('PATCH', path, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, video.subarray(0, half));
    await gateway.kill9();
    await gateway.start();
    token = await signIn(gateway.base, ADMIN);
    const offset = Number((await tus('HEAD', path, {})).headers['upload-offset']);
    check(offset === half, `after a kill the upload resumes at the offset the gateway had confirmed (${offset} of ${video.length})`);
    const finished = await tus('PATCH', path, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, video.subarray(offset));
    const resourceId = String(finished.headers['upload-resource'] ?? '');
    check(finished.status === 204 && resourceId.length === 36, `the rest of the upload completes it (${finished.status})`);

    // The transcode: killed once it is well under way.
    const library = async () =>
      (await call<PageResult<CrmResource>>(gateway.base, 'crmResourcePage', { token, body: { keyword: NAME } })).list.find((r) => r.id === resourceId);
    let progressAtKill = 0;
    for (let waited = 0; waited < 120_000; waited += 250) {
      const row = await library();
      if (row && row.progress >= 25 && row.state === 'processing') {
        progressAtKill = row.progress;
        break;
      }
      if (row?.state !== 'processing') break;
      await sleep(250);
    }
    check(progressAtKill >= 25, `the transcode was under way when the gateway was killed (${progressAtKill}%)`);
    const killedAt = performance.now();
    await gateway.kill9();
    await gateway.start();
    token = await signIn(gateway.base, ADMIN);
    let row = await library();
    while (row?.state === 'processing' && since(killedAt) < 240_000) {
      await sleep(500);
      row = await library();
    }
    figures['kill → ready ms'] = since(killedAt);
    check(row?.state === 'ready', `the transcode was redone and the video is ready (${row?.state}: ${row?.failure ?? ''})`);
    check(row?.duration === SECONDS, `its length was read from the file (${row?.duration} s)`);
    await gateway.stop();

    // Once: one resource, one job of two tries, one audit record; every named segment stored, nothing half-written.
    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      const [counts] = rowsOf<{ resources: number; jobs: number; attempts: number; audits: number; eid: string }>(
        await database.db.execute(sql`select (select count(*) from resources where name_zh = ${NAME})::int as resources,
                   (select count(*) from jobs where kind = 'authoring.media' and payload->>'resourceId' = ${resourceId})::int as jobs,
                   (select max(attempts) from jobs where kind = 'authoring.media' and payload->>'resourceId' = ${resourceId})::int as attempts,
                   (select count(*) from audit_log where object_type = 'resource' and object_id = ${resourceId})::int as audits,
                   (select enterprise_id from resources where id = ${resourceId}::uuid)::text as eid`),
      );
      check(counts?.resources === 1 && counts.jobs === 1 && counts.audits === 1, `one resource, one job, one audit record (${counts?.resources}, ${counts?.jobs}, ${counts?.audits})`);
      check(counts?.attempts === 2, `the job ran twice: cut by the kill, then to the end (${counts?.attempts})`);
      figures['job tries'] = counts?.attempts ?? 0;
      const folder = join(dataDir, 'files', counts!.eid);
      const stored = new Set(readdirSync(folder));
      const master = readFileSync(join(folder, `${resourceId}.m3u8`), 'utf8');
      const variants = master.split('\n').filter((l) => l.endsWith('.m3u8'));
      const segments = variants.flatMap((v) => readFileSync(join(folder, v), 'utf8').split('\n').filter((l) => l.endsWith('.ts')));
      check(variants.length === 2 && segments.length > 0 && segments.every((s) => stored.has(s)), `both renditions' ${segments.length} segments are stored`);
      check([...stored].every((f) => !f.endsWith('.partial')), 'no half-written file is left');
      figures.segments = segments.length;
      check(!existsSync(join(dataDir, 'uploads', path.split('/').pop()!)), "the upload's bytes left the upload store");
    } finally {
      await database.close();
    }
  } finally {
    await gateway.kill9();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { checks, figures };
}
