/**
 * Tenant data goes through the one data-access layer (`server/src/db/access/`): outside `db/`,
 * no gateway code imports a tenant table (one whose rows each belong to a company: a NOT NULL
 * `enterprise_id`) from the schema, and no module makes an area's queries itself instead of
 * asking `scoped(db, eid)` for them. Stores whose rows may belong to no company (verification
 * codes by phone, the job queue, the global enum options) are plumbing of their own. The seed
 * and the test helpers write demo and fixture rows directly and are not scanned.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableColumns, isTable, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';

const SRC = join(import.meta.dirname, '..');
const EXEMPT = ['db/', 'seed/', 'testing/', 'testing.ts'];

const tenantTables = new Set(
  Object.entries(schema)
    .filter(([, value]) => isTable(value) && getTableColumns(value as Table).enterpriseId?.notNull === true)
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
    expect(tenantTables).not.toContain('verificationCodes');
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

  it('hands out tenant data only through scoped handles', () => {
    const access = join(SRC, 'db', 'access');
    const factories = sourceFiles(access).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/^export (?:async )?function (\w+)\(\s*db: Db,\s*(?:eid|enterpriseId): string[,)]/gm)].map((m) => m[1]!).filter((name) => name !== 'scoped'),
    );
    expect(factories.length).toBeGreaterThan(15);
    const offenders = sourceFiles(SRC)
      .map((path) => relative(SRC, path).replaceAll('\\', '/'))
      .filter((path) => !EXEMPT.some((prefix) => path === prefix || path.startsWith(prefix)))
      .flatMap((path) => {
        const source = readFileSync(join(SRC, path), 'utf8');
        const made = factories.filter((name) => new RegExp(`\\b${name}\\(`).test(source));
        return made.length ? [`${path}: ${made.join(', ')}`] : [];
      });
    expect(offenders).toEqual([]);
  });
});
