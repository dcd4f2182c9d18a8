/**
 * The benchmark's baseline: a bare Hono app on the same database, with the same connection
 * settings as the gateway, answering one indexed SELECT per request (an enterprise's domain
 * row by its primary key) as JSON. It says `bare on http://…` once it listens.
 *
 * Environment: PORT, DATABASE_URL (PostgreSQL) or PGLITE_DIR (the embedded database's folder),
 * DATABASE_POOL_SIZE.
 */
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { openDatabase, poolSizeFrom } from '../../server/src/db/client';
import { enterpriseDomains } from '../../server/src/db/schema';

const env = process.env;
const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: poolSizeFrom(env) } : { dataDir: env.PGLITE_DIR },
);
const { db } = database;

const app = new Hono();
app.get('/bare', async (c) => {
  const [row] = await db
    .select()
    .from(enterpriseDomains)
    .where(eq(enterpriseDomains.domain, c.req.query('domain') ?? 'localhost'))
    .limit(1);
  return c.json({ code: 200, data: row ?? null });
});

const server = serve({ fetch: app.fetch, port: Number(env.PORT ?? 4690), hostname: '127.0.0.1' }, (info) => {
  console.log(`bare on http://127.0.0.1:${info.port}`);
});

async function stop(): Promise<void> {
  await new Promise<void>((done) => server.close(() => done()));
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
