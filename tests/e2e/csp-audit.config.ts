/**
 * The end-to-end suite with Chromium's console written to its log, for `scripts/csp-audit.mjs`,
 * which counts the policy errors (content and permissions policies) across the whole run.
 */
import { fileURLToPath } from 'node:url';
import base from '../../playwright.config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const log = ['--enable-logging=stderr', '--log-level=0'];
const servers = Array.isArray(base.webServer) ? base.webServer : base.webServer ? [base.webServer] : [];

export default {
  ...base,
  testDir: '.',
  outputDir: `${root}test-results`,
  webServer: servers.map((s) => ({ ...s, cwd: root })),
  projects: base.projects!.map((p) => ({
    ...p,
    use: { ...p.use, launchOptions: { ...p.use!.launchOptions, args: [...(p.use!.launchOptions!.args ?? []), ...log] } },
  })),
};
