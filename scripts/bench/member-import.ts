/**
 * `npx tsx scripts/bench/member-import.ts [--rows=5000]`: a member import of generated rows
 * through the gateway, as the back office makes it: the spreadsheet uploaded and checked
 * (preview), then imported by its job (one transaction). Prints the time of each step; the
 * target is under 30 s for 5,000 rows. On the embedded database, or on PostgreSQL when
 * DATABASE_URL is set (a schema of its own, dropped after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportPreview, ImportStarted, ImportState } from '@/api/crm-people-types';
import { localFileStore } from '../../server/src/files/store';
import { generatedRows, memberSheet, uploadSheet } from '../../server/src/modules/people/test-support';
import { createTestApp } from '../../server/src/testing';

const rowsOption = process.argv.find((a) => a.startsWith('--rows='));
const count = Number(rowsOption?.slice('--rows='.length) ?? 5_000);
const TARGET_MS = 30_000;

const dir = mkdtempSync(join(tmpdir(), 'xt-bench-import-'));
const gw = await createTestApp({ files: localFileStore(dir) });
try {
  const token = await gw.login('E1004');
  const started = performance.now();
  const bytes = await memberSheet(generatedRows(count, 'K', 15000000000));
  const built = performance.now();

  const preview = await uploadSheet<ImportPreview>(gw, token, bytes);
  if (preview.body.code !== 200) throw new Error(`preview: ${preview.body.code} ${preview.body.msg}`);
  const previewed = performance.now();

  const commit = await gw.call<ImportStarted>('crmMemberImportCommit', { token, body: { id: preview.body.data.id } });
  if (commit.body.code !== 200) throw new Error(`commit: ${commit.body.code} ${commit.body.msg}`);
  await gw.jobs.runDue();
  const imported = performance.now();

  const state = await gw.call<ImportState>('crmMemberImportStatus', { token, body: { id: preview.body.data.id } });
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const total = imported - built;
  console.log(`member import, ${count} rows, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (${(bytes.length / 1024).toFixed(0)} KiB spreadsheet)`);
  console.log(`  spreadsheet made by the bench   ${seconds(built - started)}`);
  console.log(`  upload, read and check (preview) ${seconds(previewed - built)}   valid ${preview.body.data.valid}, refused ${preview.body.data.refused}`);
  console.log(`  import job (one transaction)     ${seconds(imported - previewed)}   ${state.body.data.status}: imported ${state.body.data.imported}, refused ${state.body.data.refused}`);
  console.log(`  preview + import                 ${seconds(total)}   target < ${seconds(TARGET_MS)}: ${total < TARGET_MS ? 'met' : 'MISSED'}`);
  if (state.body.data.imported !== count) process.exitCode = 1;
} finally {
  await gw.close();
  rmSync(dir, { recursive: true, force: true });
}
