// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { inlineEndpoints } from './scripts/lib/inline-endpoints.mjs';
import { learnerCommonChunk } from './scripts/lib/learner-chunks.mjs';
import { privateMedia } from './scripts/lib/private-media.mjs';
import { endpoints } from './src/api/endpoints.ts';
import { isPublicMedia } from './src/lib/public-media.ts';

export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  i18n: {
    locales: ['zh', 'en'],
    defaultLocale: 'zh',
    routing: { prefixDefaultLocale: false },
  },
  // Course media stay out of dist/: the gateway serves them only through signed URLs.
  integrations: [react(), privateMedia(isPublicMedia)],
  vite: {
    plugins: [tailwindcss(), inlineEndpoints(endpoints)],
    build: {
      rolldownOptions: {
        output: {
          // Fewer, larger shared chunks: React in one file, and the modules sixteen or more
          // learner islands share (stores, the client, icons' base, loading states) in another, instead
          // of dozens of sub-kilobyte files a page must fetch one after another before it can
          // hydrate. Modules fewer islands share stay split as before.
          codeSplitting: {
            groups: [
              { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
              // Counted over the learner site's entry points only (scripts/lib/learner-chunks.mjs):
              // the back office's islands share many modules, which learner pages must not load.
              { name: learnerCommonChunk(16), priority: 10 },
            ],
          },
        },
      },
    },
  },
});
