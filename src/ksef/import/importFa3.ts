import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import { issuesFromZod } from '../../errors/zodIssues.js';
import { type KsefTaxReportCreate, KsefTaxReportCreateSchema } from '../../model/ksefTaxReport.js';
import { documentIssue, guardXmlDocument, parseRefusal, wellFormednessFailure } from '../../xml/guards.js';
import { fa3Issues } from '../fa3Issues.js';
import { readAdnotacje, readCorrection, readFaHeader, readFaWiersz, readZamowienie } from './fa.js';
import { FA3_DOCUMENT_POLICY, FILE_PARAM, formCodeIssue, rootIssue } from './guards.js';
import { readNaglowek, readStopka } from './headerFooter.js';
import { readPodmiot1, readPodmiot2, readPodmiot3 } from './parties.js';
import { readPlatnosc, readWarunkiTransakcji } from './terms.js';
import {
  Fa3Element,
  ImportContext,
  parseFa3Xml,
  ReportDraft,
  sourcedIssue,
  type XmlObject,
  type XmlValue,
} from './xmlTree.js';

/** What {@link importFa3} gives for a document it accepts. */
export interface Fa3Import {
  /** The report the document stands for, as `POST /tax_reports` would accept it (`type: 'Ksef'`). */
  report: KsefTaxReportCreate;
  /**
   * The elements of the document the report has no field for, as XML paths without positions
   * (`Fa/Rozliczenie`, `Fa/WarunkiTransakcji/Transport`, `Zalacznik`, `Fa/Podmiot2K`), or with the
   * position of an occurrence beyond the first where the report holds one (`Fa/WZ[2]`,
   * `Podmiot1/DaneKontaktowe[2]`). Nothing is dropped without being listed here.
   */
  ignored: string[];
}

function failure(issues: ValidationIssue[]): { success: false; issues: ValidationIssue[] } {
  return { success: false, issues };
}

function fileIssue(rule: string, message: string): ValidationIssue {
  return documentIssue(rule, FILE_PARAM, message);
}

function objectValue(value: XmlValue | undefined): XmlObject | null {
  return value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

/** The form code guard, on the parsed header (`Naglowek/KodFormularza` attributes). */
function guardFormCode(faktura: XmlObject): ValidationIssue | null {
  const formCode = objectValue(objectValue(faktura.Naglowek)?.KodFormularza);
  const attribute = (name: string) => {
    const value = formCode?.[`@_${name}`];
    return typeof value === 'string' ? value : null;
  };
  return formCodeIssue(attribute('kodSystemowy'), attribute('wersjaSchemy'));
}

/**
 * The document's third parties: the first with a `Rola` into the flat `third_party_*` fields, the
 * others into `additional_third_parties` (ksef-fa3.md §6.3). One without `Rola` (`RolaInna` +
 * `OpisRoli`) cannot be held — a role is required in both places, and the builder could not write it
 * back — so it goes to `ignored` as a whole, wherever it stands.
 */
function readThirdParties(root: Fa3Element, report: ReportDraft, context: ImportContext): void {
  const held = root.children('Podmiot3').filter((party) => {
    // One with neither `Rola` nor `RolaInna` is kept, so that reading it reports the missing `Rola`.
    if (party.has('Rola') || !party.has('RolaInna')) return true;
    party.ignoreAll();
    return false;
  });
  const [first, ...others] = held;
  if (first === undefined) return;
  readPodmiot3(first, report, 'third_party_', context);
  report.list('additional_third_parties', others, 'Podmiot3', (party, item) =>
    readPodmiot3(party, item, '', context),
  );
}

/** Reads every section into the report, in document order. */
function readDocument(root: Fa3Element, report: ReportDraft, context: ImportContext): void {
  readNaglowek(root.requiredChild('Naglowek'), context);
  readPodmiot1(root.requiredChild('Podmiot1'), report, context);
  readPodmiot2(root.requiredChild('Podmiot2'), report, context);
  readThirdParties(root, report, context);
  const fa = root.requiredChild('Fa');
  if (fa !== null) {
    readFaHeader(fa, report, context);
    readAdnotacje(fa.requiredChild('Adnotacje'), report, context);
    readCorrection(fa, report, context);
    report.list('lines', fa.children('FaWiersz'), fa.pathOf('FaWiersz'), readFaWiersz);
    readPlatnosc(fa.child('Platnosc'), report, context);
    readWarunkiTransakcji(fa.child('WarunkiTransakcji'), report);
    readZamowienie(fa.child('Zamowienie'), report, context);
  }
  readStopka(root.child('Stopka'), report);
}

function importDocument(input: string | Uint8Array): Validated<Fa3Import> {
  // The shared guards (ksef-fa3.md §4), then the root (ksef-fa3.md §1), before any parse.
  const text = guardXmlDocument(input, FA3_DOCUMENT_POLICY);
  if (!text.success) return failure([text.issue]);
  const rootProblem = rootIssue(text.data);
  if (rootProblem !== null) return failure([rootProblem]);

  const document = parseFa3Xml(text.data);
  if (!document.success)
    return failure([
      document.wellFormed
        ? parseRefusal(document.message, FILE_PARAM)
        : wellFormednessFailure(document.message, FILE_PARAM),
    ]);
  const parsed = document.data;
  const roots = Object.keys(parsed);
  if (roots.length !== 1 || Array.isArray(parsed.Faktura)) {
    return failure([
      fileIssue(
        'xml.well-formed',
        `is not well-formed XML: it has more than one root element (${roots.join(', ')})`,
      ),
    ]);
  }
  const faktura = objectValue(parsed.Faktura) ?? {};
  const formCode = guardFormCode(faktura);
  if (formCode !== null) return failure([formCode]);

  const context = new ImportContext('FA(3)');
  const report = new ReportDraft(context, '');
  report.data.type = 'Ksef';
  const root = new Fa3Element(context, '', '', faktura);
  readDocument(root, report, context);
  const ignored = context.finish(root);
  if (context.issues.length > 0) return failure(context.issues);

  // The safety net: the document's values must also be what the report's fields accept (dates,
  // decimals of the right scale, codes of the FA(3) lists, lengths). No business rule runs: the import
  // records what the taxpayer's document says.
  const checked = KsefTaxReportCreateSchema.safeParse(report.data);
  if (!checked.success) {
    return failure(
      issuesFromZod(checked.error, { input: report.data }).map((issue) =>
        sourcedIssue(issue, context.sourceOf(issue.param)),
      ),
    );
  }
  // Import and download agree (issue #18 item 12): what the builder would refuse — what the schema or
  // KSeF itself refuses, such as a NIP without a valid check digit — is refused now, with the
  // builder's code and param, so that an imported report can always be downloaded.
  const unwritable = fa3Issues(checked.data);
  if (unwritable.length > 0)
    return failure(unwritable.map((issue) => namedIssue(issue, context.sourceOf(issue.param))));
  return { success: true, data: { report: checked.data, ignored } };
}

/**
 * A builder's issue as the import answers it: the builder's code and param (the report field, as the
 * download would name it), the message naming the element of the document the value came from
 * (`Podmiot1/DaneIdentyfikacyjne/NIP (supplier_party_tax_id) must be a valid Polish NIP …`).
 */
function namedIssue(issue: ValidationIssue, source: string | undefined): ValidationIssue {
  if (source === undefined) return issue;
  const message = issue.message.startsWith(issue.param)
    ? `${source} (${issue.param})${issue.message.slice(issue.param.length)}`
    : `${source}: ${issue.message}`;
  return { ...issue, message };
}

/**
 * Imports an FA(3) document (`Faktura`, `kodSystemowy="FA (3)"`, `wersjaSchemy="1-0E"`) into the Ksef
 * tax report it stands for: the exact inverse of `buildFa3`, so that importing what the builder wrote
 * gives the report back. Values keep the document's text (`'2051'` stays `'2051'`, `'-162.60'` stays
 * `'-162.60'`); every element the report has no field for is listed in `ignored`.
 *
 * The document is guarded before it is parsed (each failure one 422 `parameter_invalid` at `file`):
 * at most 3 MB, no byte-order mark, strict UTF-8 and no other declared encoding, no DOCTYPE or ENTITY
 * declaration (never expanded), well-formed, root `Faktura` in the FA(3) namespace (an FA(2) document
 * is named as such), no element beyond its `maxOccurs` or out of the schema's order (named, with its
 * line and column); then the form code (at `Naglowek/KodFormularza`). A missing mandatory element is
 * `parameter_blank` at its XML path (`Fa/P_2`); a value the report's fields refuse is an issue at the
 * element it came from (a text too long, as the schema measures it: `Fa/FaWiersz[3]/P_7
 * (lines[2].description) is 612 characters long after whitespace collapse; …`). Last, what the
 * builder would refuse (`fa3Issues`: what the schema or KSeF refuses, such as a NIP without a valid
 * check digit) is refused with the builder's code and param, the message naming the element, so
 * that whatever is imported can be downloaded (issue #18 item 12). No business rule runs
 * (ksef-fa3.md §4: neither does KSeF), and nothing throws for any input.
 *
 * @example
 * ```ts
 * const result = importFa3(readFileSync('FA_3_Przykład_1.xml')); // bytes or a string
 * if (result.success) {
 *   result.data.report.total_amount; // '2051'
 *   result.data.report.supplier_party_tax_id; // '9999999999'
 *   result.data.ignored; // ['Naglowek/DataWytworzeniaFa', 'Naglowek/SystemInfo']
 * }
 * importFa3('<Faktura xmlns="http://crd.gov.pl/wzor/2023/06/29/12648/"/>');
 * // { success: false, issues: [{ rule: 'ksef.1.namespace', code: 'parameter_invalid', param: 'file', message: 'file is an FA(2) document …' }] }
 * ```
 */
export function importFa3(input: string | Uint8Array): Validated<Fa3Import> {
  try {
    return importDocument(input);
  } catch (error) {
    // The guards should leave nothing for the parser to throw on; this keeps the promise anyway.
    return failure([
      fileIssue(
        'xml.well-formed',
        `could not be read as FA(3) XML: ${error instanceof Error ? error.message : String(error)}`,
      ),
    ]);
  }
}
