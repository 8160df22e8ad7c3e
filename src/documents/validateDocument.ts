/**
 * Validation of an electronic document (spec §4.8 POST /documents/validate): detect its format and
 * check what fiscalkit can check, saying exactly what that was. fiscalkit owns two formats end to end
 * — KSeF FA(3) and SII — and judges those against their schema rules; for UBL, CII and Facturae it
 * checks well-formedness only, and says so in every answer (`validation_level`, `checks`).
 *
 * @module
 */
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
 * format's own rules beyond it).
 */
export type ValidationLevel = 'well_formedness' | 'schema' | 'schema_and_rules';

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
 *   checks therefore did not judge.
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
  unchecked_elements: string[];
}

/** One error of a {@link DocumentValidation}: where, what, and which rule found it. */
export interface DocumentError extends SchemaError {
  /** The stable id of the rule (`fa3.TNrKRS`, `xml.doctype`, `sii.xsd`, …; docs/rule-ids.md). */
  rule: string;
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
    documents: 'the electronic invoice formats fiscalkit validates (FA(3), SII, UBL, CII, Facturae)',
  };
}

/** Options of {@link validateDocument}. */
export interface ValidateDocumentOptions {
  /** The SII schema validator (the `schemaValidator` port). */
  validator: SchemaValidator;
  /** Where a refusal points: the request field that held the document; default `document`. */
  param?: string;
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
  };
}

function refuse(issue: ValidationIssue): { success: false; issues: ValidationIssue[] } {
  return { success: false, issues: [issue] };
}

const SUPPORTED =
  `the formats validated are KSeF FA(3) (Faktura in ${FA3_NAMESPACE}), SII (SuministroLR… / BajaLR… ` +
  'of SuministroLR.xsd, bare or in a SOAP 1.1 envelope), UBL 2 (Invoice, CreditNote, … in ' +
  'urn:oasis:names:specification:ubl:schema:xsd:…-2), CII (CrossIndustryInvoice in ' +
  'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100) and Facturae 3.2, 3.2.1, 3.2.2';

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

const CHECKS: Readonly<Record<'ubl' | 'cii' | 'facturae', string>> = {
  ubl:
    'UBL: well-formedness only (XML 1.0, namespaces) and the root element. fiscalkit does NOT validate UBL against ' +
    'the UBL 2.1 schema nor against the EN 16931, Peppol BIS, PINT, XRechnung or other CIUS rules (Schematron): ' +
    '"valid" here means well-formed, and an access point or the receiver may still refuse the document.',
  cii:
    'CII: well-formedness only (XML 1.0, namespaces) and the root element. fiscalkit does NOT validate CII against ' +
    'the UN/CEFACT D16B schema nor against the EN 16931, Factur-X, ZUGFeRD or XRechnung rules (Schematron): ' +
    '"valid" here means well-formed, and the receiver may still refuse the document.',
  facturae:
    'Facturae: well-formedness only (XML 1.0, namespaces) and the root element. fiscalkit does NOT validate Facturae ' +
    'against its 3.2.x schema nor its XAdES signature: "valid" here means well-formed, and FACe or the receiver ' +
    'may still refuse the document.',
};

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

/** Well-formedness of a UBL, CII or Facturae document, and what its header says. */
function wellFormedOnly(
  text: string,
  format: 'ubl' | 'cii' | 'facturae',
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
  if (format === 'ubl')
    return {
      ...base,
      valid: true,
      errors: [],
      version: textAt(root, ['UBLVersionID']),
      profile: textAt(root, ['CustomizationID']),
    };
  if (format === 'cii')
    return {
      ...base,
      valid: true,
      errors: [],
      profile: textAt(root, ['ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID']),
    };
  return { ...base, valid: true, errors: [] };
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
 * - UBL, CII, Facturae: well-formedness and the root element only — `well_formedness`, said plainly in
 *   `checks`.
 *
 * Never throws for any input.
 *
 * @example
 * ```ts
 * const result = validateDocument(ublXml, { validator: structuralSiiValidator() });
 * result.success && result.data; // { valid: true, format: 'ubl', validation_level: 'well_formedness', … }
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
        })),
        unchecked_elements: [],
      },
    };
  }
  return { success: true, data: wellFormedOnly(text, format, document_type, version, param) };
}
