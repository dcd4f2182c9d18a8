// Runs the end-to-end suite with Chromium's console in its log and counts every
// Content-Security-Policy and Permissions-Policy error any page printed, across the whole run.
// The test that injects a script on purpose is left out. Prints `N passed, N failed` for the
// pages' policy (one check: zero errors) and exits non-zero on any error or failed test.
//
// Usage: E2E_PORT=4800 node scripts/csp-audit.mjs [playwright args…]
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from './lib/build.mjs';

if (!ensureBuilt()) process.exit(1);
const logFile = join(mkdtempSync(join(tmpdir(), 'xt-csp-audit-')), 'browser.log');
const log = createWriteStream(logFile);
const child = spawn(
  'node_modules/.bin/playwright',
  ['test', '-c', 'tests/e2e/csp-audit.config.ts', '--reporter=line', '--grep-invert', 'slipped into a page', ...process.argv.slice(2)],
  { env: { ...process.env, DEBUG: 'pw:browser' }, stdio: ['ignore', 'pipe', 'pipe'] },
);
const errors = [];
let summary = '';
let rest = '';
function scan(chunk) {
  log.write(chunk);
  const lines = (rest + chunk.toString()).split('\n');
  rest = lines.pop() ?? '';
  for (const line of lines) {
    if (/CONSOLE.*(Content Security Policy|Permissions-Policy)/i.test(line)) errors.push(line.replace(/^.*CONSOLE:\d+\] /, ''));
    if (/^\s+\d+ (passed|failed|flaky)/.test(line)) summary += `${line.trim()}\n`;
  }
}
child.stdout.on('data', scan);
child.stderr.on('data', scan);
child.on('close', (code) => {
  log.end();
  for (const e of errors) console.log(`policy error: ${e.slice(0, 400)}`);
  console.log(summary.trim());
  console.log(`browser log: ${logFile}`);
  console.log(`policy errors across the run: ${errors.length}`);
  // The run itself must have gone through: a suite that did not start proves nothing.
  const ok = errors.length === 0 && code === 0 && summary !== '';
  if (code !== 0) console.log(`the end-to-end run exited with ${code}`);
  console.log(`csp-audit: ${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
  process.exit(ok ? 0 : 1);
});
