/**
 * Gateway test runs on the embedded database: migrate and seed one database before the first
 * test file, and hand its dump to every test app (`createTestApp` opens a copy of it), instead of
 * creating, migrating and seeding one per file. Runs on PostgreSQL make their own schemas.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTemplate, TEMPLATE_ENV } from '../testing';

export default async function setup(): Promise<() => void> {
  if (process.env.DATABASE_URL) return () => {};
  const dir = mkdtempSync(join(tmpdir(), 'xt-template-'));
  const file = join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await (await makeTemplate()).arrayBuffer()));
  process.env[TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
