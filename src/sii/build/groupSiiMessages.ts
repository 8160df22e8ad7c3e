import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import {
  MAX_SII_RECORDS_PER_MESSAGE,
  type SiiCommunicationType,
  type SiiMessage,
  type SiiMessageKind,
  type SiiTitular,
} from '../message.js';

/** One record to send: the report, the titular whose books it belongs to, and alta or baja. */
export interface SiiMessageEntry {
  readonly report: SiiTaxReportCreate;
  readonly titular: SiiTitular;
  /**
   * `baja` to annul the record (`BajaLR…`); default `alta` (registration or modification, as the
   * report's `communication_type` says). The model has no annulment code of its own (its
   * `communication_type` is `TipoComunicacion`, A0/A1/A4/A5/A6), so the caller says it (issue #6).
   */
  readonly kind?: SiiMessageKind;
}

/**
 * Groups records into SII messages (sii.md §6, §11): one message per (book, titular NIF, kind,
 * `communication_type`), because the header cannot change inside a message; messages in the order
 * their first record appears, records in input order; at most 10,000 records per message
 * (`maxOccurs="10000"`), a group beyond that split into consecutive messages. The
 * `communication_type` of a baja and of the cash-accounting books (`CabeceraSiiCobrosPagos`) is
 * null: it is not part of their header. The titular of a message is the first entry's with that
 * NIF. Nothing is validated here: `buildSiiMessage` does that per record.
 *
 * @example
 * ```ts
 * groupSiiMessages([
 *   { report: expedidaF1(), titular },
 *   { report: recibida(), titular },
 *   { report: expedidaF2(), titular },
 *   { report: expedidaF1(), titular, kind: 'baja' },
 * ]).map((message) => [message.book_type, message.kind, message.records.length]);
 * // [['Expedida', 'alta', 2], ['Recibida', 'alta', 1], ['Expedida', 'baja', 1]]
 * ```
 */
export function groupSiiMessages(entries: readonly SiiMessageEntry[]): SiiMessage[] {
  const open = new Map<string, SiiMessage>();
  const messages: SiiMessage[] = [];
  for (const entry of entries) {
    const kind: SiiMessageKind = entry.kind ?? 'alta';
    const book = entry.report.book_type;
    const communication: SiiCommunicationType | null =
      kind === 'baja' || book === 'CobrosEmitidas' || book === 'PagosRecibidas'
        ? null
        : (entry.report.communication_type ?? null);
    const key = JSON.stringify([book, entry.titular.nif.trim(), kind, communication]);
    let message = open.get(key);
    if (message === undefined || message.records.length >= MAX_SII_RECORDS_PER_MESSAGE) {
      message = {
        book_type: book,
        kind,
        communication_type: communication,
        titular: entry.titular,
        records: [],
      };
      open.set(key, message);
      messages.push(message);
    }
    message.records.push(entry.report);
  }
  return messages;
}
