/**
 * `npm start` (examples/http/server.ts) in a process of its own, for the tests and benchmarks that
 * measure it from outside (issue #24): its event loop is not shared with the client's, and its memory
 * is its own (`VmHWM`).
 *
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The sandbox key of group 1 in the key file of {@link startServerProcess}. */
export const PROCESS_KEY_A = 'test_process_group1_key';
/** The sandbox key of group 2, another tenant. */
export const PROCESS_KEY_B = 'test_process_group2_key';
const VERSION = '2026-04-20';

/** A running server process. */
export interface ServerProcess {
  url: string;
  /** The server's own pid (node itself, no npm wrapper): `/proc/<pid>/status` is the server's. */
  pid: number;
  /** Everything it printed. */
  output(): string;
  stop(): Promise<void>;
}

function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, ...rest } = env;
  return rest;
}

/**
 * Starts the server on a free port over memory, with keys {@link PROCESS_KEY_A} (group 1) and
 * {@link PROCESS_KEY_B} (group 2) and no rate limit; `env` adds to or overrides its environment,
 * `nodeArgs` go to node (`--trace-gc`).
 *
 * @example
 * ```ts
 * const server = await startServerProcess({ FISCALKIT_THREADS: '1' });
 * await fetch(`${server.url}/accounts`, { headers: processHeaders(PROCESS_KEY_A) });
 * await server.stop();
 * ```
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const directory = mkdtempSync(join(tmpdir(), 'fiscalkit-server-'));
  const keys = join(directory, 'keys.json');
  writeFileSync(
    keys,
    JSON.stringify({
      groups: [
        { id: 1, api_version: null },
        { id: 2, api_version: null },
      ],
      keys: [
        { key: PROCESS_KEY_A, environment: 'sandbox', group: 1, expires_at: null },
        { key: PROCESS_KEY_B, environment: 'sandbox', group: 2, expires_at: null },
      ],
    }),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'examples/http/server.ts'],
    {
      env: {
        ...withoutDatabase(process.env),
        PORT: '0',
        FISCALKIT_KEYS: keys,
        FISCALKIT_RATE_LIMIT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /\(port (\d+)/.exec(output)?.[1];
      if (port !== undefined && /keys from/.test(output)) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${String(code)}:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, pid: child.pid as number, output: () => output, stop };
}

/**
 * The headers of a request with `key` in the newest version.
 *
 * @example
 * ```ts
 * await fetch(`${url}/accounts`, { headers: processHeaders(PROCESS_KEY_A) });
 * ```
 */
export function processHeaders(key: string): Record<string, string> {
  return { 'X-B2B-API-Key': key, 'X-B2B-API-Version': VERSION };
}

/**
 * Creates an Spanish account of `key`'s group with the given name and NIF; answers its id.
 *
 * @example
 * ```ts
 * const id = await createAccount(url, PROCESS_KEY_A, { name: 'Test company', nif: 'U2687761C' });
 * ```
 */
export async function createAccount(
  url: string,
  key: string,
  tin: { name: string; nif: string },
): Promise<number> {
  const response = await fetch(`${url}/accounts`, {
    method: 'POST',
    headers: { ...processHeaders(key), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      account: { name: tin.name, country: 'ES', tin_scheme: '9920', tin_value: tin.nif },
    }),
  });
  if (response.status !== 201)
    throw new Error(`account not created: ${String(response.status)} ${await response.text()}`);
  return ((await response.json()) as { account: { id: number } }).account.id;
}

/** A POST in flight: `sent` once its whole body is with the kernel, `answer` once it is answered. */
export interface PostInFlight {
  sent: Promise<void>;
  answer: Promise<{ status: number; body: string }>;
}

/**
 * POSTs `body` with its Content-Length. A server that refuses a body answers before it has all of it
 * and may close the connection while the client still sends: the failed write does not matter once
 * the answer has arrived.
 *
 * @example
 * ```ts
 * const upload = postBody(`${url}/accounts/1/ledgers/import`, PROCESS_KEY_A, xml, 'application/xml');
 * await upload.sent; // the server is reading or working on it
 * const { status } = await upload.answer;
 * ```
 */
export function postBody(url: string, key: string, body: string, contentType: string): PostInFlight {
  let sent!: () => void;
  const whenSent = new Promise<void>((resolve) => {
    sent = resolve;
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const target = new URL(url);
    let answered = false;
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: {
          ...processHeaders(key),
          'Content-Type': contentType,
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(body, () => sent());
  });
  return { sent: whenSent, answer };
}

/**
 * A process's peak resident memory in MB (`VmHWM` of `/proc/<pid>/status`).
 *
 * @example
 * ```ts
 * peakMegabytes(server.pid); // 157.2
 * ```
 */
export function peakMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kilobytes = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kilobytes / 1024;
}
