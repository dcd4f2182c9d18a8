/**
 * The gateway's layers: plumbing (everything under `server/src/` outside `modules/`, the
 * composition roots and the seed aside) imports no module; a module imports another module only
 * through its `service.ts`; and modules import each other in no loop.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const MODULES = join(SRC, 'modules');
/** Files that put the modules together or fill them with demo data. */
const ROOTS = ['app.ts', 'index.ts', 'testing.ts', 'seed/', 'testing/'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') && !entry.name.startsWith('test-support') ? [path] : [];
  });
}

/** The files a source file imports by relative path (type-only imports included), without extension. */
function importsOf(path: string): string[] {
  const source = readFileSync(path, 'utf8');
  return [...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => {
    const target = resolve(dirname(path), m[1]!);
    return existsSync(target) && statSync(target).isDirectory() ? join(target, 'index') : target;
  });
}

const moduleOf = (path: string): string | undefined => {
  const rel = relative(MODULES, path);
  return rel.startsWith('..') ? undefined : rel.split(/[\\/]/)[0];
};

describe('gateway layers', () => {
  const files = sourceFiles(SRC);

  it('plumbing imports no module', () => {
    const offenders = files
      .filter((path) => moduleOf(path) === undefined)
      .filter((path) => !ROOTS.some((root) => relative(SRC, path).replaceAll('\\', '/').startsWith(root)))
      .flatMap((path) => importsOf(path).filter((target) => moduleOf(target) !== undefined).map((target) => `${relative(SRC, path)} → ${relative(SRC, target)}`));
    expect(offenders).toEqual([]);
  });

  it('a module reaches another only through its service.ts', () => {
    const offenders = files.flatMap((path) => {
      const own = moduleOf(path);
      if (!own) return [];
      return importsOf(path)
        .filter((target) => {
          const other = moduleOf(target);
          return other !== undefined && other !== own && relative(join(MODULES, other), target) !== 'service';
        })
        .map((target) => `${relative(SRC, path)} → ${relative(SRC, target)}`);
    });
    expect(offenders).toEqual([]);
  });

  it('modules import each other in no loop', () => {
    const edges = new Map<string, Set<string>>();
    for (const path of files) {
      const own = moduleOf(path);
      if (!own) continue;
      for (const target of importsOf(path)) {
        const other = moduleOf(target);
        if (other && other !== own) edges.set(own, (edges.get(own) ?? new Set()).add(other));
      }
    }
    expect(edges.size).toBeGreaterThan(5);
    const loops: string[] = [];
    const visit = (node: string, path: string[]) => {
      if (path.includes(node)) return void loops.push([...path.slice(path.indexOf(node)), node].join(' → '));
      for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
    };
    for (const start of edges.keys()) visit(start, []);
    expect(loops).toEqual([]);
  });
});
