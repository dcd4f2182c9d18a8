#!/usr/bin/env node
// `npm run budget`: gzip bytes of JavaScript and CSS each built page loads, checked against
// budget.config.json. Counts a page's scripts, island components and renderers, inline scripts
// and styles, and every chunk they import statically (dynamic imports load on demand and are
// not counted), and how many script files that is (each one a request before the islands run). Fails when a page passes its budget or loads a render-blocking script.
// Usage: node scripts/budget.mjs [--json=out.json]
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuilt } from './lib/build.mjs';

const DIST = 'dist';
const config = JSON.parse(readFileSync('budget.config.json', 'utf8'));
const jsonOut = process.argv.find((a) => a.startsWith('--json='))?.slice(7);

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === '_astro' ? [] : htmlFiles(p);
    return name.endsWith('.html') ? [p] : [];
  });
}

const gz = (text) => gzipSync(text, { level: 9 }).length;
const sizeCache = new Map();

/** The gzip size of a JS file and of everything it imports statically, each counted once. */
function collectJs(url, seen) {
  if (seen.has(url)) return;
  seen.add(url);
  const file = join(DIST, url);
  if (!existsSync(file)) throw new Error(`missing asset ${url}`);
  const code = readFileSync(file, 'utf8');
  if (!sizeCache.has(url)) sizeCache.set(url, gz(code));
  const re = /(?:^|[;\s})])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  for (const m of code.matchAll(re)) collectJs(posix.join(posix.dirname(url), m[1]), seen);
}

function measure(htmlPath) {
  const html = readFileSync(htmlPath, 'utf8');
  const seen = new Set();
  let inlineJs = 0;
  let css = 0;
  const blocking = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1];
    const src = attrs.match(/\ssrc="([^"]+)"/)?.[1];
    if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
    if (src) {
      if (!/type="module"|\sasync|\sdefer/.test(attrs)) blocking.push(src);
      if (src.startsWith('/')) collectJs(src, seen);
    } else {
      inlineJs += gz(m[2]);
      for (const im of m[2].matchAll(/["'](\/_astro\/[^"']+\.js)["']/g)) collectJs(im[1], seen);
    }
  }
  for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) collectJs(m[1], seen);
  for (const m of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)) {
    const href = m[0].match(/href="([^"]+)"/)?.[1];
    if (href?.startsWith('/')) css += gz(readFileSync(join(DIST, href), 'utf8'));
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) css += gz(m[1]);
  const js = inlineJs + [...seen].reduce((sum, url) => sum + sizeCache.get(url), 0);
  return { js, css, blocking, scripts: seen.size };
}

function budgetFor(page) {
  const rule = (config.pages ?? []).find((r) => new RegExp(r.match).test(page));
  return { js: rule?.js ?? config.default.js, css: rule?.css ?? config.default.css };
}

if (!ensureBuilt()) {
  console.error('the site did not build');
  process.exit(1);
}
const rows = htmlFiles(DIST)
  .map((file) => {
    const page = `/${relative(DIST, file).split('\\').join('/')}`;
    const m = measure(file);
    const b = budgetFor(page);
    const ok = m.js <= b.js && m.css <= b.css && m.blocking.length === 0;
    return { page, ...m, budget: b, ok };
  })
  .sort((a, b) => a.page.localeCompare(b.page));

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const r of rows) {
  const flag = r.ok ? 'ok  ' : 'OVER';
  const extra = r.blocking.length ? `  render-blocking: ${r.blocking.join(', ')}` : '';
  console.log(`${flag} ${r.page.padEnd(52)} js ${kb(r.js).padStart(9)} / ${kb(r.budget.js)} in ${String(r.scripts).padStart(2)} files   css ${kb(r.css).padStart(8)} / ${kb(r.budget.css)}${extra}`);
}
const failed = rows.filter((r) => !r.ok).length;
const passed = rows.length - failed;
const maxJs = Math.max(...rows.map((r) => r.js));
console.log(`largest page JavaScript: ${kb(maxJs)} gzip`);
console.log(`budget: ${passed} passed, ${failed} failed`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ passed, failed, rows }, null, 2));
process.exit(failed ? 1 : 0);
