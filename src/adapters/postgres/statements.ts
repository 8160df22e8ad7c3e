/**
 * Named (prepared) statements for the PostgreSQL adapters: `pg` prepares a named statement once per
 * connection and then only binds and executes it, which saves the server parsing and planning the
 * same few statements on every call (a repository runs a handful of texts over and over).
 *
 * @module
 */
import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';

/** The name of each statement text seen so far. */
const names = new Map<string, string>();

/**
 * Beyond this many texts, statements run unnamed: a host building `find` queries over ever new field
 * sets must not grow every connection's prepared statements without bound.
 */
const MAX_NAMED = 2_000;

/**
 * The name of a statement text: a hash of it, so that the same text gets the same name and another
 * text another name even across two copies of this module in one process (the ESM and the CommonJS
 * build both loaded), which share the host's connections; `pg` refuses one name for two texts.
 */
function nameOf(text: string): string {
  return `fiscalkit_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/**
 * A query config running `text` as a named prepared statement, with `values`.
 *
 * @example
 * ```ts
 * await pool.query(statement('select doc from invoices where id = $1', [100]));
 * ```
 */
export function statement(text: string, values: unknown[]): QueryConfig {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = nameOf(text);
    names.set(text, name);
  }
  return name === undefined ? { text, values } : { name, text, values };
}
