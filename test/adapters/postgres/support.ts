/**
 * A PostgreSQL database for a test: `DATABASE_URL` (the suite skips without it), a fresh schema of its
 * own (`fk_<random>`) so that parallel test files never see each other's rows, a pool whose
 * connections work in it (`search_path`), and a cleanup that ends the pool and drops the schema.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../../../src/adapters/postgres/migrations.js';

/** The database the PostgreSQL suite runs against, or undefined (the suite then skips). */
export const DATABASE_URL: string | undefined = process.env.DATABASE_URL || undefined;

/** The name of a skipped suite says why: `describe.skipIf(!DATABASE_URL)(suiteName('…'), …)`. */
export function suiteName(name: string): string {
  if (DATABASE_URL !== undefined) return name;
  const why = 'skipped: set DATABASE_URL to a PostgreSQL database to run it';
  // Also said on the console: a skipped suite's name shows only in a verbose report.
  console.warn(`${name} ${why}`);
  return `${name} (${why})`;
}

/** A fresh schema, a pool on it, and how to throw both away. */
export interface PgTestContext {
  pool: pg.Pool;
  schema: string;
  /** Ends the pool and drops the schema with everything in it. */
  cleanup(): Promise<void>;
}

/** Options of {@link pgTestContext}. */
export interface PgTestContextOptions {
  /** Run `migrate` in the schema (all of fiscalkit's tables); default true. */
  migrate?: boolean;
  /** The pool's size; default 4. */
  max?: number;
}

/** A fresh schema name: `fk_` and 12 random hex digits. */
export function freshSchemaName(): string {
  return `fk_${randomBytes(6).toString('hex')}`;
}

/** A pool whose every connection works in `schema` (its `search_path`). */
export function schemaPool(schema: string, max = 4): pg.Pool {
  return new pg.Pool({ connectionString: DATABASE_URL, max, options: `-c search_path=${schema}` });
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh schema (migrated unless told not to) and a pool on it. Call `cleanup` when done (an
 * `afterAll`).
 */
export async function pgTestContext(options: PgTestContextOptions = {}): Promise<PgTestContext> {
  if (DATABASE_URL === undefined) throw new Error('pgTestContext needs DATABASE_URL');
  const schema = freshSchemaName();
  await admin((client) => client.query(`create schema ${schema}`));
  const pool = schemaPool(schema, options.max);
  if (options.migrate !== false) await migrate(pool);
  return {
    pool,
    schema,
    async cleanup() {
      await pool.end();
      await admin((client) => client.query(`drop schema if exists ${schema} cascade`));
    },
  };
}

/** Runs `work` with a fresh {@link pgTestContext}, cleaning up after it whatever happens. */
export async function withSchema<T>(
  work: (context: PgTestContext) => Promise<T>,
  options: PgTestContextOptions = {},
): Promise<T> {
  const context = await pgTestContext(options);
  try {
    return await work(context);
  } finally {
    await context.cleanup();
  }
}
