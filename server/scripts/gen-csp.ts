/**
 * Writes the nginx include that gives a build's pages their Content-Security-Policy: the
 * policy the gateway sends (`server/src/security.ts`) with the hashes of every inline script
 * of every page of the build. Run after each build, before reloading nginx:
 *
 *   npx tsx server/scripts/gen-csp.ts [dist] [/srv/xuetang/csp.conf] [--connect https://…] [--media https://…]
 *
 * Without an output file it prints the include.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildScriptHashes, contentSecurityPolicy, parseSources, type CspSources } from '../src/security';

/** The include: one `add_header` line, for every answer of the location (404 pages too). */
export async function renderCspInclude(distDir: string, sources: CspSources = {}): Promise<string> {
  const hashes = await buildScriptHashes(distDir);
  if (hashes.length === 0) throw new Error(`No inline scripts found under ${distDir}: is it a build?`);
  const policy = contentSecurityPolicy(hashes, sources);
  return `# Content-Security-Policy of the build in ${distDir} (${hashes.length} inline scripts).\n` +
    `# Written by server/scripts/gen-csp.ts; regenerate after each build.\n` +
    `add_header Content-Security-Policy "${policy}" always;\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { connect: { type: 'string', multiple: true }, media: { type: 'string', multiple: true } },
  });
  const [dist = 'dist', out] = positionals;
  const include = await renderCspInclude(resolve(dist), {
    connect: parseSources(values.connect?.join(' ')),
    media: parseSources(values.media?.join(' ')),
  });
  if (out) {
    writeFileSync(out, include);
    console.log(`wrote ${out}`);
  } else {
    process.stdout.write(include);
  }
}
