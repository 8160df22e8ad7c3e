/**
 * `npm start` itself, as a user runs it (issue #19: clients "run unchanged against `npm start`"): the
 * `start` script of package.json (`tsx examples/http/server.ts`), over memory (no `DATABASE_URL`), with
 * the sandbox key it makes up and prints, the default rate limit and worker. Only the port is chosen,
 * a free loopback one, so that test files running side by side do not collide.
 *
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { PROJECT_ROOT } from './shared.js';

/** A running `npm start`. */
export interface NpmStart {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The sandbox key `npm start` made up and printed (`API key: test_…`). */
  key: string;
  /** Everything it printed. */
  output(): string;
  /** Stops it (SIGTERM to its process group: npm, the shell, tsx and the server). */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The environment of a plain `npm start`: the caller's, without what would make it something else
 * (`DATABASE_URL`, `FISCALKIT_*` such as a key file or a process count), and with `PORT`.
 */
function plainEnvironment(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (name !== 'DATABASE_URL' && name !== 'PORT' && !name.startsWith('FISCALKIT_')) env[name] = value;
  env.PORT = String(port);
  return env;
}

/**
 * Runs `npm start` in the project on a free port and waits for its banner.
 *
 * @example
 * ```ts
 * const server = await startNpmStart();
 * await fetch(`${server.url}/accounts`, { headers: { 'X-B2B-API-Key': server.key, 'X-B2B-API-Version': '2026-03-02' } });
 * await server.stop();
 * ```
 */
export async function startNpmStart(): Promise<NpmStart> {
  const port = await freePort();
  // Its own process group (detached), so that stop() reaches the server behind npm, sh and tsx.
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    env: plainEnvironment(port),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // The group is gone already.
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signal('SIGTERM');
    // The server gives requests and the worker up to 12 s (examples/http/server.ts); then it is killed.
    const timer = setTimeout(() => signal('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const key = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not start:\n${output}`)), 60_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const seeded = /^API key: (\S+)$/m.exec(output)?.[1];
      if (seeded !== undefined && output.includes(`(port ${String(port)},`)) {
        clearTimeout(timer);
        resolve(seeded);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${String(code)}:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url: `http://127.0.0.1:${String(port)}`, key, output: () => output, stop };
}
