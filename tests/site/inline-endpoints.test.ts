// The browser build's plugin that puts each call's row in place of `call('name')`.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@/api/endpoints';
import { inlineEndpoints } from '../../scripts/lib/inline-endpoints.mjs';

const plugin = inlineEndpoints(endpoints);
const transform = (code: string, id = '/repo/src/api/user.ts', ssr = false) =>
  plugin.transform(code, id, { ssr }) as { code: string } | undefined;

describe('inlineEndpoints', () => {
  it('replaces a named call with a request carrying that row', () => {
    const out = transform(
      "import { call, type CallOptions } from '@/api/client';\nexport const f = () => call<UserInfo>('currentUser', opts);",
    )!.code;
    expect(out).toContain(`request<UserInfo>(${JSON.stringify(endpoints.currentUser)}, opts)`);
    expect(out).toContain("import { request } from '@/api/client';");
    expect(out).not.toMatch(/\bcall\b/);
  });

  it('turns a named upload outside upload.ts into uploadTo with the row, imported', () => {
    const out = transform(
      "import { upload, type UploadOptions } from '@/api/upload';\nexport const f = (form) => upload<ImportPreview>('crmMemberImportPreview', form);",
      '/repo/src/api/crm-people.ts',
    )!.code;
    expect(out).toContain(`uploadTo<ImportPreview>(${JSON.stringify(endpoints.crmMemberImportPreview)}, form)`);
    expect(out).toContain("import { uploadTo } from '@/api/upload';");
    const own = transform("export const g = (form) => upload('uploadPic', form);", '/repo/src/api/upload.ts')!.code;
    expect(own).not.toContain('import { uploadTo }');
  });

  it('leaves the server build, the client and the table alone', () => {
    const code = "call('currentUser')";
    expect(transform(code, '/repo/src/api/user.ts', true)).toBeUndefined();
    expect(transform(code, '/repo/src/api/client.ts')).toBeUndefined();
    expect(transform(code, '/repo/src/components/header/Header.tsx')).toBeUndefined();
  });

  it('refuses a name that is not in the table', () => {
    expect(() => transform("call('noSuchCall')")).toThrow(/noSuchCall/);
  });

  it('keeps rows used only by sign-in pages out of the pages that only have the header', () => {
    const page = readFileSync(join('dist', 'exam', 'index.html'), 'utf8');
    const scripts = [...page.matchAll(/(?:component-url|renderer-url|src)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const seen = new Set<string>();
    const walk = (url: string) => {
      if (seen.has(url)) return;
      seen.add(url);
      const code = readFileSync(join('dist', url), 'utf8');
      for (const m of code.matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g)) walk(`/_astro/${m[1]}`);
    };
    scripts.forEach(walk);
    const shipped = [...seen].map((u) => readFileSync(join('dist', u), 'utf8')).join('\n');
    expect(shipped).toContain(endpoints.currentUser.path);
    expect(shipped).not.toContain(endpoints.scanConfig.path);
    expect(readdirSync(join('dist', '_astro')).length).toBeGreaterThan(0);
  });
});
