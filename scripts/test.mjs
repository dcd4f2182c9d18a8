#!/usr/bin/env node
// Runs every test suite and prints a plain `N passed, N failed` line for each, then a total.
// Usage: node scripts/test.mjs [types|unit|gateway|site|budget|e2e ...]   (default: all, in this order)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from './lib/build.mjs';

const all = ['types', 'unit', 'gateway', 'site', 'budget', 'e2e'];
const chosen = process.argv.slice(2).filter((a) => all.includes(a));
const suites = chosen.length ? chosen : all;
const bin = (name) => join('node_modules', '.bin', name);
const tmp = mkdtempSync(join(tmpdir(), 'xt-test-'));

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function vitest(project) {
  const out = join(tmp, `${project}.json`);
  const status = run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  try {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    return { passed: r.numPassedTests, failed: r.numFailedTests + (status !== 0 && r.numFailedTests === 0 ? 1 : 0), skipped: r.numPendingTests + r.numTodoTests };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

function playwright() {
  const out = join(tmp, 'e2e.json');
  const status = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  try {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats;
    return { passed: s.expected + s.flaky, failed: s.unexpected + (status !== 0 && s.unexpected === 0 ? 1 : 0), skipped: s.skipped };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

/** Type checks: the site (astro check, which covers src/) and the gateway (tsc). */
function types() {
  const checks = [
    [bin('astro'), ['check']],
    [bin('tsc'), ['--noEmit', '-p', 'server']],
  ];
  const failed = checks.filter(([cmd, args]) => run(cmd, args) !== 0).length;
  return { passed: checks.length - failed, failed, skipped: 0 };
}

function budget() {
  const out = join(tmp, 'budget.json');
  const status = run(process.execPath, ['scripts/budget.mjs', `--json=${out}`]);
  try {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    return { passed: r.passed, failed: r.failed + (status !== 0 && r.failed === 0 ? 1 : 0), skipped: 0 };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

const results = [];
for (const suite of suites) {
  console.log(`\n=== ${suite} ===`);
  const began = Date.now();
  if (['site', 'budget', 'e2e'].includes(suite) && !ensureBuilt()) {
    results.push([suite, { passed: 0, failed: 1, skipped: 0 }]);
    console.log(`${suite}: 0 passed, 1 failed`);
    continue;
  }
  const r = suite === 'e2e' ? playwright() : suite === 'budget' ? budget() : suite === 'types' ? types() : vitest(suite);
  r.seconds = Math.round((Date.now() - began) / 1000);
  results.push([suite, r]);
  console.log(`${suite}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''} (${r.seconds} s)`);
}
rmSync(tmp, { recursive: true, force: true });

console.log('\n=== summary ===');
let passed = 0;
let failed = 0;
for (const [suite, r] of results) {
  console.log(`${suite}: ${r.passed} passed, ${r.failed} failed${r.seconds === undefined ? '' : ` (${r.seconds} s)`}`);
  passed += r.passed;
  failed += r.failed;
}
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
