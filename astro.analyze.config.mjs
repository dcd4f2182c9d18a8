import base from './astro.config.mjs';
export default { ...base, outDir: '/tmp/dist-analyze', vite: { ...base.vite, build: { sourcemap: true } } };
