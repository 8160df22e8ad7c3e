/**
 * An {@link IdGenerator} on PostgreSQL sequences: one sequence per id kind, so that every process of a
 * fleet hands out ids from the same counter (issue #10) and ids stay increasing per kind, as the
 * memory adapter's do.
 *
 * @module
 */
import type { Pool } from 'pg';
import type { IdGenerator } from '../../ports.js';

/** The sequence of one kind: a plain identifier (kinds are code constants such as `invoice_line`). */
function sequenceName(kind: string): string {
  if (!/^[a-z][a-z0-9_]{0,50}$/.test(kind)) throw new TypeError(`not an id kind: ${JSON.stringify(kind)}`);
  return `fiscalkit_id_${kind}`;
}

/**
 * Ids from PostgreSQL sequences, created on first use (`CREATE SEQUENCE IF NOT EXISTS`, then cached
 * per process).
 *
 * @example
 * ```ts
 * const ids = postgresIds(pool);
 * await ids.next('invoice'); // 1, then 2, … across every process on the database
 * ```
 */
export function postgresIds(pool: Pool): IdGenerator {
  const ready = new Map<string, Promise<void>>();
  const ensure = (name: string): Promise<void> => {
    let created = ready.get(name);
    if (created === undefined) {
      created = pool.query(`CREATE SEQUENCE IF NOT EXISTS ${name}`).then(() => undefined);
      created.catch(() => ready.delete(name));
      ready.set(name, created);
    }
    return created;
  };
  return {
    async next(kind) {
      const name = sequenceName(kind);
      await ensure(name);
      const { rows } = await pool.query<{ id: string }>(`SELECT nextval('${name}')::text AS id`);
      // money-safe: an id from a bigint sequence, far below 2^53.
      return Number((rows[0] as { id: string }).id);
    },
  };
}
