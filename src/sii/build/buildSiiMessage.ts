import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import { SII_COMMUNICATION_TYPES } from '../../model/siiCodes.js';
import { SII_BOOK_TYPES, type SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { issueAt } from '../../rules/issue.js';
import { MAX_SII_RECORDS_PER_MESSAGE, type SiiMessage } from '../message.js';
import { siiRecordIssues, siiTitularIssues } from '../recordIssues.js';
import { SII_BAJA_BOOKS } from './baja.js';
import { SII_ALTA_BOOKS } from './books.js';
import { cabecera } from './cabecera.js';
import { writeSiiXml, type XmlElement } from './xml.js';

const BOOKS: ReadonlySet<string> = new Set(SII_BOOK_TYPES);
const COMMUNICATION_TYPES: ReadonlySet<string> = new Set(SII_COMMUNICATION_TYPES);

/** Whether a book's messages carry `CabeceraSiiCobrosPagos` (no `TipoComunicacion`, sii.md §2). */
function isCollectionPaymentBook(book: string): boolean {
  return book === 'CobrosEmitidas' || book === 'PagosRecibidas';
}

/** The message's own issues: book, kind, header, record count (params of the message). */
function messageIssues(message: SiiMessage, recordCount: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!BOOKS.has(message.book_type))
    issues.push(
      issueAt(
        'sii.2.book-type',
        'parameter_inclusion',
        ['book_type'],
        `must be one of ${SII_BOOK_TYPES.join(', ')}`,
      ),
    );
  else if (message.kind === 'baja' && SII_BAJA_BOOKS[message.book_type] === undefined)
    issues.push(
      issueAt(
        'sii.2.baja-books',
        'parameter_invalid',
        ['kind'],
        `cannot be baja: ${message.book_type} has no annulment message (sii.md §2)`,
      ),
    );
  else if (message.kind !== 'alta' && message.kind !== 'baja')
    issues.push(
      issueAt('fiscalkit.sii.message-kind', 'parameter_inclusion', ['kind'], 'must be alta or baja'),
    );
  else if (
    message.kind === 'alta' &&
    !isCollectionPaymentBook(message.book_type) &&
    !COMMUNICATION_TYPES.has(message.communication_type ?? '')
  )
    issues.push(
      issueAt(
        'sii.ClaveTipoComunicacionType',
        'parameter_inclusion',
        ['communication_type'],
        `must be one of ${SII_COMMUNICATION_TYPES.join(', ')} (SII Cabecera/TipoComunicacion)`,
      ),
    );
  issues.push(...siiTitularIssues(message.titular));
  if (recordCount === 0)
    issues.push(
      issueAt('sii.6.records-per-message', 'parameter_empty', ['records'], 'must hold at least one record'),
    );
  if (recordCount > MAX_SII_RECORDS_PER_MESSAGE)
    issues.push(
      issueAt(
        'sii.6.records-per-message',
        'parameter_invalid',
        ['records'],
        `must hold at most ${MAX_SII_RECORDS_PER_MESSAGE} records (sii.md §6); split with groupSiiMessages`,
      ),
    );
  return issues;
}

/** One record's issues, its params prefixed `records[i].`; also a record of another book or operation. */
function recordIssues(message: SiiMessage, record: SiiTaxReportCreate, index: number): ValidationIssue[] {
  const prefix = `records[${index}].`;
  const issues = siiRecordIssues(record, undefined, message.kind);
  if (record.book_type !== message.book_type && BOOKS.has(record.book_type))
    issues.push(
      issueAt(
        'sii.3.one-header',
        'parameter_invalid',
        ['book_type'],
        `must be the message's book_type ${message.book_type}`,
      ),
    );
  if (
    message.kind === 'alta' &&
    !isCollectionPaymentBook(message.book_type) &&
    COMMUNICATION_TYPES.has(message.communication_type ?? '') &&
    record.communication_type !== null &&
    record.communication_type !== undefined &&
    record.communication_type !== message.communication_type
  )
    issues.push(
      issueAt(
        'sii.3.one-header',
        'parameter_invalid',
        ['communication_type'],
        `must be the message's communication_type ${String(message.communication_type)} (one TipoComunicacion per message, sii.md §3)`,
      ),
    );
  // The record's issues keep their rule ids; only where they are changes.
  return issues.map((issue) => ({
    ...issue,
    param: prefix + issue.param,
    message: prefix + issue.message,
  }));
}

/** Writes a checked message with the given records. */
function write(message: SiiMessage, records: readonly SiiTaxReportCreate[]): string {
  const nif = message.titular.nif.trim();
  const book =
    message.kind === 'baja' ? SII_BAJA_BOOKS[message.book_type] : SII_ALTA_BOOKS[message.book_type];
  if (book === undefined) throw new TypeError(`no ${message.kind} message for ${message.book_type}`);
  const content: XmlElement = {
    'sii:Cabecera': cabecera(message),
    [`siiLR:${book.record}`]: records.map((record) => book.build(record, nif)),
  };
  return writeSiiXml(book.root, content);
}

/**
 * Builds one SII message (sii.md §2, §3, §11): the message's own checks (book, kind, header,
 * 1–10,000 records), then `siiRecordIssues` on every record (params prefixed `records[i].`; a record
 * of another book, or with another `communication_type` than the header's, is `parameter_invalid`
 * there), so a message with any issue gives its issues and no XML. Then the whole message: XML
 * declaration (UTF-8), root `siiLR:SuministroLR…` (alta / modification) or `siiLR:BajaLR…` (baja)
 * with the `siiLR` and `sii` namespaces (sii.md §1), `sii:Cabecera` (`IDVersionSii` 1.1, `Titular`,
 * `TipoComunicacion` for `CabeceraSii`; none for `CabeceraSiiBaja` and the cash-accounting books'
 * `CabeceraSiiCobrosPagos`), and the records in message order, each in XSD sequence order.
 *
 * Amounts are written with two decimals (`100` → `100.00`), rates as `Tipo2.2Type` with two
 * decimals, dates `dd-mm-yyyy`, texts trimmed and escaped.
 *
 * @example
 * ```ts
 * const built = buildSiiMessage({
 *   book_type: 'Expedida', kind: 'alta', communication_type: 'A0',
 *   titular: { name: 'Test company', nif: 'U2687761C' }, records: [report],
 * });
 * built.success && built.data.startsWith('<?xml version="1.0" encoding="UTF-8"?>'); // true
 * buildSiiMessage({ ...message, records: [{ ...report, period: '13' }] });
 * // { success: false, issues: [{ code: 'parameter_inclusion', param: 'records[0].period', … }] }
 * ```
 */
export function buildSiiMessage(message: SiiMessage): Validated<string> {
  const issues = messageIssues(message, message.records.length);
  if (issues.length > 0 && issues.some((issue) => issue.param === 'book_type' || issue.param === 'kind'))
    return { success: false, issues };
  message.records.forEach((record, index) => {
    issues.push(...recordIssues(message, record, index));
  });
  if (issues.length > 0) return { success: false, issues };
  return { success: true, data: write(message, message.records) };
}

/**
 * Builds the one-record message of `message.records[index]`, with the header the real message has:
 * the unit of per-record XSD validation (sii.md §11: "wrap it in a one-record message with the
 * header the real message will have"). Issues are those of {@link buildSiiMessage} for that record,
 * params prefixed `records[index].` (the record's place in the real message); an `index` outside
 * the message is `parameter_invalid` at `index`.
 *
 * @example
 * ```ts
 * const one = buildSiiRecordMessage(message, 1233);
 * one.success && validate(one.data); // attributes any XSD error to record 1233
 * ```
 */
export function buildSiiRecordMessage(message: SiiMessage, index: number): Validated<string> {
  const record = Number.isInteger(index) ? message.records[index] : undefined;
  if (record === undefined)
    return {
      success: false,
      issues: [
        issueAt(
          'fiscalkit.sii.record-index',
          'parameter_invalid',
          ['index'],
          `must be a record of the message (0 to ${message.records.length - 1})`,
        ),
      ],
    };
  const issues = messageIssues(message, 1);
  if (issues.some((issue) => issue.param === 'book_type' || issue.param === 'kind'))
    return { success: false, issues };
  issues.push(...recordIssues(message, record, index));
  if (issues.length > 0) return { success: false, issues };
  return { success: true, data: write(message, [record]) };
}
