import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores, one on a 2-core machine. The gateway's
    // test files spend much of their time waiting on their database (PostgreSQL over a socket
    // above all), so two files at once.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'gateway',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/src/testing/template-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'site', include: ['tests/site/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
