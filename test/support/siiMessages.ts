/**
 * Whole SII messages built from the hand-written fixtures (`siiReports.ts`), for the port contracts
 * that take a message (the tax authority answers one, a schema validator judges one).
 */
import { SII_BOOK_TYPES, type SiiBookType } from '../../src/model/siiTaxReport.js';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import type { SiiMessage, SiiMessageKind } from '../../src/sii/message.js';
import { SII_BAJA_BOOK_TYPES } from './siiArbitraries.js';
import { SII_BOOK_FIXTURES, siiTitular } from './siiReports.js';

/** Every (book, kind) a message can have: the nine altas and the seven bajas (sii.md §2). */
export const SII_BOOK_KINDS: readonly (readonly [SiiBookType, SiiMessageKind])[] = [
  ...SII_BOOK_TYPES.map((book) => [book, 'alta'] as const),
  ...SII_BAJA_BOOK_TYPES.map((book) => [book, 'baja'] as const),
];

/**
 * A message of `count` records of the book's fixture, the n-th (from 1) with `-n` appended to its
 * invoice number when it has one, so that the records differ.
 *
 * @example
 * ```ts
 * siiMessage('Expedida', 'alta', 2).records.map((record) => record.invoice_number); // ['…-1', '…-2']
 * ```
 */
export function siiMessage(book: SiiBookType, kind: SiiMessageKind, count = 1): SiiMessage {
  const communication = kind === 'alta' ? (SII_BOOK_FIXTURES[book]().communication_type ?? null) : null;
  const records = Array.from({ length: count }, (_, index) => {
    const record = SII_BOOK_FIXTURES[book]();
    return {
      ...record,
      communication_type: record.communication_type && communication,
      ...(typeof record.invoice_number === 'string'
        ? { invoice_number: `${record.invoice_number}-${String(index + 1)}` }
        : {}),
    };
  });
  return { book_type: book, kind, communication_type: communication, titular: siiTitular(), records };
}

/**
 * The XML of {@link siiMessage}; throws if the builder refuses it (a broken fixture).
 *
 * @example
 * ```ts
 * builtSiiMessage('Metalico', 'baja', 2).startsWith('<?xml'); // true
 * ```
 */
export function builtSiiMessage(book: SiiBookType, kind: SiiMessageKind, count = 1): string {
  const built = buildSiiMessage(siiMessage(book, kind, count));
  if (!built.success) throw new Error(`the builder refused ${book} ${kind}: ${JSON.stringify(built.issues)}`);
  return built.data;
}
