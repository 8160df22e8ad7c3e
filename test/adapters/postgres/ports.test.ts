/**
 * The PostgreSQL adapters of the id generator, event sink and blob store (issue #10), held to the same
 * contract suites as the memory adapters. Each factory call works in its own fresh schema.
 */
import pg from 'pg';
import { afterAll, describe } from 'vitest';
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
  describeIdGeneratorContract('postgresIds', async () => postgresIds(await fresh('')), { increasing: true });
  describeEventSinkContract('postgresEventSink', async () =>
    postgresEventSink(await fresh(EVENT_SINK_MIGRATION)),
  );
  describeBlobStoreContract('postgresBlobStore', async () =>
    postgresBlobStore(await fresh(BLOB_STORE_MIGRATION)),
  );
});
