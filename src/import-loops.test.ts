/**
 * No file under `src/` reaches itself through its imports: static, type-only, re-exports and
 * dynamic `import()` alike, by relative path or the `@/` alias. Tests are left out.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(SRC);
const SOURCE = /\.(?:ts|tsx|astro)$/;
const TEST = /\.test\.tsx?$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.astro', '.d.ts', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !TEST.test(name) ? [path] : [];
  });
}

/** The module specifiers a file names: `from '…'`, `import '…'` and `import('…')`, outside comments. */
function specifiers(code: string): string[] {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = text.matchAll(/\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g);
  return [...found].map((m) => (m[1] ?? m[2])!);
}

/** The file a relative or `@/` specifier names, or undefined for a package or a non-source file. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined;
  for (const extension of EXTENSIONS) {
    const path = base + extension;
    if (SOURCE.test(path) && existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

/** Every cycle's files in order, one cycle per strongly connected group of files (Tarjan). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;

  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.includes(node)) groups.push(group);
  };

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups.map((group) => cycleThrough(graph, new Set(group), group.sort()[0]!));
}

/** One loop from `start` back to itself inside a strongly connected group (breadth first: the shortest). */
function cycleThrough(graph: Map<string, string[]>, group: Set<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

describe('import loops', () => {
  it('finds a loop in a small graph and names it', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a'], ['e', 'e']]);
  });

  it('reads static, type-only, re-exported and dynamic imports, not commented ones', () => {
    const code = [
      "import { a } from '@/a';",
      "import type { B } from './b';",
      "export { c } from '../c';",
      "import '@/d.css';",
      "const E = lazy(() => import('@/e'));",
      '/** @example import { f } from "@/f" */',
      "// import { g } from '@/g';",
    ].join('\n');
    expect(specifiers(code)).toEqual(['@/a', './b', '../c', '@/d.css', '@/e']);
  });

  it('has no file of src/ that imports itself through other files', () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(SRC)) {
      const targets = specifiers(readFileSync(file, 'utf8'))
        .map((specifier) => resolveSpecifier(file, specifier))
        .filter((target): target is string => target !== undefined);
      graph.set(file, [...new Set(targets)]);
    }
    expect(graph.size).toBeGreaterThan(100);
    const loops = findCycles(graph).map((cycle) => cycle.map((file) => relative(ROOT, file)).join(' → '));
    expect(loops).toEqual([]);
  });
});
