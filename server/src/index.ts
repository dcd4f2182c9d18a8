/**
 * Starts the gateway: `npx tsx server/src/index.ts` from the repository root.
 *
 * PORT (4321), HOST (0.0.0.0), DATABASE_URL (PostgreSQL; else PGlite in DATA_DIR/pglite, ./data),
 * DATABASE_POOL_SIZE (10 connections to PostgreSQL), DATABASE_PREPARE (`off`: no named prepared statements),
 * GATEWAY_PREFIX (/gateway), DIST_DIR (./dist, served when it exists), TRUST_PROXY (1 behind
 * a reverse proxy that sets X-Forwarded-For and X-Forwarded-Proto), H5_URL (the mobile site phones
 * are sent to), CSP_CONNECT_SRC and CSP_MEDIA_SRC (origins the pages may call or play from beyond
 * their own, space-separated), and
 * the mail, sign-in and outbox settings listed in the README.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, DEFAULT_GATEWAY_PREFIX, normalizePrefix } from './app';
import { createJobRunner } from './jobs/runner';
import { localUploadStore, s3UploadStore } from './files/upload-store';
import { openDatabase, poolSizeFrom } from './db/client';
import { s3FileStore, s3OptionsFromEnv } from './files/s3';
import { localFileStore } from './files/store';
import { startUploadSweeper } from './files/uploads';
import { closeUnreadStreams, unreadNotifier } from './notify/unread';
import { postgresTransport } from './notify/transport';
import { catalogue, CATALOGUE_CHANNEL } from './db/access/catalogue-cache';
import { startExamSweeper } from './modules/exam/sweeper';
import { createSessionCache, SESSION_CHANNEL } from './sessions/cache';
import { prepareDatabase } from './prepare';
import { parseSources } from './security';
import { tenantChanges, TENANT_CHANNEL } from './tenant';

/** How long an idle kept-alive connection stays open. */
const KEEP_ALIVE_MS = 65_000;

const env = process.env;
const port = Number(env.PORT ?? 4321);
const host = env.HOST ?? '0.0.0.0';
const gatewayPrefix = normalizePrefix(env.GATEWAY_PREFIX ?? DEFAULT_GATEWAY_PREFIX);
const distDir = resolve(env.DIST_DIR ?? 'dist');
const dataDir = resolve(env.DATA_DIR ?? 'data');
/** The embedded database has a folder of its own beside the outbox and uploaded files. */
const pgliteDir = join(dataDir, 'pglite');

const database = await openDatabase(
  env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL, poolSize: poolSizeFrom(env), prepareStatements: env.DATABASE_PREPARE !== 'off' }
    : { dataDir: pgliteDir },
);
/**
 * Uploaded and exported files, also the demo's exports written by the first seed: in the data
 * folder, or in an S3-compatible bucket when `S3_BUCKET` is set (replicas then share them).
 */
const s3 = s3OptionsFromEnv(env);
const files = s3 ? s3FileStore(s3) : localFileStore(join(dataDir, 'files'));
// Resumable uploads collect their bytes beside them: any replica may take the next part.
const uploads = s3 ? s3UploadStore(s3) : localUploadStore(join(dataDir, 'uploads'));
const { migrations, seeded } = await prepareDatabase(database, undefined, files);

const stopExamSweeper = startExamSweeper(database.db);
// Uploads that no saved object names a day after they were made leave the store (once, whichever replica sees them).
const stopUploadSweeper = startUploadSweeper(database.db, files, undefined, uploads);
// Background jobs (mail, …) of every kind the modules define, claimed from the database; every
// process on the same database runs them, each job once.
// A job's lease (JOB_LEASE_SECONDS, 60 by default): how long a job whose process died waits before another takes it.
const leaseSeconds = Number(env.JOB_LEASE_SECONDS) > 0 ? Number(env.JOB_LEASE_SECONDS) : undefined;
const jobRunner = createJobRunner({ db: database.db, services: { files, uploads }, leaseSeconds });
// Replicas on one PostgreSQL tell each other of unread changes (LISTEN/NOTIFY).
// So do the members whose cached sessions must be forgotten (a sign-out, a new password) and the
// companies whose course catalogue changed (a like, a rating, a first opening), and those whose
// site settings changed (branding, domains, navigation: the enterprise cache).
const sessions = createSessionCache();
const transports = env.DATABASE_URL
  ? await Promise.all(
      (
        [
          [unreadNotifier, undefined],
          [sessions, SESSION_CHANNEL],
          [catalogue, CATALOGUE_CHANNEL],
          [tenantChanges, TENANT_CHANNEL],
        ] as const
      ).map(async ([listener, channel]) => {
        const transport = postgresTransport({ connectionString: env.DATABASE_URL!, db: database.db, channel });
        await listener.useTransport(transport);
        await transport.ready();
        return transport;
      }),
    )
  : [];

const hasSite = existsSync(distDir);
const app = createApp({
  db: database.db,
  files,
  uploads,
  gatewayPrefix,
  distDir: hasSite ? distDir : undefined,
  sessions,
  trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  h5Url: env.H5_URL ?? '',
  csp: { connect: parseSources(env.CSP_CONNECT_SRC), media: parseSources(env.CSP_MEDIA_SRC) },
});

jobRunner.start();

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const notes = [
    `API ${gatewayPrefix}`,
    hasSite ? `site ${distDir}` : `no site (${distDir} missing: npm run build)`,
    database.kind === 'postgres' ? 'PostgreSQL' : `PGlite ${pgliteDir}`,
    migrations ? `${migrations} migration(s) applied` : '',
    seeded ? 'demo companies seeded' : '',
  ].filter(Boolean);
  console.log(`Xuetang on http://${shown}:${info.port} (${notes.join('; ')})`);
});

// An idle kept-alive connection is closed only after clients and load balancers have stopped
// reusing it (they keep one up to 60 s); Node's 5 s default lets a request that reuses the
// connection just as it closes fail with a reset.
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  stopExamSweeper();
  stopUploadSweeper();
  // Open unread streams would hold the server open until their clients leave.
  closeUnreadStreams();
  await Promise.all(transports.map((t) => t.close()));
  await new Promise<void>((done) => server.close(() => done()));
  // Jobs under way finish (or are taken again by another process once their lease runs out).
  await jobRunner.stop();
  await database.close();
  clearTimeout(timer);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
