/**
 * Errors reach components as outcomes (`@/api/outcome`), never as envelope codes: no component
 * imports the codes, `NO_ENVELOPE` or `ApiError`, or reads the `code` of an error. Tests are left
 * out (they build the errors the outcomes are made of).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const COMPONENTS = dirname(fileURLToPath(import.meta.url));
const FORBIDDEN_NAMES = ['Code', 'CodeValue', 'NO_ENVELOPE', 'isSignOutCode', 'ApiError'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(?:ts|tsx|astro)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** What a file does that only the API layer may: the names it imports and the error codes it reads. */
function violations(code: string): string[] {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const [, names = ''] of text.matchAll(/\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"][^'"]+['"]/g)) {
    for (const entry of names.split(',')) {
      const name = entry.replace(/^\s*type\s+/, '').split(/\s+as\s+/)[0]!.trim();
      if (FORBIDDEN_NAMES.includes(name)) found.push(`imports ${name}`);
    }
  }
  for (const [read] of text.matchAll(/\b(?:e|err|error|reason|cause|failure)\??\.code\b|\bas\s+ApiError\b/g)) {
    found.push(`reads ${read}`);
  }
  return found;
}

describe('components and errors', () => {
  it('spots an imported code and a read error code', () => {
    const code = [
      "import { ApiError, call } from '@/api/client';",
      "import { Code, type CodeValue } from '@/api/codes';",
      'if (error?.code === Code.NOT_FOUND) show();',
      '/** error.code is fine in a comment */',
      'const item = { code: 1 }; use(item.code);',
    ].join('\n');
    expect(violations(code)).toEqual(['imports ApiError', 'imports Code', 'imports CodeValue', 'reads error?.code']);
  });

  it('has no component that branches on envelope codes', () => {
    const found = files(COMPONENTS).flatMap((file) =>
      violations(readFileSync(file, 'utf8')).map((what) => `${relative(COMPONENTS, file)} ${what}`),
    );
    expect(found).toEqual([]);
  });
});
