/**
 * A PostgreSQL server of a test's own (issue #24's restart test): a fresh cluster in a temporary
 * directory, on a free loopback port, that the test may stop, start and restart without touching the
 * server every other test file shares (`DATABASE_URL`). It needs PostgreSQL's programs (`initdb`,
 * `pg_ctl`): from `FISCALKIT_PG_BIN` (set by `.ci/postgres.sh`), Debian's /usr/lib/postgresql/<n>/bin,
 * or the PATH. As root (CI), the cluster belongs to the `postgres` user, since PostgreSQL refuses root.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running throwaway server. */
export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/fiscalkit`. */
  readonly url: string;
  /** Stops it (`pg_ctl stop -m fast`: sessions are ended, as in a restart); nothing if it is stopped. */
  stop(): void;
  /** Starts it again on the same port and data; nothing if it runs. */
  start(): void;
  /** Stops it and removes its directory. */
  destroy(): void;
}

/** The directory of PostgreSQL's programs, or null when there is none. */
export function postgresBin(): string | null {
  const candidates: string[] = [];
  if (process.env.FISCALKIT_PG_BIN) candidates.push(process.env.FISCALKIT_PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    for (const version of readdirSync(debian).sort().reverse()) candidates.push(join(debian, version, 'bin'));
  for (const directory of (process.env.PATH ?? '').split(':'))
    if (directory !== '') candidates.push(directory);
  return (
    candidates.find(
      (directory) => existsSync(join(directory, 'initdb')) && existsSync(join(directory, 'pg_ctl')),
    ) ?? null
  );
}

/** Why {@link throwawayPostgres} cannot run here, or null when it can. */
export function throwawayPostgresUnavailable(): string | null {
  if (postgresBin() === null) return 'PostgreSQL (initdb, pg_ctl) is not installed';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a postgres user to own the cluster';
    }
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** Runs a PostgreSQL program, as the `postgres` user when this process is root. */
function run(bin: string, program: string, args: readonly string[]): void {
  const command = join(bin, program);
  if (process.getuid?.() === 0) {
    const quoted = [command, ...args].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'ignore' });
  } else execFileSync(command, [...args], { stdio: 'ignore' });
}

/**
 * Makes and starts a throwaway cluster with a `fiscalkit` database. Call `destroy` when done.
 *
 * @example
 * const server = await throwawayPostgres();
 * server.stop(); server.start(); server.destroy();
 */
export async function throwawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  if (bin === null) throw new Error('PostgreSQL (initdb, pg_ctl) is not installed');
  const data = mkdtempSync(join(tmpdir(), 'fiscalkit-pg-restart-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(data, uid, gid);
  }
  const port = await freePort();
  run(bin, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust']);
  const options = `-p ${String(port)} -k ${data} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  // Started and stopped only from here: both are no-ops when it already is so.
  let running = false;
  const start = () => {
    if (running) return;
    run(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', join(data, 'log'), '-w', 'start']);
    running = true;
  };
  const stop = () => {
    if (!running) return;
    run(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    running = false;
  };
  start();
  run(bin, 'createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'fiscalkit']);
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${String(port)}/fiscalkit`,
    stop,
    start,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(data, { recursive: true, force: true });
    },
  };
}
