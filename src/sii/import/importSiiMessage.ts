/**
 * SII XML read back (issue #6): a `SuministroLR…` / `BajaLR…` message of one of the nine books
 * (sii.md §2) into the {@link SiiMessage} it stands for — the exact inverse of `buildSiiMessage` — for
 * `POST /accounts/{account}/ledgers/import` ({@link importSiiMessage}) and, with exactly one record,
 * `POST /accounts/{account}/tax_reports/import` ({@link importSiiTaxReport}).
 *
 * @module
 */
import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import { issuesFromZod } from '../../errors/zodIssues.js';
import {
  SII_BOOK_TYPES,
  SII_COLLECTION_PAYMENT_BOOKS,
  type SiiBookType,
  type SiiTaxReportCreate,
  SiiTaxReportCreateSchema,
} from '../../model/siiTaxReport.js';
import { documentIssue, guardXmlDocument } from '../../xml/guards.js';
import { ElementReader, ImportContext, ReportDraft, sourcedIssue } from '../../xml/reader.js';
import { SII_BAJA_BOOKS } from '../build/baja.js';
import { SII_ALTA_BOOKS } from '../build/books.js';
import { SII_LR_NAMESPACE, SII_NAMESPACE } from '../build/xml.js';
import {
  MAX_SII_RECORDS_PER_MESSAGE,
  type SiiCommunicationType,
  type SiiMessage,
  type SiiMessageKind,
  type SiiTitular,
} from '../message.js';
import { siiTitularIssues } from '../recordIssues.js';
import { SII_ALTA_READERS, SII_BAJA_READERS, type SiiRecordReader } from './books.js';
import { readCabecera } from './cabecera.js';
import { readSiiDocument, SII_DOCUMENT_POLICY, SII_FILE_PARAM, type SiiDocumentKind } from './document.js';
import { SII_MESSAGE_OCCURRENCES } from './siiOccurrences.js';
import { siiVersionOf, siiVersionRefusal } from './version.js';

/** What {@link importSiiMessage} gives for a message it accepts. */
export interface SiiImport {
  /** The message: book, kind, header and records (each `type: 'SiiDocument'`), in document order. */
  message: SiiMessage;
  /**
   * The elements of the message no report field holds, as XML paths below the root without positions
   * (`RegistroLRFacturasEmitidas/FacturaExpedida/RefExterna`,
   * `RegistroLRFacturasRecibidas/FacturaRecibida/DesgloseFactura/DesgloseIVA/DetalleIVA/BienInversion`),
   * attributes as `…/@name`, and the occurrences beyond the first of an element read once at their
   * position. Nothing of the message is dropped without being listed here (a SOAP `Header` around it
   * is transport, not message, and is not listed).
   */
  ignored: string[];
}

/** What {@link importSiiTaxReport} gives for a one-record message it accepts. */
export interface SiiTaxReportImport {
  /** The record, as `POST /tax_reports` would accept it (`type: 'SiiDocument'`). */
  report: SiiTaxReportCreate;
  /** The message's `Cabecera/Titular`. */
  titular: SiiTitular;
  /** The message's `Cabecera/TipoComunicacion`, null for a baja and for the cash-accounting books. */
  communication_type: SiiCommunicationType | null;
  /** As {@link SiiImport.ignored}. */
  ignored: string[];
}

/** The book and kind of each message root, and its record element. */
interface RootBook {
  readonly book: SiiBookType;
  readonly kind: SiiMessageKind;
  readonly record: string;
  readonly read: SiiRecordReader;
}

/** Every root the importer reads, from the builder's tables (sii.md §2). */
const ROOTS: ReadonlyMap<string, RootBook> = new Map(
  SII_BOOK_TYPES.flatMap((book) => {
    const alta = SII_ALTA_BOOKS[book];
    const roots: [string, RootBook][] = [
      [alta.root, { book, kind: 'alta', record: alta.record, read: SII_ALTA_READERS[book] }],
    ];
    const baja = SII_BAJA_BOOKS[book];
    const readBaja = SII_BAJA_READERS[book];
    if (baja !== undefined && readBaja !== undefined)
      roots.push([baja.root, { book, kind: 'baja', record: baja.record, read: readBaja }]);
    return roots;
  }),
);

const RECORDS: ReadonlySet<string> = new Set([...ROOTS.values()].map((root) => root.record));

/**
 * An SII message as the importer reads it. Namespaces (both schemas `elementFormDefault="qualified"`,
 * sii.md §1): the root, its records and the records' own children are `siiLR:` — except
 * `PeriodoLiquidacion`, which `sii:RegistroSii` declares — and `Cabecera` and everything inside a
 * `sii:` type are `sii:`.
 */
const MESSAGE_DOCUMENT: SiiDocumentKind = {
  what: 'an SII ledger message',
  schema: 'SuministroLR.xsd',
  namespace: SII_LR_NAMESPACE,
  roots: new Set(ROOTS.keys()),
  repeatable: new Set([
    ...RECORDS,
    'IDFacturaRectificada',
    'IDFacturaAgrupada',
    'DetalleExenta',
    'DetalleIVA',
    'DetalleInmueble',
    'Cobro',
    'Pago',
  ]),
  occurrences: SII_MESSAGE_OCCURRENCES,
  namespaceBelowRoot: (path) =>
    (path.length === 1 && RECORDS.has(path[0] ?? '')) ||
    (path.length === 2 && RECORDS.has(path[0] ?? '') && path[1] !== 'PeriodoLiquidacion')
      ? SII_LR_NAMESPACE
      : SII_NAMESPACE,
};

function failure(issues: ValidationIssue[]): { success: false; issues: ValidationIssue[] } {
  return { success: false, issues };
}

/** Where each titular field comes from. */
const TITULAR_SOURCES: Readonly<Record<string, string>> = {
  'titular.name': 'Cabecera/Titular/NombreRazon',
  'titular.nif': 'Cabecera/Titular/NIF',
  'titular.representative_nif': 'Cabecera/Titular/NIFRepresentante',
};

/**
 * A record's schema failure at the element its field came from; without a recorded source (a field
 * inside a list of values), at the nearest enclosing field's element.
 */
function recordIssue(
  issue: ValidationIssue,
  index: number,
  recordPath: string,
  context: ImportContext,
): ValidationIssue {
  const prefix = `records[${String(index)}]`;
  let param = issue.param;
  for (;;) {
    const source = context.sourceOf(param === '' ? prefix : `${prefix}.${param}`);
    if (source !== undefined) return sourcedIssue(issue, source);
    if (param === '') return sourcedIssue(issue, recordPath);
    param = param.replace(/(?:\.[^.[\]]+|\[\d+\]|^[^.[\]]+)$/, '');
  }
}

/** Reads every record of the message, each checked against the report schema. */
function readRecords(
  root: ElementReader,
  context: ImportContext,
  book: RootBook,
  titularNif: string,
  communicationType: SiiCommunicationType | null,
): SiiTaxReportCreate[] | null {
  const elements = root.children(book.record);
  if (elements.length === 0) context.missing(root.pathOf(book.record));
  // The parse already refuses record 10,001 as it reaches it (SII_MESSAGE_OCCURRENCES, issue #24): this
  // states the rule beside the records it limits, and would catch a change to the generated table.
  if (elements.length > MAX_SII_RECORDS_PER_MESSAGE)
    context.invalid(
      root.pathOf(book.record),
      `must occur at most ${String(MAX_SII_RECORDS_PER_MESSAGE)} times, not ${String(elements.length)} (maxOccurs="10000", sii.md §6)`,
    );
  const drafts = elements.map((element, index) => {
    const draft = new ReportDraft(context, `records[${String(index)}]`);
    draft.data.type = 'SiiDocument';
    draft.data.book_type = book.book;
    if (communicationType !== null) draft.data.communication_type = communicationType;
    book.read(element, draft, titularNif);
    return { element, draft };
  });
  if (context.issues.length > 0) return null;
  // The safety net: the values must be what the report's fields accept (codes of the SII lists, dates,
  // decimals of the right scale, lengths). No business rule runs: the import records what the message
  // says, and `buildSiiMessage` judges it.
  const records: SiiTaxReportCreate[] = [];
  drafts.forEach(({ element, draft }, index) => {
    const checked = SiiTaxReportCreateSchema.safeParse(draft.data);
    if (checked.success) records.push(checked.data);
    else
      context.issues.push(
        ...issuesFromZod(checked.error, { input: draft.data }).map((issue) =>
          recordIssue(issue, index, element.path, context),
        ),
      );
  });
  return context.issues.length > 0 ? null : records;
}

/**
 * The refusal of an older SII message (issue #18 item 15), or the document's own: a message of
 * another `IDVersionSii` differs from 1.1 in its content too (`PeriodoImpositivo`, sii.md §1), and
 * the read against the 1.1 schema stops at the first difference with a complaint about that element;
 * the version, read from the header alone, is what the client needs to hear.
 */
function documentRefusal(input: string | Uint8Array, issues: ValidationIssue[]): ValidationIssue[] {
  const text = guardXmlDocument(input, SII_DOCUMENT_POLICY);
  if (!text.success) return issues;
  const refusal = siiVersionRefusal(siiVersionOf(text.data));
  return refusal === null ? issues : [refusal];
}

function importMessage(input: string | Uint8Array): Validated<SiiImport> {
  const document = readSiiDocument(input, MESSAGE_DOCUMENT);
  if (!document.success) return failure(documentRefusal(input, document.issues));
  const book = ROOTS.get(document.data.name);
  if (book === undefined)
    return failure([documentIssue('sii.1.root-element', SII_FILE_PARAM, 'has no SII ledger root')]);
  const context = new ImportContext('SuministroLR.xsd', true);
  const root = new ElementReader(context, '', '', document.data.node);
  const collectionPayment = (SII_COLLECTION_PAYMENT_BOOKS as readonly string[]).includes(book.book);
  const header = readCabecera(root, book.kind === 'alta' && !collectionPayment);
  if (header === null) return failure(context.issues);
  const titular = header.titular;
  const titularIssues = siiTitularIssues(titular).map((issue) =>
    sourcedIssue(issue, TITULAR_SOURCES[issue.param]),
  );
  if (titularIssues.length > 0) return failure(titularIssues);
  const records = readRecords(root, context, book, titular.nif, header.communication_type);
  if (records === null) return failure(context.issues);
  return {
    success: true,
    data: {
      message: {
        book_type: book.book,
        kind: book.kind,
        communication_type: header.communication_type,
        titular,
        records,
      },
      ignored: context.finish(root),
    },
  };
}

function unreadable(error: unknown): { success: false; issues: ValidationIssue[] } {
  // The guards should leave nothing to throw on; this keeps the promise anyway.
  return failure([
    documentIssue(
      'xml.well-formed',
      SII_FILE_PARAM,
      `could not be read as SII XML: ${error instanceof Error ? error.message : String(error)}`,
    ),
  ]);
}

/**
 * Imports an SII message (`POST /accounts/{account}/ledgers/import`): one of the nine books' alta /
 * modification (`SuministroLR…`) or annulment (`BajaLR…`) roots in the `SuministroLR.xsd` namespace
 * (sii.md §1, §2), bare or as the only child of a SOAP 1.1 `Envelope/Body`, into the message it
 * stands for — the exact inverse of `buildSiiMessage`: importing what the builder wrote gives the
 * message back, and building what was imported gives an equivalent message.
 *
 * The document is guarded before it is parsed (each failure one 422 `parameter_invalid` at `file`): at
 * most 10 MB, no byte-order mark, strict UTF-8 and no other declared encoding, no DOCTYPE or ENTITY
 * declaration (never expanded), well-formed, a known root in the right namespace, every element in the
 * namespace its schema declares it in. Then the header (`Cabecera` → `titular`,
 * `communication_type`) and each record (→ a `SiiTaxReportCreate` with `type: 'SiiDocument'` and the
 * root's `book_type`, and the header's `communication_type` where the header has one). Values keep
 * the document's text (`100` stays `100`; only a leading `+` or a trailing dot, which the XSD allows,
 * are dropped); dates `dd-mm-yyyy` become `YYYY-MM-DD`. A missing mandatory element is
 * `parameter_blank` at its XML path (`RegistroLRFacturasEmitidas[2]/IDFactura/NumSerieFacturaEmisor`);
 * a value the report's fields refuse is an issue at the element it came from. Every element no field
 * holds is listed in `ignored`. No business rule runs (`buildSiiMessage` and `siiRecordIssues` judge
 * the records), and nothing throws for any input.
 *
 * @example
 * ```ts
 * const result = importSiiMessage(readFileSync('sii_in_refund_p_iva21_sp_in.xml'));
 * if (result.success) {
 *   result.data.message.book_type; // 'Recibida'
 *   result.data.message.titular; // { name: 'Test company', nif: 'U2687761C' }
 *   result.data.message.records[0]?.tax_inclusive_amount; // '-121.00'
 * }
 * importSiiMessage('<Invoice/>'); // { success: false, issues: [{ code: 'parameter_invalid', param: 'file', … }] }
 * ```
 */
export function importSiiMessage(input: string | Uint8Array): Validated<SiiImport> {
  try {
    return importMessage(input);
  } catch (error) {
    return unreadable(error);
  }
}

/**
 * The refusal of a tax report import whose SII message does not hold exactly one record (fiscalkit's
 * rule `fiscalkit.sii.one-record-import`: a report is one record; several are a ledger). One home for
 * {@link importSiiTaxReport} and the service's SII format, which reads the message on the compute port.
 *
 * @example
 * ```ts
 * oneRecordImportIssue(2).message;
 * // 'file holds 2 records; a tax report import takes a message with exactly one (import a message …)'
 * ```
 */
export function oneRecordImportIssue(records: number): ValidationIssue {
  return documentIssue(
    'fiscalkit.sii.one-record-import',
    SII_FILE_PARAM,
    `holds ${String(records)} records; a tax report import takes a message with exactly one ` +
      '(import a message of several records as a ledger: POST /accounts/{account}/ledgers/import)',
  );
}

/**
 * Imports an SII message holding exactly one record as a tax report (`POST
 * /accounts/{account}/tax_reports/import` for `SiiDocument`): {@link importSiiMessage}, then the one
 * record with the header it came with. A message of several records is a 422 `parameter_invalid` at
 * `file` that points to the ledger import.
 *
 * @example
 * ```ts
 * const result = importSiiTaxReport(readFileSync('sii_out_invoice_s_iva10b.xml'));
 * result.success && result.data.report.invoice_number; // 'TEST001'
 * importSiiTaxReport(twoRecordMessage).success; // false: 422 at `file`, "use POST /accounts/{account}/ledgers/import"
 * ```
 */
export function importSiiTaxReport(input: string | Uint8Array): Validated<SiiTaxReportImport> {
  const imported = importSiiMessage(input);
  if (!imported.success) return imported;
  const { message, ignored } = imported.data;
  const [report] = message.records;
  if (report === undefined || message.records.length !== 1)
    return failure([oneRecordImportIssue(message.records.length)]);
  return {
    success: true,
    data: { report, titular: message.titular, communication_type: message.communication_type, ignored },
  };
}
