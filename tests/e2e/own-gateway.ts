/**
 * A gateway process a test owns: started on its own port and data folder (seeded on the first
 * start), killed outright like a crash, and started again on the same data. For tests that need
 * the gateway to go away in the middle (the exam runner keeps answers while it is down).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { test } from '@playwright/test';
import { rmSync } from 'node:fs';
import { CAPTCHA_ANSWER } from './signin-support';

export interface OwnGateway {
  port: number;
  /** `http://localhost:<port>`: the site and the gateway of company one. */
  origin: string;
  /** Starts the gateway and waits until it answers. */
  start(): Promise<void>;
  /** Kills the gateway at once (SIGKILL), as a crash would. */
  stop(): Promise<void>;
}

const READY_TIMEOUT = 120_000;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** A gateway on `port` with the data folder `.e2e-data/own-<port>` (emptied now) and the run's built site. */
export function ownGateway(port: number): OwnGateway {
  const origin = `http://localhost:${port}`;
  const dataDir = `.e2e-data/own-${port}`;
  const probe = `${origin}/gateway/system/api/website/view?domain=localhost`;
  rmSync(dataDir, { recursive: true, force: true });
  let child: ChildProcess | undefined;
  let log = '';

  return {
    port,
    origin,
    async start() {
      if (child) throw new Error('the gateway is running');
      if (await answers(probe)) throw new Error(`port ${port} is taken`);
      log = '';
      // Its own process group, so that the kill reaches the node process tsx starts as well.
      const proc = spawn('node_modules/.bin/tsx', ['server/src/index.ts'], {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          DIST_DIR: process.env.DIST_DIR ?? 'dist',
          GATEWAY_PREFIX: '/gateway',
          CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER,
        },
      });
      child = proc;
      proc.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      proc.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      const deadline = Date.now() + READY_TIMEOUT;
      while (Date.now() < deadline) {
        if (proc.exitCode !== null) throw new Error(`the gateway exited (${proc.exitCode}):\n${log}`);
        if (await answers(probe)) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`the gateway did not answer within ${READY_TIMEOUT} ms:\n${log}`);
    },
    async stop() {
      const proc = child;
      if (!proc?.pid) return;
      child = undefined;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      try {
        process.kill(-proc.pid, 'SIGKILL');
      } catch {
        proc.kill('SIGKILL');
      }
      if (proc.exitCode === null && proc.signalCode === null) await exited;
      // Wait until nothing answers on the port any more.
      while (await answers(probe)) await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
}

/**
 * Runs the calling file's tests on a gateway of its own on `port`: the file's base URL, started
 * before its tests and stopped after them, so that what the file changes reaches no other file.
 */
export function useOwnGateway(port: number): OwnGateway {
  const gw = ownGateway(port);
  test.use({ baseURL: gw.origin });
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    await gw.start();
  });
  test.afterAll(async () => {
    await gw.stop();
  });
  return gw;
}
