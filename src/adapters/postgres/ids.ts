/**
 * An {@link IdGenerator} on PostgreSQL sequences: one sequence per id kind, so that every process of a
 * fleet hands out ids from the same counter (issue #10) and ids stay increasing per kind, as the
 * memory adapter's do.
 *
 * @module
 */
import type { Pool } from 'pg';
import type { IdGenerator } from '../../ports.js';
import { coalesce, Failed } from './coalesce.js';
import { statement } from './statements.js';

/** The sequence of one kind: a plain identifier (kinds are code constants such as `invoice_line`). */
function sequenceName(kind: string): string {
  if (!/^[a-z][a-z0-9_]{0,50}$/.test(kind)) throw new TypeError(`not an id kind: ${JSON.stringify(kind)}`);
  return `fiscalkit_id_${kind}`;
}

/** Most ids taken by one statement; a larger `nextMany` is served by several. */
const MAX_IDS_PER_STATEMENT = 10_000;

/** Every waiting call's sequence, once per id, in the order asked: one `nextval` per element. */
const TAKE = `SELECT name, nextval(name::regclass)::text AS id FROM unnest($1::text[]) AS t(name)`;

/** One call: `count` ids of the sequence `name`. */
interface Take {
  name: string;
  count: number;
}

/**
 * Ids from PostgreSQL sequences, created on first use (`CREATE SEQUENCE IF NOT EXISTS`, then cached
 * per process).
 *
 * Calls are coalesced (`coalesce.ts`): the calls made in one turn of the event loop, and those that
 * arrive while a statement is taking ids, are served together by one statement, whatever their kinds
 * (`nextval` over an array of sequence names). Under load — many requests in flight, each wanting an
 * invoice id, its lines' ids and its event's id — that makes one round trip of what would be dozens.
 * Each call gets its ids in increasing order, and of two calls of one kind the earlier gets the
 * smaller ids, exactly as the same calls one by one: every id of a statement is drawn from the
 * sequence at once, and they are handed out sorted, in the order the calls were made.
 *
 * @example
 * ```ts
 * const ids = postgresIds(pool);
 * await ids.next('invoice'); // 1, then 2, … across every process on the database
 * await ids.nextMany('invoice_line', 3); // e.g. [1, 2, 3]
 * ```
 */
export function postgresIds(
  pool: Pick<Pool, 'query'>,
): IdGenerator & Required<Pick<IdGenerator, 'nextMany'>> {
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

  /** Serves one batch of calls with one statement (or a few, past the statement limit). */
  const take = coalesce<Take, number[]>(async (batch) => {
    await Promise.all([...new Set(batch.map((call) => call.name))].map(ensure));
    const names = batch.flatMap((call) => Array.from({ length: call.count }, () => call.name));
    const drawn = new Map<string, number[]>();
    // money-safe: offsets into the list of names.
    for (let start = 0; start < names.length; start += MAX_IDS_PER_STATEMENT) {
      const { rows } = await pool.query<{ name: string; id: string }>(
        statement(TAKE, [names.slice(start, start + MAX_IDS_PER_STATEMENT)]),
      );
      for (const row of rows) {
        const list = drawn.get(row.name) ?? [];
        // money-safe: an id from a bigint sequence, far below 2^53.
        list.push(Number(row.id));
        drawn.set(row.name, list);
      }
    }
    for (const list of drawn.values()) list.sort((a, b) => a - b);
    const handedOut = new Map<string, number>();
    return batch.map((call) => {
      const from = handedOut.get(call.name) ?? 0;
      // money-safe: an offset.
      handedOut.set(call.name, from + call.count);
      const ids = (drawn.get(call.name) ?? []).slice(from, from + call.count);
      return ids.length === call.count
        ? ids
        : new Failed(
            new Error(`PostgreSQL gave ${String(ids.length)} ids of ${call.name}, not ${String(call.count)}`),
          );
    });
  }, 1_000);

  const nextMany = (kind: string, count: number): Promise<number[]> => {
    if (!Number.isSafeInteger(count) || count < 0)
      return Promise.reject(
        new RangeError(`a count of ids must be a non-negative integer, not ${String(count)}`),
      );
    let name: string;
    try {
      name = sequenceName(kind);
    } catch (error) {
      return Promise.reject(error);
    }
    if (count === 0) return Promise.resolve([]);
    return take({ name, count });
  };

  return {
    nextMany,
    async next(kind) {
      return (await nextMany(kind, 1))[0] as number;
    },
  };
}
