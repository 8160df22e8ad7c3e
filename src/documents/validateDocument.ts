/**
 * Validation of an electronic document (spec §4.8 POST /documents/validate): detect its format and
 * check what fiscalkit can check, saying exactly what that was. fiscalkit owns two formats end to end
 * — KSeF FA(3) and SII — and judges those against their schema rules. UBL, CII (and Factur-X /
 * ZUGFeRD PDFs), Facturae and FatturaPA are judged by the e-invoice validator (issue #21: the official
 * XSDs, EN 16931, Peppol BIS 3, XRechnung, Facturae's rules) when the service has one; without it,
 * for well-formedness only, and every answer says which (`validation_level`, `checks`, `rule_sets`).
 *
 * @module
 */

import { isPdf } from '../einvoice/facturx/magic.js';
import { RULE_SETS } from '../einvoice/ruleSets.js';
import { documentRoot } from '../einvoice/specification.js';
import type { EInvoiceValidator } from '../einvoice/validator.js';
import type { EInvoiceFinding, EInvoiceVerdict, RuleSetReport } from '../einvoice/verdict.js';
import type { Validated, ValidationIssue } from '../errors/validationIssue.js';
import { fa3Issues } from '../ksef/fa3Issues.js';
import { importFa3 } from '../ksef/import/importFa3.js';
import { FA3_NAMESPACE } from '../ksef/index.js';
import {
  bomIssue,
  documentIssue,
  documentText,
  dtdIssue,
  encodingIssue,
  parseRefusal,
  rootElement,
  sizeIssue,
  wellFormednessFailure,
  wellFormednessIssue,
  type XmlDocumentPolicy,
} from '../xml/guards.js';
import { parseXml, type XmlObject, type XmlValue } from '../xml/parse.js';
import { type SchemaError, type SchemaValidator, SII_SCHEMA_RULE } from '../xml/schemaValidator.js';
import { type DocumentFormat, detectFormat } from './detectFormat.js';
import { unwrapSoapBody } from './soapBody.js';

/**
 * How far a document was judged: `well_formedness` (XML 1.0 and namespaces, and the root element —
 * nothing about the content), `schema` (the format's schema), `schema_and_rules` (the schema and the
 * format's own rules beyond it), `rules` (an e-invoice whose rule sets ran but whose schema could not:
 * no XSD processor, or its XSD missing).
 */
export type ValidationLevel = 'well_formedness' | 'schema' | 'schema_and_rules' | 'rules';

/**
 * The answer of POST /documents/validate (the spec shows none; fiscalkit's shape):
 *
 * - `valid`: no error was found by the checks that ran — for a `well_formedness` format that means
 *   well-formed, NOT valid against its schema or rules;
 * - `format`, `document_type` (the root element), `version` (FA(3) form code, Facturae version, UBL
 *   `UBLVersionID`), `profile` (UBL `CustomizationID` / CII guideline ID: Peppol BIS, XRechnung,
 *   Factur-X…; null when absent or not read);
 * - `validation_level` and `checks`: what was checked, in a word and in plain English;
 * - `errors`: `{rule, path, line, message}`: the schema validator port's `{path, line, message}` (`path`
 *   '' for the document as a whole, `line` null when unknown) and the id of the rule that found it
 *   (issue #20 §4: `/documents/validate` reports the rule per error; docs/rule-ids.md). A verdict of
 *   the SII schema validator names the schema, {@link SII_SCHEMA_RULE};
 * - `unchecked_elements`: elements present but outside what fiscalkit reads (FA(3) only), which the
 *   checks therefore did not judge;
 * - for e-invoices judged by the e-invoice validator (issue #21): `errors` are the fatal findings of
 *   every rule set with the rule set's own ids (`BR-CO-15`, `PEPPOL-EN16931-R001`, `BR-DE-1`, `en16931.ubl.xsd`)
 *   and `path` the XPath of the node, `warnings` the findings flagged warning (they leave the document
 *   valid), `rule_sets` which rule sets applied and which were unavailable (and why), `unsupported` why
 *   the document cannot be judged valid (a specification fiscalkit has no rules for, a rule set
 *   missing); `valid` is false whenever an error exists or the document is unsupported;
 * - `container`: `pdf` for a Factur-X / ZUGFeRD PDF whose CII attachment was judged, `xml` otherwise.
 */
export interface DocumentValidation {
  valid: boolean;
  format: DocumentFormat;
  document_type: string;
  version: string | null;
  profile: string | null;
  validation_level: ValidationLevel;
  checks: string;
  errors: DocumentError[];
  /** Findings flagged `warning` by an e-invoice rule set ([] for the other formats). */
  warnings: DocumentError[];
  /** The e-invoice rule sets that apply, in the order they ran ([] when none ran). */
  rule_sets: DocumentRuleSet[];
  /** Why the document cannot be judged valid although no error was found; null otherwise. */
  unsupported: string | null;
  container: 'xml' | 'pdf';
  unchecked_elements: string[];
}

/** One error (or warning) of a {@link DocumentValidation}: where, what, and which rule found it. */
export interface DocumentError extends SchemaError {
  /** The stable id of the rule (`fa3.TNrKRS`, `xml.doctype`, `sii.xsd`, `BR-CO-15`, …; docs/rule-ids.md). */
  rule: string;
  /** `fatal` (an error: the document is not valid) or `warning` (a rule set's warning). */
  severity: 'fatal' | 'warning';
}

/** Whether an e-invoice rule set (`en16931-ubl`, `peppol-ubl`, …) judged the document, and if not, why. */
export interface DocumentRuleSet {
  id: RuleSetReport['id'];
  status: RuleSetReport['status'];
  reason?: string;
}

/**
 * The largest document validated: 10 MB (10 × 1024 × 1024 bytes), the HTTP binding's body limit and
 * the SII import's (issue #6, #8); KSeF's own 3 MB limit is one of the FA(3) checks. Written out
 * because the money guard refuses number multiplication in `src`.
 */
export const MAX_DOCUMENT_BYTES = 10485760;

/** The guards' wording for a document sent to the validator, at `param`. */
function documentPolicy(param: string): XmlDocumentPolicy {
  return {
    param,
    document: 'an XML document',
    maxBytes: MAX_DOCUMENT_BYTES,
    maxBytesText: '10 MB (10485760 bytes), the most POST /documents/validate reads',
    reader: 'fiscalkit',
    reference: 'spec §4.8',
    conversionHint: 'a document in another encoding must be converted to UTF-8 first',
    documents:
      'the electronic invoice formats fiscalkit validates (FA(3), SII, UBL, CII, Facturae, FatturaPA)',
  };
}

/** Options of {@link validateDocument}. */
export interface ValidateDocumentOptions {
  /** The SII schema validator (the `schemaValidator` port). */
  validator: SchemaValidator;
  /** Where a refusal points: the request field that held the document; default `document`. */
  param?: string;
  /**
   * The e-invoice validator (`createEInvoiceValidator` of `fiscalkit/validate`, the service's
   * `einvoice` port): when given, UBL, CII, Facturae, FatturaPA and Factur-X / ZUGFeRD PDFs are judged
   * by it; when not, the XML ones for well-formedness only and a PDF is refused.
   */
  einvoice?: EInvoiceValidator | undefined;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The input without a UTF-8 byte-order mark: XML allows one (XML 1.0 §4.3.3), so a UBL, CII or
 * Facturae document may carry it; KSeF alone refuses it, and the FA(3) checks, which read the input as
 * sent, report that.
 */
function withoutUtf8Bom(input: string | Uint8Array): string | Uint8Array {
  if (typeof input === 'string') return input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  return UTF8_BOM.every((byte, index) => input[index] === byte) ? input.subarray(3) : input;
}

const LINE = /\(line (\d+), column \d+\)/;

/** A guard's or importer's issue as a validation error: document-level issues have path ''. */
function errorOf(issue: ValidationIssue, documentParam: string, line_offset = 0): DocumentError {
  const whole = issue.param === documentParam || issue.param === 'file' || issue.param === '';
  const line = LINE.exec(issue.message)?.[1];
  return {
    rule: issue.rule,
    path: whole ? '' : issue.param,
    // money-safe: a line number.
    line: line === undefined ? null : Number.parseInt(line, 10) + line_offset,
    message: whole ? issue.message.replace(/^(?:file|document) /, 'the document ') : issue.message,
    severity: 'fatal',
  };
}

/** The answer's fields that only e-invoices fill, empty: for the formats the e-invoice validator does not judge. */
function noEInvoiceFields(): Pick<
  DocumentValidation,
  'warnings' | 'rule_sets' | 'unsupported' | 'container'
> {
  return { warnings: [], rule_sets: [], unsupported: null, container: 'xml' };
}

function refuse(issue: ValidationIssue): { success: false; issues: ValidationIssue[] } {
  return { success: false, issues: [issue] };
}

const SUPPORTED =
  `the formats validated are KSeF FA(3) (Faktura in ${FA3_NAMESPACE}), SII (SuministroLR… / BajaLR… ` +
  'of SuministroLR.xsd, bare or in a SOAP 1.1 envelope), UBL 2 (Invoice, CreditNote, … in ' +
  'urn:oasis:names:specification:ubl:schema:xsd:…-2), CII (CrossIndustryInvoice in ' +
  'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100), Facturae 3.2, 3.2.1, 3.2.2 and FatturaPA 1.2 ' +
  '(FatturaElettronica in http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2)';

/** The first text of a child element, following `path` (repeated elements: the first). */
function textAt(node: XmlValue | undefined, path: readonly string[]): string | null {
  let current: XmlValue | undefined = node;
  for (const name of path) {
    if (Array.isArray(current)) current = current[0];
    if (current === undefined || typeof current === 'string') return null;
    current = (current as XmlObject)[name];
  }
  if (Array.isArray(current)) current = current[0];
  return typeof current === 'string' && current !== '' ? current : null;
}

/** Why a well-formed e-invoice is not `valid` when the service has no e-invoice validator. */
const NO_EINVOICE_VALIDATOR =
  'this service has no e-invoice validator (no einvoice port; fiscalkit/validate): the document is well-formed, but its schema and rules were not checked';

const CHECKS: Readonly<Record<EInvoiceFormat, string>> = {
  ubl:
    'UBL: well-formedness only (XML 1.0, namespaces) and the root element: this service has no e-invoice validator, so it does NOT validate UBL against ' +
    'the UBL 2.1 schema nor against the EN 16931, Peppol BIS, PINT, XRechnung or other CIUS rules (Schematron): ' +
    '"valid" is therefore false: see "unsupported".',
  cii:
    'CII: well-formedness only (XML 1.0, namespaces) and the root element: this service has no e-invoice validator, so it does NOT validate CII against ' +
    'the UN/CEFACT D16B schema nor against the EN 16931, Factur-X, ZUGFeRD or XRechnung rules (Schematron): ' +
    '"valid" is therefore false: see "unsupported".',
  facturae:
    'Facturae: well-formedness only (XML 1.0, namespaces) and the root element: this service has no e-invoice validator, so it does NOT validate Facturae ' +
    'against its 3.2.x schema nor its XAdES signature: "valid" is therefore false: see "unsupported".',
  fatturapa:
    'FatturaPA: well-formedness only (XML 1.0, namespaces) and the root element: this service has no e-invoice validator, so it does NOT validate FatturaPA ' +
    'against its 1.2 schema nor its signature: "valid" is therefore false: see "unsupported".',
};

/** The formats the e-invoice validator judges. */
type EInvoiceFormat = 'ubl' | 'cii' | 'facturae' | 'fatturapa';

/** The name of each rule set, for `checks`. */
const RULE_SET_NAMES: ReadonlyMap<string, string> = new Map(RULE_SETS.map((set) => [set.id, set.name]));

/** A list in words: `a`, `a and b`, `a, b and c`. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** What the e-invoice validator checked, in plain English, from its verdict. */
function einvoiceChecks(verdict: EInvoiceVerdict, format: EInvoiceFormat): string {
  const applied = verdict.ruleSets
    .filter((set) => set.status === 'applied')
    .map((set) => RULE_SET_NAMES.get(set.id) ?? set.id);
  const what = `${format === 'ubl' ? 'UBL' : format === 'cii' ? 'CII' : format === 'facturae' ? 'Facturae' : 'FatturaPA'}${
    verdict.container === 'pdf' ? ' (the invoice attached to a Factur-X / ZUGFeRD PDF)' : ''
  }${verdict.specification === null ? '' : ` declaring ${JSON.stringify(verdict.specification)}`}`;
  const ran =
    applied.length === 0
      ? 'well-formedness only (XML 1.0, namespaces): no rule set ran'
      : `judged against ${listed(applied)} (the official artefacts, fiscalkit's schematron engine and XSD validator); errors are the findings flagged fatal, warnings those flagged warning`;
  const xades = format === 'facturae' ? ' The XAdES signature is NOT verified.' : '';
  return `${what}: ${ran}.${verdict.notJudged === null ? '' : ` Not judged: ${verdict.notJudged}.`}${xades}`;
}

/** A finding as the answer writes it. */
function findingError(finding: EInvoiceFinding): DocumentError {
  return {
    rule: finding.rule,
    path: finding.location,
    line: finding.line,
    message: finding.message,
    severity: finding.severity,
  };
}

/** The answer for an e-invoice, from the e-invoice validator's verdict. */
function einvoiceAnswer(
  verdict: EInvoiceVerdict,
  format: EInvoiceFormat,
  document_type: string,
): DocumentValidation {
  const applied = (kind: 'xsd' | 'other') =>
    verdict.ruleSets.some(
      (set) => set.status === 'applied' && (set.id.endsWith('-xsd') ? kind === 'xsd' : kind === 'other'),
    );
  const validation_level: ValidationLevel = applied('xsd')
    ? applied('other')
      ? 'schema_and_rules'
      : 'schema'
    : applied('other')
      ? 'rules'
      : 'well_formedness';
  return {
    valid: verdict.valid,
    format,
    document_type: verdict.documentType ?? document_type,
    version: verdict.syntaxVersion,
    profile: format === 'ubl' || format === 'cii' ? verdict.specification : null,
    validation_level,
    checks: einvoiceChecks(verdict, format),
    errors: verdict.findings.filter((finding) => finding.severity === 'fatal').map(findingError),
    warnings: verdict.findings.filter((finding) => finding.severity === 'warning').map(findingError),
    rule_sets: verdict.ruleSets.map((set) => ({ ...set })),
    unsupported: verdict.unsupported,
    container: verdict.container,
    unchecked_elements: [],
  };
}

function fa3Checks(unchecked: number): string {
  return (
    'KSeF FA(3): read as KSeF reads it (UTF-8 without byte-order mark, at most 3 MB, no DTD, well-formed, root ' +
    'Faktura in the FA(3) namespace, kodSystemowy "FA (3)" and wersjaSchemy "1-0E"), then every element ' +
    "fiscalkit's FA(3) importer reads (mandatory elements present, values in their FA(3) formats) and the FA(3) " +
    'schema and KSeF rules fiscalkit knows for them (code lists, lengths, patterns, decimals, repetition limits). ' +
    'Not validated against the official XSD file itself' +
    (unchecked > 0
      ? `; ${String(unchecked)} element(s) fiscalkit does not read were not checked (unchecked_elements).`
      : '.')
  );
}

function siiChecks(validator: string, soap: boolean): string {
  return (
    `SII: validated against the AEAT schema of the message (SuministroLR.xsd, SuministroInformacion.xsd) by fiscalkit's ` +
    `${JSON.stringify(validator)} schema validator${soap ? ', after taking the message out of its SOAP 1.1 envelope' : ''}. ` +
    "Not checked: AEAT's business validations, which AEAT applies after the schema and answers per record."
  );
}

/** Well-formedness of a UBL, CII, Facturae or FatturaPA document, and what its header says. */
function wellFormedOnly(
  text: string,
  format: EInvoiceFormat,
  document_type: string,
  version: string | null,
  param: string,
): DocumentValidation {
  const base = {
    format,
    document_type,
    version,
    profile: null,
    validation_level: 'well_formedness' as const,
    checks: CHECKS[format],
    ...noEInvoiceFields(),
    unchecked_elements: [],
  };
  const early = wellFormednessIssue(text, param);
  if (early !== null) return { ...base, valid: false, errors: [errorOf(early, param)] };
  // UBL, CII and Facturae repeat many elements legitimately and fiscalkit reads none of their schemas:
  // repeats are collected (in linear time) and never refused here; the depth is held to libxml2's
  // default (issue #24 item 1).
  const parsed = parseXml(text, { repeatable: new Set(), attributes: 'skip', occurrences: 'collect' });
  if (!parsed.success) {
    const issue = parsed.wellFormed
      ? parseRefusal(parsed.message, param)
      : wellFormednessFailure(parsed.message, param);
    return { ...base, valid: false, errors: [errorOf(issue, param)] };
  }
  const root = parsed.data[document_type];
  // Well-formed, and that is all that was checked: never `valid` (issue #21 "never valid: true" for
  // what fiscalkit cannot judge), with why in `unsupported`.
  const unjudged = { ...base, valid: false, errors: [], unsupported: NO_EINVOICE_VALIDATOR };
  if (format === 'ubl')
    return {
      ...unjudged,
      version: textAt(root, ['UBLVersionID']),
      profile: textAt(root, ['CustomizationID']),
    };
  if (format === 'cii')
    return {
      ...unjudged,
      profile: textAt(root, ['ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID']),
    };
  return unjudged;
}

/**
 * Validates an electronic document (spec §4.8 POST /documents/validate): the raw XML as a string or
 * bytes. First the refusals — what fiscalkit will not or cannot read, each one 422
 * `parameter_invalid` at `param`: over 10 MB, a UTF-16 byte-order mark, bytes that are not UTF-8 or a
 * declared encoding other than UTF-8, any DOCTYPE or ENTITY declaration (refused, never expanded, as
 * the importers do), no root element, or a root that is none of the formats. Then the verdict, by
 * format:
 *
 * - KSeF FA(3): `importFa3` (KSeF's document rules, every element it reads) and `fa3Issues` (the FA(3)
 *   schema and KSeF rules fiscalkit knows) — `schema_and_rules`;
 * - SII (bare, or in a SOAP 1.1 envelope): the `SchemaValidator` port — `schema`;
 * - UBL, CII, Facturae, FatturaPA, and a Factur-X / ZUGFeRD PDF (bytes starting `%PDF-`): the
 *   e-invoice validator when `options.einvoice` is given (`schema_and_rules`, with `rule_sets`,
 *   `warnings`, `unsupported`); without it, the XML ones for well-formedness and the root element only
 *   — `well_formedness`, said plainly in `checks` — and a PDF is refused (422);
 * - a root the e-invoice tables name but fiscalkit cannot judge (ZUGFeRD 1.0, Svefaktura 1.0, UBL 1.0,
 *   FatturaPA semplificata) is refused with its name and why (422), as FA(2) is.
 *
 * Never throws for any input.
 *
 * @example
 * ```ts
 * const result = validateDocument(ublXml, { validator: structuralSiiValidator() });
 * result.success && result.data; // { valid: true, format: 'ubl', validation_level: 'well_formedness', … }
 * validateDocument(ublXml, { validator, einvoice }).success; // { valid: false, errors: [{ rule: 'BR-CO-15', … }], … }
 * validateDocument('<!DOCTYPE x><x/>', { validator }).success; // false: 422 parameter_invalid at document
 * ```
 */
export function validateDocument(
  input: string | Uint8Array,
  options: ValidateDocumentOptions,
): Validated<DocumentValidation> {
  const param = options.param ?? 'document';
  const policy = documentPolicy(param);
  if (typeof input !== 'string' && !(input instanceof Uint8Array))
    return refuse(documentIssue('xml.input-type', param, 'must be an XML document as a string or as bytes'));
  if (typeof input !== 'string' && isPdf(input)) {
    const tooLarge = sizeIssue(input, policy);
    if (tooLarge !== null) return refuse(tooLarge);
    return pdfAnswer(input, param, options.einvoice);
  }
  const body = withoutUtf8Bom(input);
  const inputIssue = sizeIssue(input, policy) ?? bomIssue(body, policy);
  if (inputIssue !== null) return refuse(inputIssue);
  const decoded = documentText(body, policy);
  if (!decoded.success) return refuse(decoded.issue);
  const text = decoded.data;
  const textIssue = encodingIssue(text, policy) ?? dtdIssue(text, policy);
  if (textIssue !== null) return refuse(textIssue);

  const root = rootElement(text);
  if (root === null)
    return refuse(
      documentIssue(
        'xml.root-element',
        param,
        `is not an XML document: no root element was found (${SUPPORTED})`,
      ),
    );
  let detection = detectFormat(root);
  let message = text;
  let line_offset = 0;
  let soap = false;
  if (detection.kind === 'soap_envelope') {
    const unwrapped = unwrapSoapBody(text);
    if (!unwrapped.success)
      return refuse(
        documentIssue(
          'fiscalkit.document.soap-envelope',
          param,
          `is a SOAP envelope fiscalkit cannot read: ${unwrapped.message}${unwrapped.line === null ? '' : ` (line ${String(unwrapped.line)})`}`,
        ),
      );
    const inner = rootElement(unwrapped.xml);
    detection = inner === null ? { kind: 'unknown' } : detectFormat(inner);
    if (detection.kind !== 'format' || detection.format !== 'sii')
      return refuse(
        documentIssue(
          'fiscalkit.document.soap-envelope',
          param,
          `is a SOAP envelope around <${inner?.name ?? '?'}>${inner?.namespace ? ` in ${inner.namespace}` : ''}; only SII messages are validated inside a SOAP envelope`,
        ),
      );
    message = unwrapped.xml;
    line_offset = unwrapped.line_offset;
    soap = true;
  }
  if (detection.kind === 'unsupported')
    return refuse(documentIssue('fiscalkit.document.format', param, detection.reason));
  const named = detection.kind === 'format' ? null : documentRoot(root);
  if (named !== null && named.unsupported !== null)
    return refuse(
      documentIssue(
        'fiscalkit.document.format',
        param,
        `is ${/^[A-Z]/.test(named.description) ? 'a ' : ''}${named.description} document (<${root.name}> in ${root.namespace ?? 'no namespace'}), which fiscalkit does not validate: ${named.unsupported}`,
      ),
    );
  if (detection.kind !== 'format')
    return refuse(
      documentIssue(
        'fiscalkit.document.format',
        param,
        `has the root element <${root.name}> in ${root.namespace === null ? 'no namespace' : `the namespace ${root.namespace}`}, ` +
          `which is not a format fiscalkit validates: ${SUPPORTED}`,
      ),
    );
  const { format, document_type, version } = detection;

  if (format === 'ksef_fa3') {
    const imported = importFa3(input);
    const issues = imported.success ? fa3Issues(imported.data.report) : imported.issues;
    const unchecked = imported.success ? imported.data.ignored : [];
    return {
      success: true,
      data: {
        valid: issues.length === 0,
        format,
        document_type,
        version,
        profile: null,
        validation_level: 'schema_and_rules',
        checks: fa3Checks(unchecked.length),
        errors: issues.map((issue) => errorOf(issue, param)),
        ...noEInvoiceFields(),
        unchecked_elements: unchecked,
      },
    };
  }
  if (format === 'sii') {
    const early = wellFormednessIssue(message, param);
    const verdict =
      early === null
        ? options.validator.validateSii(message)
        : { valid: false, errors: [errorOf(early, param)] };
    return {
      success: true,
      data: {
        valid: verdict.valid,
        format,
        document_type,
        version,
        profile: null,
        validation_level: 'schema',
        checks: siiChecks(options.validator.name, soap),
        errors: verdict.errors.map((error) => ({
          rule: SII_SCHEMA_RULE,
          ...error,
          // money-safe: line numbers.
          line: error.line === null ? null : error.line + line_offset,
          severity: 'fatal' as const,
        })),
        ...noEInvoiceFields(),
        unchecked_elements: [],
      },
    };
  }
  if (options.einvoice !== undefined)
    return { success: true, data: einvoiceAnswer(options.einvoice.validate(text), format, document_type) };
  return { success: true, data: wellFormedOnly(text, format, document_type, version, param) };
}

/**
 * A PDF: a Factur-X / ZUGFeRD invoice, judged by the e-invoice validator on the CII XML attached to it.
 * Refused (422) without a validator, and when the PDF holds no invoice the validator can read (the
 * PDF reader's rule and message): fiscalkit will not read it, as it will not read an XML document with
 * a DOCTYPE.
 */
function pdfAnswer(
  input: Uint8Array,
  param: string,
  einvoice: EInvoiceValidator | undefined,
): Validated<DocumentValidation> {
  if (einvoice === undefined)
    return refuse(
      documentIssue(
        'fiscalkit.document.format',
        param,
        'is a PDF; fiscalkit judges Factur-X / ZUGFeRD PDFs (the CII invoice attached to them) only when the service has an e-invoice validator (fiscalkit/validate), and this one has none',
      ),
    );
  const verdict = einvoice.validate(input);
  if (verdict.syntax === 'cii')
    return { success: true, data: einvoiceAnswer(verdict, 'cii', 'CrossIndustryInvoice') };
  const containerFinding = verdict.findings.find((finding) => finding.ruleSet === 'pdf');
  return refuse({
    rule: containerFinding?.rule ?? 'fiscalkit.document.format',
    code: 'parameter_invalid',
    param,
    message: `${param} is a PDF without a Factur-X / ZUGFeRD invoice fiscalkit can judge: ${
      containerFinding?.message ??
      verdict.unsupported ??
      verdict.findings[0]?.message ??
      'its attachment is not a CII invoice'
    }`,
  });
}
