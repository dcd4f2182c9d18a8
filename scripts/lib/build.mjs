// Builds the site when dist/ is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'];
const STAMP = join('dist', '.build-stamp');

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

/** True when dist/ is up to date after the call (built now or already). */
export function ensureBuilt({ force = false } = {}) {
  const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  const stale = force || !built || SOURCES.some((s) => newest(s) > built);
  if (!stale) return true;
  console.log('Building the site (astro build)…');
  const res = spawnSync(join('node_modules', '.bin', 'astro'), ['build'], { stdio: 'inherit' });
  if (res.status !== 0) return false;
  writeFileSync(STAMP, new Date().toISOString());
  return true;
}
