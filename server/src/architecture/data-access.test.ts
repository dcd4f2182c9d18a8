/**
 * Tenant data goes through the one data-access layer (`server/src/db/access/`): outside `db/`,
 * no gateway code imports a tenant table (one with an `enterprise_id` column) from the schema.
 * The seed and the test helpers write demo and fixture rows directly and are not scanned.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableColumns, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';

const SRC = join(import.meta.dirname, '..');
const EXEMPT = ['db/', 'seed/', 'testing/', 'testing.ts'];

const tenantTables = new Set(
  Object.entries(schema)
    .filter(([, value]) => isTable(value) && 'enterpriseId' in getTableColumns(value))
    .map(([name]) => name),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') && !entry.name.startsWith('test-support') ? [path] : [];
  });
}

/** The tenant tables a file imports as values from the schema. */
function tenantTablesImported(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"][./]+(?:db\/)?schema(?:\/[\w-]+)?['"]/g)) {
    if (match[1]) continue;
    for (const item of match[2]!.split(',')) {
      const name = item.trim();
      if (!name || name.startsWith('type ')) continue;
      const imported = name.split(/\s+as\s+/)[0]!;
      if (tenantTables.has(imported)) found.push(imported);
    }
  }
  return found;
}

describe('data-access layer', () => {
  it('knows the tenant tables', () => {
    expect(tenantTables.size).toBeGreaterThan(40);
    expect(tenantTables).toContain('courses');
    expect(tenantTables).not.toContain('users');
  });

  it('is the only gateway code that imports tenant tables', () => {
    const offenders = sourceFiles(SRC)
      .map((path) => relative(SRC, path).replaceAll('\\', '/'))
      .filter((path) => !EXEMPT.some((prefix) => path === prefix || path.startsWith(prefix)))
      .flatMap((path) => {
        const tables = tenantTablesImported(readFileSync(join(SRC, path), 'utf8'));
        return tables.length ? [`${path}: ${tables.join(', ')}`] : [];
      });
    expect(offenders).toEqual([]);
  });
});
