// Vite plugin for the browser build: `call('name', …)` in the API module files (src/api/*.ts)
// becomes `request(<that row of endpoints.ts>, …)`. A page then carries only the rows its
// calls use instead of the whole table, which is one module and cannot be tree-shaken by row.
// The server and the tests use endpoints.ts and `call` unchanged.

const CALL = /\bcall(<[^>()]*(?:<[^>()]*>[^>()]*)*>)?\(\s*'(\w+)'/g;

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
      let found = false;
      const out = code.replace(CALL, (_, generic = '', name) => {
        const row = endpoints[name];
        if (!row) throw new Error(`${file}: no endpoint named "${name}" in src/api/endpoints.ts`);
        found = true;
        return `request${generic}(${JSON.stringify(row)}`;
      });
      if (!found) return undefined;
      return { code: `import { request } from '@/api/client';\n${out.replace(/\bimport \{ call, /, 'import { ')}`, map: null };
    },
  };
}
