#!/usr/bin/env node
// `npm start`: builds the site when needed, then runs the gateway, which serves dist/ and the API.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt } from './lib/build.mjs';

if (!ensureBuilt({ force: process.argv.includes('--build') })) process.exit(1);

const child = spawn(join('node_modules', '.bin', 'tsx'), ['server/src/index.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
