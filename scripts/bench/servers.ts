/**
 * Processes of the benchmark: the gateway (as `npm start` runs it: tsx, NODE_ENV=production)
 * and the bare baseline, each started on loopback and stopped by SIGTERM. The run's own
 * PostgreSQL database comes from the fault runs' `ownDatabase`.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerOptions {
  name: string;
  /** The script tsx runs. */
  script: string;
  port: number;
  env: Record<string, string>;
  /** The start of the line the process prints once it listens. */
  ready: string;
}

/** One server process, started and stopped by the benchmark. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private readonly output: string[] = [];
  constructor(readonly options: ServerOptions) {}

  get base(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  /** Starts it; resolves once it listens, rejects (and kills it) when it exits first or takes longer than `timeoutMs`. */
  start(timeoutMs = 300_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', this.options.script], {
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(this.options.port), ...this.options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`${this.options.name} did not start in ${timeoutMs} ms:\n${this.output.slice(-15).join('\n')}`));
      }, timeoutMs);
      const onLine = (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          this.output.push(line);
          if (this.output.length > 200) this.output.shift();
          if (line.startsWith(this.options.ready)) {
            clearTimeout(timer);
            resolve();
          }
        }
      };
      child.stdout!.on('data', onLine);
      child.stderr!.on('data', onLine);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${this.options.name} exited (${signal ?? code}) before listening:\n${this.output.slice(-15).join('\n')}`));
      });
    });
  }

  /** The last lines it printed (errors during a run). */
  lastLines(n = 10): string[] {
    return this.output.slice(-n);
  }

  /** SIGTERM, then SIGKILL after 15 s; resolves once it is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  }
}
