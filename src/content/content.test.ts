// Editors' Markdown: the same files in both languages, and shell overrides named after routes.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routes } from '@/i18n/routes';

const names = (collection: string, locale: string) =>
  readdirSync(fileURLToPath(new URL(`./${collection}/${locale}`, import.meta.url)))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .sort();

describe('content collections', () => {
  it.each(['shell', 'pages'])('%s holds the same entries in zh and en', (collection) => {
    expect(names(collection, 'en')).toEqual(names(collection, 'zh'));
  });

  it('has the generic coming-soon text and overrides only for route ids', () => {
    const ids = new Set<string>(routes.map((r) => r.id));
    const entries = names('shell', 'zh');
    expect(entries).toContain('coming-soon');
    expect(entries.filter((n) => n !== 'coming-soon' && !ids.has(n))).toEqual([]);
  });

  it('has the agreement, the enterprise app page and the footer', () => {
    expect(names('pages', 'zh')).toEqual(['agreement', 'appCompany', 'footer']);
  });
});
