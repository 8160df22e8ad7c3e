/**
 * The PostgreSQL adapters of the id generator, event sink and blob store (issue #10), held to the same
 * contract suites as the memory adapters. Each factory call works in its own fresh schema.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BLOB_STORE_MIGRATION, postgresBlobStore } from '../../../src/adapters/postgres/blobStore.js';
import { EVENT_SINK_MIGRATION, postgresEventSink } from '../../../src/adapters/postgres/eventSink.js';
import { postgresIds } from '../../../src/adapters/postgres/ids.js';
import { describeBlobStoreContract } from '../../contracts/blobStore.js';
import { describeEventSinkContract } from '../../contracts/eventSink.js';
import { describeIdGeneratorContract } from '../../contracts/ids.js';

const url = process.env.DATABASE_URL;
const pools: pg.Pool[] = [];
const schemas: string[] = [];

/** A pool on a fresh schema holding `sql`. */
async function fresh(sql: string): Promise<pg.Pool> {
  const schema = `fk_ports_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
  if (sql !== '') await pool.query(sql);
  pools.push(pool);
  schemas.push(schema);
  return pool;
}

afterAll(async () => {
  for (const pool of pools) await pool.end();
  if (url === undefined) return;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

describe.skipIf(url === undefined)('fiscalkit/postgres ports (set DATABASE_URL to run them)', () => {
  describeIdGeneratorContract('postgresIds', async () => postgresIds(await fresh('')), {
    increasing: true,
    many: true,
  });
  it('postgresIds serves the calls of one turn, and those that arrive while a statement is out, with one statement each; sequences created once', async () => {
    const pool = await fresh('');
    const texts: string[] = [];
    const query = pool.query.bind(pool) as (config: unknown) => Promise<unknown>;
    (pool as unknown as { query: (config: unknown) => Promise<unknown> }).query = (config) => {
      texts.push(typeof config === 'string' ? config : (config as { text: string }).text);
      return query(config);
    };
    const ids = postgresIds(pool);
    const taken = await Promise.all([
      ...Array.from({ length: 100 }, () => ids.next('invoice')),
      ids.nextMany('invoice_line', 500).then((lines) => lines.length),
      ...Array.from({ length: 100 }, () => ids.next('account_event')),
    ]);
    expect(taken.slice(0, 100)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    expect(taken[100]).toBe(500);
    expect(taken.slice(101)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    // The 201 calls of one turn were served by one statement; calls made while it runs by the next.
    expect(texts.filter((text) => text.includes('nextval'))).toHaveLength(1);
    const first = ids.next('invoice');
    await Promise.resolve();
    const later = await Promise.all([ids.next('invoice'), ids.next('invoice')]);
    expect([await first, ...later]).toEqual([101, 102, 103]);
    expect(texts.filter((text) => text.includes('nextval'))).toHaveLength(3);
    expect(texts.filter((text) => text.startsWith('CREATE SEQUENCE'))).toHaveLength(3);
    await expect(ids.next('Not a kind')).rejects.toBeInstanceOf(TypeError);
  });
  describeEventSinkContract('postgresEventSink', async () =>
    postgresEventSink(await fresh(EVENT_SINK_MIGRATION)),
  );
  describeBlobStoreContract('postgresBlobStore', async () =>
    postgresBlobStore(await fresh(BLOB_STORE_MIGRATION)),
  );
});
