// Vite plugin for the browser build: `call('name', …)` in the API module files (src/api/*.ts)
// becomes `request(<that row of endpoints.ts>, …)`, and `upload('name', …)` becomes
// `uploadTo(<row>, …)`. A page then carries only the rows its calls use instead of the whole
// table, which is one module and cannot be tree-shaken by row. The server and the tests use
// endpoints.ts, `call` and `upload` unchanged.

const CALL = /\b(call|upload)(<[^>()]*(?:<[^>()]*>[^>()]*)*>)?\(\s*'(\w+)'/g;
/** What each named call becomes, given the row. */
const BY_ROW = { call: 'request', upload: 'uploadTo' };

/** @param {Record<string, unknown>} endpoints the table of src/api/endpoints.ts */
export function inlineEndpoints(endpoints) {
  return {
    name: 'xuetang:inline-endpoints',
    enforce: 'pre',
    /** @param {string} code @param {string} id @param {{ ssr?: boolean } | undefined} options */
    transform(code, id, options) {
      if (options?.ssr) return undefined;
      const file = id.split('?')[0];
      if (!/\/src\/api\/[\w-]+\.ts$/.test(file) || /\/(client|endpoints)\.ts$/.test(file)) return undefined;
      let calls = false;
      let uploads = false;
      let found = false;
      const out = code.replace(CALL, (_, fn, generic = '', name) => {
        const row = endpoints[name];
        if (!row) throw new Error(`${file}: no endpoint named "${name}" in src/api/endpoints.ts`);
        found = true;
        if (fn === 'call') calls = true;
        else uploads = true;
        return `${BY_ROW[fn]}${generic}(${JSON.stringify(row)}`;
      });
      if (!found) return undefined;
      let body = calls ? `import { request } from '@/api/client';\n${out.replace(/\bimport \{ call, /, 'import { ')}` : out;
      // Outside upload.ts, where it is defined, an upload by row needs uploadTo imported.
      if (uploads && !/\/upload\.ts$/.test(file)) body = `import { uploadTo } from '@/api/upload';\n${body}`;
      return { code: body, map: null };
    },
  };
}
