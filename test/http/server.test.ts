/**
 * `npm start` (examples/http/server.ts) as a newcomer runs it: a real process that serves the API,
 * prints a ready sandbox key, and runs the background worker.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

// biome-ignore lint/suspicious/noExplicitAny: the test reads arbitrary JSON
const json = async (response: Response): Promise<any> => response.json();

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, ...rest } = env;
  return rest;
}

/** Starts the server and answers its base URL once it prints the key line. */
async function start(env: Record<string, string>): Promise<{ url: string; output: string; pid: number }> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'examples/http/server.ts'], {
    // The memory service unless the test names a database (CI sets DATABASE_URL for the whole run).
    env: { ...withoutDatabase(process.env), PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = server;
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 20_000);
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /\(port (\d+)/.exec(output)?.[1];
      if (port !== undefined && /API key|keys from/.test(output)) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}`, output, pid: server.pid as number });
      }
    });
    server.on('exit', (code) => reject(new Error(`the server exited with ${String(code)}:\n${output}`)));
  });
}

describe('npm start', () => {
  it('serves the API with the printed sandbox key, and runs the worker', async () => {
    const { url, output } = await start({ FISCALKIT_API_KEY: 'test_smoke_key_123' });
    expect(output).toContain('API key: test_smoke_key_123');
    const headers = { 'X-B2B-API-Key': 'test_smoke_key_123', 'X-B2B-API-Version': '2026-04-20' };
    const created = await fetch(`${url}/accounts`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        account: { name: 'ACME SL', country: 'ES', tin_scheme: '9920', tin_value: 'B12345674' },
      }),
    });
    expect(created.status).toBe(201);
    const list = await fetch(`${url}/accounts`, { headers });
    expect(list.status).toBe(200);
    expect((await json(list)).meta.total_count).toBe(1);
    // The worker runs in the background: a TIN verification reaches a final state without help.
    const posted = await fetch(`${url}/tin_verifications?country=es`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify([{ tin: 'B12345674', name: 'ACME SL' }]),
    });
    expect(posted.status).toBe(202);
    const { id } = await json(posted);
    let status = 'pending';
    for (let attempt = 0; attempt < 100 && status === 'pending'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await json(await fetch(`${url}/tin_verifications/${String(id)}`, { headers }))).status;
    }
    expect(status).toBe('success');
    const anonymous = await fetch(`${url}/accounts`);
    expect(anonymous.status).toBe(401);
  }, 30_000);

  it('refuses a key of another environment when started as production', async () => {
    const { url } = await start({ FISCALKIT_ENV: 'production', FISCALKIT_API_KEY: 'test_smoke_key_456' });
    const response = await fetch(`${url}/accounts`, {
      headers: { 'X-B2B-API-Key': 'test_smoke_key_456', 'X-B2B-API-Version': '2026-04-20' },
    });
    expect(response.status).toBe(401);
    expect((await json(response)).error.code).toBe('unauthorized');
  }, 30_000);
});

describe.skipIf(process.env.DATABASE_URL === undefined)('npm start with DATABASE_URL (issue #10)', () => {
  it('serves from PostgreSQL: migrated on start, and what one process wrote another reads', async () => {
    const schema = `fk_server_${Math.random().toString(36).slice(2, 10)}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(process.env.DATABASE_URL as string);
    url.searchParams.set('options', `-c search_path=${schema}`);
    try {
      const headers = { 'X-B2B-API-Key': 'test_smoke_pg_key', 'X-B2B-API-Version': '2026-04-20' };
      const first = await start({ DATABASE_URL: url.toString(), FISCALKIT_API_KEY: 'test_smoke_pg_key' });
      expect(first.output).toContain('postgres storage');
      const created = await fetch(`${first.url}/accounts`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          account: { name: 'ACME SL', country: 'ES', tin_scheme: '9920', tin_value: 'B12345674' },
        }),
      });
      expect(created.status).toBe(201);
      const { account } = await json(created);
      child?.kill('SIGTERM');
      // A second process on the same database sees the account (the key's group owns it there too).
      const second = await start({ DATABASE_URL: url.toString(), FISCALKIT_API_KEY: 'test_smoke_pg_key' });
      const read = await fetch(`${second.url}/accounts/${String(account.id)}`, { headers });
      expect(read.status).toBe(200);
      expect((await json(read)).account.name).toBe('ACME SL');
      const tables = await admin.query(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'fiscalkit_migrations'`,
        [schema],
      );
      expect(tables.rows[0].n).toBe(1);
    } finally {
      child?.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  }, 60_000);

  it('FISCALKIT_PROCESSES=2 serves one port from two processes, and replaces one that dies', async () => {
    const schema = `fk_server_${Math.random().toString(36).slice(2, 10)}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(process.env.DATABASE_URL as string);
    url.searchParams.set('options', `-c search_path=${schema}`);
    try {
      const fleet = await start({ DATABASE_URL: url.toString(), FISCALKIT_PROCESSES: '2' });
      expect(fleet.output).toContain('postgres storage, 2 processes');
      // One seeded key for the whole fleet, printed once.
      const key = /API key: (\S+)/.exec(fleet.output)?.[1] ?? '';
      expect(fleet.output.match(/API key:/g)).toHaveLength(1);
      const headers = { 'X-B2B-API-Key': key, 'X-B2B-API-Version': '2026-04-20' };
      const created = await fetch(`${fleet.url}/accounts`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          account: { name: 'ACME SL', country: 'ES', tin_scheme: '9920', tin_value: 'B12345674' },
        }),
      });
      expect(created.status).toBe(201);
      const { account } = await json(created);
      // Every answer comes from the one database, whichever process gave it.
      const requestIds = new Set<string>();
      for (let i = 0; i < 6; i += 1) {
        const read = await fetch(`${fleet.url}/accounts/${String(account.id)}`, {
          headers: { ...headers, Connection: 'close' },
        });
        expect(read.status).toBe(200);
        expect((await json(read)).account.name).toBe('ACME SL');
        requestIds.add(read.headers.get('X-B2B-API-Request-Id') ?? '');
      }
      // Request ids come from one sequence, whichever process answered: never the same twice.
      expect(requestIds.size).toBe(6);
      // A process killed outright is replaced, and the port keeps answering.
      const children = await listChildren(fleet.pid);
      expect(children).toHaveLength(2);
      process.kill(children[0] as number, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await listChildren(fleet.pid)).toHaveLength(2);
      for (let i = 0; i < 4; i += 1) {
        const read = await fetch(`${fleet.url}/accounts/${String(account.id)}`, {
          headers: { ...headers, Connection: 'close' },
        });
        expect(read.status).toBe(200);
      }
    } finally {
      child?.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  }, 60_000);
});

describe('npm start as a fleet, refused', () => {
  it('FISCALKIT_PROCESSES > 1 without DATABASE_URL: in memory each process would be a service of its own', async () => {
    await expect(start({ FISCALKIT_PROCESSES: '2' })).rejects.toThrow(
      'FISCALKIT_PROCESSES > 1 needs DATABASE_URL',
    );
  }, 30_000);

  it('a fleet whose processes cannot start stops with an error instead of starting them again and again', async () => {
    const failure = start({
      FISCALKIT_PROCESSES: '2',
      DATABASE_URL: 'postgres://fiscalkit@127.0.0.1:1/none',
      // No wait for a database that is not there yet (issue #24; test/scale/databaseRestart.test.ts
      // tests the wait): the process fails to start at once.
      FISCALKIT_DB_WAIT_MS: '0',
    });
    await expect(failure).rejects.toThrow(/exited with 1[\s\S]*failed to start/);
  }, 30_000);
});

/** The pids of a process's children (the fleet's processes), from /proc. */
async function listChildren(pid: number): Promise<number[]> {
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(`/proc/${String(pid)}/task/${String(pid)}/children`, 'utf8');
  return text
    .trim()
    .split(/\s+/)
    .filter((part) => part !== '')
    .map(Number);
}
