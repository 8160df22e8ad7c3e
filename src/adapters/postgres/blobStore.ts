/**
 * A {@link BlobStore} on PostgreSQL (`bytea`), tenant-scoped like the repositories. A host with
 * object storage plugs its own adapter in; this one keeps a fleet self-contained.
 *
 * @module
 */
import type { Pool } from 'pg';
import type { BlobStore } from '../../ports.js';

/** The table of {@link postgresBlobStore} (a step of `migrate`). */
export const BLOB_STORE_MIGRATION = `
CREATE TABLE IF NOT EXISTS fiscalkit_blobs (
  id bigint PRIMARY KEY,
  account_id bigint NOT NULL,
  filename text NOT NULL,
  content_type text NOT NULL,
  bytes bytea NOT NULL
);
`;

/**
 * The blob store on PostgreSQL (table `fiscalkit_blobs`, created by `migrate`).
 *
 * @example
 * ```ts
 * const blobs = postgresBlobStore(pool);
 * await blobs.put({ id: 7, account_id: 1, filename: 'logo.png', content_type: 'image/png', bytes });
 * ```
 */
export function postgresBlobStore(pool: Pick<Pool, 'query'>): BlobStore {
  return {
    async put(blob) {
      await pool.query(
        `INSERT INTO fiscalkit_blobs (id, account_id, filename, content_type, bytes) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET account_id = EXCLUDED.account_id, filename = EXCLUDED.filename,
           content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes`,
        [blob.id, blob.account_id, blob.filename, blob.content_type, Buffer.from(blob.bytes)],
      );
    },
    async get(account_id, id) {
      const { rows } = await pool.query<{ filename: string; content_type: string; bytes: Buffer }>(
        'SELECT filename, content_type, bytes FROM fiscalkit_blobs WHERE id = $1 AND account_id = $2',
        [id, account_id],
      );
      const row = rows[0];
      return row === undefined
        ? null
        : {
            id,
            account_id,
            filename: row.filename,
            content_type: row.content_type,
            bytes: new Uint8Array(row.bytes),
          };
    },
    async remove(account_id, id) {
      await pool.query('DELETE FROM fiscalkit_blobs WHERE id = $1 AND account_id = $2', [id, account_id]);
    },
  };
}
