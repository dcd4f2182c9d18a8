/**
 * `npm run scale-demo`: two gateway replicas on one PostgreSQL behind the round-robin proxy
 * (`proxy.mjs`), all on loopback, and checks that they behave as one gateway: a session made on
 * one works on the other, sign-in failures, captchas and verification codes count across both,
 * the live unread badge follows announcements and reads made on the other replica, an overdue
 * paper is handed in once, a picture uploaded on one is served by the other (both keep files in
 * one S3-compatible bucket, a loopback stand-in here), and the proxy keeps serving when one
 * replica is killed.
 *
 * Options: --port=N (5170: the proxy; the replicas take the next two), --verbose.
 * PostgreSQL: FAULTS_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), on which the demo
 * makes and drops a database of its own.
 */
import { request } from 'node:http';
import type { ExamTaskItem, PaperSession } from '@/api/exam-types';
import type { ImageCaptcha, PageResult } from '@/api/types';
import { Code, TOKEN_HEADER } from '@/api/codes';
import { endpoints } from '@/api/endpoints';
import { startS3Standin } from '../../server/src/testing/standins/s3';
import { call, CallError, DEMO_PASSWORD, GatewayProcess, ownDatabase, retry, signIn, sleep } from '../faults/gateway';
import { startProxy } from './proxy.mjs';

const args = process.argv.slice(2);
const port = Number(args.find((a) => a.startsWith('--port='))?.slice(7) ?? 5170);
const verbose = args.includes('--verbose');
const CAPTCHA = 'scale1';
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
};
const refusal = async (work: () => Promise<unknown>): Promise<CallError | undefined> => {
  try {
    await work();
    return undefined;
  } catch (error) {
    if (error instanceof CallError) return error;
    throw error;
  }
};

/** The unread stream through the proxy: its count events as they come, and which replica holds it. */
function openUnreadStream(base: string, token: string) {
  const counts: { at: number; total: number }[] = [];
  let upstream = '';
  const target = new URL(`/gateway/${endpoints.unreadStream.path}`, base);
  const req = request({ host: target.hostname, port: target.port, path: target.pathname, headers: { host: `localhost:${target.port}`, [TOKEN_HEADER]: token } }, (res) => {
    upstream = String(res.headers['x-upstream'] ?? '');
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((l) => l.startsWith('data:'));
        if (block.includes('event: count') && data) counts.push({ at: performance.now(), total: (JSON.parse(data.slice(5)) as { total: number }).total });
      }
    });
  });
  req.on('error', () => {});
  req.end();
  return {
    counts,
    upstream: () => upstream,
    /** The next count after `after` (performance.now()), within `ms`. */
    async countAfter(after: number, ms = 5_000) {
      const deadline = performance.now() + ms;
      while (performance.now() < deadline) {
        const found = counts.find((c) => c.at > after);
        if (found) return found;
        await sleep(20);
      }
      return undefined;
    },
    close: () => req.destroy(),
  };
}

/** Uploads a picture as the avatar call does (multipart); answers its `/files/…` address. */
function uploadPicture(base: string, token: string, png: Buffer): Promise<string | undefined> {
  const boundary = `----xt${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scale.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const target = new URL(`/gateway/${endpoints.uploadPic.path}`, base);
  return new Promise((resolve) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path: target.pathname,
        headers: {
          host: `localhost:${target.port}`,
          [TOKEN_HEADER]: token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.byteLength,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            const envelope = JSON.parse(text) as { code: number; data?: { url?: string } };
            resolve(envelope.code === 200 ? envelope.data?.url : undefined);
          } catch {
            resolve(undefined);
          }
        });
      },
    );
    req.on('error', () => resolve(undefined));
    req.end(body);
  });
}

/** The bytes at a path of a replica, with the company's host. */
function fetchBytes(base: string, path: string): Promise<{ status: number; body: Buffer } | undefined> {
  const target = new URL(path, base);
  return new Promise((resolve) => {
    request({ host: target.hostname, port: target.port, path: target.pathname, headers: { host: `localhost:${target.port}` } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }));
    })
      .on('error', () => resolve(undefined))
      .end();
  });
}

const database = await ownDatabase(`xt_scale_${process.pid}`);
const bucket = { bucket: 'xt-scale', region: 'us-east-1', accessKeyId: 'XTSCALE', secretAccessKey: 'scale-demo-secret' };
const s3 = await startS3Standin(bucket);
const env = {
  DATABASE_URL: database.url,
  TRUST_PROXY: '1',
  CAPTCHA_TEST_ANSWER: CAPTCHA,
  S3_ENDPOINT: s3.endpoint,
  S3_BUCKET: bucket.bucket,
  S3_REGION: bucket.region,
  S3_ACCESS_KEY_ID: bucket.accessKeyId,
  S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
};
const replicas = [1, 2].map((n) => new GatewayProcess({ name: `replica ${n}`, port: port + n, env, verbose }));
let proxy: { url: string; served: number[]; close(): Promise<void> } | undefined;
const figures: Record<string, string | number> = {};
try {
  console.log('== two gateway replicas on one PostgreSQL behind a round-robin proxy ==');
  // The first start migrates and seeds; the second waits for it on the database's lock.
  const started = await Promise.all(replicas.map((r) => r.start()));
  const running = await startProxy({ port, targets: replicas.map((r) => r.base) });
  proxy = running;
  const via = running.url;
  console.log(`  proxy ${via} → ${replicas.map((r) => r.base).join(', ')} (started in ${started.join(' and ')} ms)`);
  const [one, two] = replicas.map((r) => r.base) as [string, string];

  // Sessions
  const token = await signIn(via, 'E1001');
  const everywhere = await Promise.all([one, two, via, via].map((b) => refusal(() => call(b, 'unreadCount', { token }))));
  check(everywhere.every((e) => e === undefined), 'a session made through the proxy works on replica 1, replica 2 and through the proxy');
  const other = await signIn(one, 'E1006');
  // Replica 1 now holds the session in its cache (5 s); the sign-out on replica 2 reaches it over NOTIFY.
  await call(one, 'unreadCount', { token: other });
  await call(two, 'logout', { token: other });
  const signedOut = Date.now();
  let ended = false;
  while (!ended && Date.now() - signedOut < 1_000) {
    ended = (await refusal(() => call(one, 'unreadCount', { token: other })))?.code === Code.UNAUTHORIZED;
    if (!ended) await new Promise((done) => setTimeout(done, 20));
  }
  check(ended, `signing out on replica 2 ends the session cached on replica 1 (within ${Date.now() - signedOut} ms)`);

  // Sign-in failures, by account, counted wherever they land
  const wrong = (base: string) => refusal(() => call(base, 'loginByEmpNo', { body: { empNo: 'E1007', password: 'not-the-password' } }));
  const tries = [await wrong(one), await wrong(two)];
  const third = await refusal(() => call(one, 'loginByEmpNo', { body: { empNo: 'E1007', password: DEMO_PASSWORD } }));
  check(
    tries.every((e) => e?.code === 321) && third?.code === 321 && /verification code|captcha|验证码/i.test(third.message),
    `two failed sign-ins, one per replica, make the third ask for a captcha (${third?.message ?? 'no refusal'})`,
  );

  // Captcha requests: 60 per client address in 10 minutes, counted across both replicas
  let granted = 0;
  let refusedAt = 0;
  for (let i = 1; i <= 61; i++) {
    const e = await refusal(() => call<ImageCaptcha>(via, 'imageCaptcha'));
    if (e === undefined) granted++;
    else if (e.code === 429 && !refusedAt) refusedAt = i;
  }
  check(granted === 60 && refusedAt === 61, `captchas: ${granted} granted through both replicas, request ${refusedAt} refused (limit 60 per address)`);

  // Verification codes: a second request for the phone within a minute, on the other replica
  const codeFor = async (base: string) => {
    // The captcha limit above is spent for 127.0.0.1: this client comes from another address.
    const headers = { 'x-forwarded-for': '10.20.30.40' };
    const captcha = await call<ImageCaptcha>(base, 'imageCaptcha', { headers });
    return refusal(() =>
      call(base, 'sendVerificationCode', { headers, body: { phone: '13816620381', scene: 'login', captchaKey: captcha.captchaKey, captchaCode: CAPTCHA } }),
    );
  };
  const firstCode = await codeFor(one);
  const secondCode = await codeFor(two);
  check(firstCode === undefined && secondCode?.code === 429, `a code sent by replica 1; replica 2 refuses another within 60 s (${secondCode?.message ?? 'sent'})`);

  // The live unread badge
  const learner = await signIn(via, 'E1002');
  const admin = await signIn(via, 'E1004');
  const stream = openUnreadStream(via, learner);
  const initial = await stream.countAfter(0);
  const holder = Number(stream.upstream());
  const elsewhere = holder === 1 ? two : one;
  const publishedAt = performance.now();
  const saved = await call<{ id: string }>(elsewhere, 'announcementSave', {
    token: admin,
    body: { titleZh: '扩容演示公告', titleEn: 'Scale-out notice', contentZh: '两个副本', contentEn: 'Two replicas' },
  });
  const raised = await stream.countAfter(publishedAt);
  check(
    initial !== undefined && raised?.total === initial.total + 1,
    `an announcement published on replica ${holder === 1 ? 2 : 1} raises the badge held by replica ${holder} (${initial?.total} → ${raised?.total}, ${raised ? Math.round(raised.at - publishedAt) : '–'} ms)`,
  );
  const readAt = performance.now();
  await call(elsewhere, 'messageView', { token: learner, query: { id: saved.id } });
  const lowered = await stream.countAfter(readAt);
  check(lowered?.total === initial?.total, `reading it on the other replica lowers the badge again (${lowered ? Math.round(lowered.at - readAt) : '–'} ms)`);
  figures['badge: publish → event ms'] = raised ? Math.round(raised.at - publishedAt) : '–';
  figures['badge: read → event ms'] = lowered ? Math.round(lowered.at - readAt) : '–';
  stream.close();

  // The deadline sweeper of both replicas: an overdue paper is handed in, once
  const examinee = await signIn(via, 'E1003');
  const tasks = await call<PageResult<ExamTaskItem>>(via, 'examTaskRecordPage', { token: examinee, body: { pageSize: 100 } });
  const task = tasks.list.find((t) => t.name === 'General assessment')!;
  const paper = await call<PaperSession>(via, 'examStart', { token: examinee, body: { taskId: task.taskId } });
  const { default: pg } = await import('pg');
  const sqlClient = new pg.Client({ connectionString: database.url });
  await sqlClient.connect();
  await sqlClient.query(`update exam_papers set deadline_at = now() - interval '1 minute' where id = $1`, [paper.paperId]);
  const sweptAt = performance.now();
  const swept = await retry(async () => {
    const { rows } = await sqlClient.query<{ status: number; submit_reason: string }>('select status, submit_reason from exam_papers where id = $1', [paper.paperId]);
    if (rows[0]!.status === 0) throw new Error('still open');
    return rows[0]!;
  }, 40_000, 250);
  await sqlClient.end();
  check(swept.submit_reason === 'timeout', `an overdue paper is handed in by a sweeper ${Math.round((performance.now() - sweptAt) / 1000)} s after its deadline passed (reason "${swept.submit_reason}")`);

  // Files: uploaded on one replica, served by the other from the shared bucket
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const uploaded = await uploadPicture(one, token, png);
  const served = uploaded ? await fetchBytes(two, uploaded) : undefined;
  check(
    !!uploaded && !!served && served.status === 200 && Buffer.compare(served.body, png) === 0 && s3.objects.size > 0,
    `a picture uploaded on replica 1 is served by replica 2 from the shared bucket (${uploaded ?? 'upload failed'} → ${served?.status ?? '–'})`,
  );

  // One replica killed: the proxy carries on with the other, sessions included
  await replicas[0]!.kill9();
  const afterKill = await Promise.all(Array.from({ length: 6 }, () => refusal(() => call(via, 'unreadCount', { token }))));
  check(
    afterKill.every((e) => e === undefined),
    `replica 1 killed with SIGKILL: six calls through the proxy all answered by replica 2, same session${afterKill.some(Boolean) ? ` (${afterKill.map((e) => e?.message ?? 'ok').join('; ')})` : ''}`,
  );

  figures['requests answered (replica 1 / replica 2)'] = running.served.join(' / ');
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  console.error(error);
} finally {
  await proxy?.close();
  await Promise.all(replicas.map((r) => r.stop()));
  await database.drop();
  await s3.close();
}

for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
console.log(`\nscale-demo: ${failures.length === 0 ? 'every check passed' : `${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`}`);
process.exit(failures.length === 0 ? 0 : 1);
