/**
 * An {@link EventSink} on PostgreSQL: every event in one table, its id from a sequence, idempotent by
 * key (a unique index), so that a publisher re-run in any process finds the stored event.
 *
 * @module
 */
import type { Pool } from 'pg';
import type { EventEnvelope } from '../../model/event.js';
import { assertPageRequest } from '../../model/pageRequest.js';
import type { EventSink } from '../../ports.js';
import { qualifiedName } from './tables.js';

/** The table of {@link postgresEventSink} (a step of `migrate`). */
export const EVENT_SINK_MIGRATION = `
CREATE TABLE IF NOT EXISTS fiscalkit_events (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL,
  event_key text NOT NULL UNIQUE,
  -- json, not jsonb: the envelope keeps its key order, so a delivery signs the body the memory
  -- adapter would (jsonb reorders keys).
  body json NOT NULL
);
CREATE INDEX IF NOT EXISTS fiscalkit_events_account ON fiscalkit_events (account_id, id);
`;

interface Row {
  id: string;
  body: Omit<EventEnvelope, 'id'>;
}

const envelope = (row: Row): EventEnvelope =>
  ({
    // money-safe: an id from a bigint sequence.
    id: Number(row.id),
    code: row.body.code,
    triggered_at: row.body.triggered_at,
    data: row.body.data,
  }) as EventEnvelope;

/** Options of {@link postgresEventSink}. */
export interface PostgresEventSinkOptions {
  /**
   * The schema `migrate` created the table in; default the connection's `search_path`. Give the
   * `schema` of `postgresStore`: its repositories write the events of their updates (the outbox, issue
   * #24 item 4) into `fiscalkit_events` of their own schema, which the sink must be the one to list.
   */
  schema?: string;
}

/**
 * The event sink on PostgreSQL (table `fiscalkit_events`, created by `migrate`), in `options.schema`
 * when given.
 *
 * @example
 * ```ts
 * const events = postgresEventSink(pool);
 * const { event, created } = await events.append(1, built, 'tin_verification.finished:42');
 * // Beside a store in a schema of its own: the same schema, where its updates write their events.
 * const ports = { store: postgresStore(pool, { schema: 'fiscalkit' }), events: postgresEventSink(pool, { schema: 'fiscalkit' }) };
 * ```
 */
export function postgresEventSink(
  pool: Pick<Pool, 'query'>,
  options: PostgresEventSinkOptions = {},
): EventSink {
  const table = qualifiedName('fiscalkit_events', options.schema);
  return {
    async append(account_id, event, key) {
      if (!Number.isSafeInteger(account_id))
        throw new TypeError(`account_id must be a safe integer, not ${String(account_id)}`);
      const { id: _ignored, code, triggered_at, data } = event;
      const inserted = await pool.query<Row>(
        `INSERT INTO ${table} (account_id, event_key, body) VALUES ($1, $2, $3)
         ON CONFLICT (event_key) DO NOTHING RETURNING id::text AS id, body`,
        [account_id, key, JSON.stringify({ code, triggered_at, data })],
      );
      if (inserted.rows[0] !== undefined) return { event: envelope(inserted.rows[0]), created: true };
      const existing = await pool.query<Row>(
        `SELECT id::text AS id, body FROM ${table} WHERE event_key = $1`,
        [key],
      );
      return { event: envelope(existing.rows[0] as Row), created: false };
    },
    async get(account_id, id) {
      const { rows } = await pool.query<Row>(
        `SELECT id::text AS id, body FROM ${table} WHERE id = $1 AND account_id = $2`,
        [id, account_id],
      );
      return rows[0] === undefined ? null : envelope(rows[0]);
    },
    async byKey(account_id, key) {
      if (!Number.isSafeInteger(account_id)) return null;
      const { rows } = await pool.query<Row>(
        `SELECT id::text AS id, body FROM ${table} WHERE event_key = $1 AND account_id = $2`,
        [key, account_id],
      );
      return rows[0] === undefined ? null : envelope(rows[0]);
    },
    async list(account_id, page) {
      assertPageRequest(page);
      const [items, count] = await Promise.all([
        // Ordered by the table's id, not the output column `id` (text: '10' would come before '2').
        pool.query<Row>(
          `SELECT id::text AS id, body FROM ${table} AS e WHERE account_id = $1 ORDER BY e.id LIMIT $2 OFFSET $3`,
          [account_id, page.limit, page.offset],
        ),
        pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE account_id = $1`, [
          account_id,
        ]),
      ]);
      // money-safe: a row count.
      return { items: items.rows.map(envelope), total_count: Number((count.rows[0] as { n: string }).n) };
    },
  };
}
