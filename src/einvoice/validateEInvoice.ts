/**
 * E-invoice validation (issue #21): one document in, one {@link EInvoiceVerdict} out — the syntax and
 * specification the document declares, the rule sets that judged it, and every finding with its rule
 * id, severity, message and location. The layers, in order (issue #21 "Layers"):
 *
 * 1. the container: a PDF is a Factur-X / ZUGFeRD invoice, and its CII attachment is what is judged;
 * 2. XML safety — fiscalkit's guards (`src/xml/guards.ts`): size, byte-order mark, UTF-8, declared
 *    encoding, no DOCTYPE or ENTITY, XML characters and references — then the parse (well-formedness,
 *    namespaces, depth); a document that fails here is judged by nothing else;
 * 3. which rule sets apply, from the root element and the declared specification
 *    (`./specification.ts`);
 * 4. each of them in order: the XSD of the syntax (the `EInvoiceSchemas` port), EN 16931, then the CIUS
 *    or extension (Peppol BIS 3, XRechnung), each compiled once per validator from the host's artefacts
 *    and run by fiscalkit's schematron engine; Facturae's own arithmetic rules; FatturaPA's XSD.
 *
 * Every rule set that applies runs, whatever the ones before it found (the XSD failing does not stop
 * EN 16931): an answer lists all a document's problems at once. A rule set that applies but cannot run
 * (its files are missing, libxml2-wasm is not installed, the engine refused it) is reported
 * `unavailable` with the reason, and the document is then at best `unsupported` — never `valid`.
 *
 * Severity (vefa-validator semantics, `../shared/en16931/SOURCES.md`; KoSIT's validator for XRechnung):
 * a schematron `flag="warning"` or `flag="information"` (XRechnung's BR-DE-TMP-32) is a warning; `fatal`,
 * `error`, no flag, or anything else is fatal. XSD errors and the XML guards are fatal.
 *
 * @module
 */

import { type CompiledSchematron, compileSchematron } from '../schematron/compile.js';
import type { SchematronFinding } from '../schematron/finding.js';
import {
  bomIssue,
  documentText,
  dtdIssue,
  encodingIssue,
  rootElement,
  sizeIssue,
  wellFormednessFailure,
  wellFormednessIssue,
  type XmlDocumentPolicy,
} from '../xml/guards.js';
import { parseXdm, type XdmDocument, XdmParseError } from '../xpath/document.js';
import type { ArtefactSource } from './artefacts.js';
import { declaredDocument } from './declaration.js';
import { facturaeDocumentFindings } from './facturae/findings.js';
import { isPdf } from './facturx/magic.js';
import type { PdfInvoiceReader } from './pdfInvoiceReader.js';

export type { PdfInvoiceReader } from './pdfInvoiceReader.js';

import { ARTEFACTS_FETCH_COMMAND, RULE_SETS, type RuleSetDefinition, ruleSetDefinition } from './ruleSets.js';
import type { EInvoiceSchemaId, EInvoiceSchemas } from './schemas.js';
import { judgeSpecification, type SpecificationJudgement } from './specification.js';
import type { EInvoiceValidator, RuleSetAvailability } from './validator.js';
import type {
  EInvoiceFinding,
  EInvoiceSyntax,
  EInvoiceVerdict,
  FindingSeverity,
  RuleSetId,
  RuleSetReport,
} from './verdict.js';

/** Compiles a schematron rule set: fiscalkit's engine (`compileSchematron`) unless told otherwise. */
export type SchematronCompiler = (
  read: (path: string) => string | undefined,
  entry: string,
) => Pick<CompiledSchematron, 'run'>;

/**
 * Facturae's own rules (`src/einvoice/facturae`): the arithmetic the XSD cannot check (line and
 * invoice totals, taxes), run on the parsed document after the XSD.
 */
export type FacturaeRules = (document: XdmDocument) => readonly EInvoiceFinding[];

/** Options of {@link createEInvoiceValidator}. */
export interface EInvoiceValidatorOptions {
  /** The host's rule sets and schemas (`artefactsFromDirectories` of `fiscalkit/validate`). */
  artefacts: ArtefactSource;
  /**
   * The XSD layer (`createEInvoiceSchemas` of `fiscalkit/xsd`, libxml2-wasm). Without it every XSD rule
   * set is unavailable, and no UBL, CII, Facturae or FatturaPA document can be judged `valid`.
   */
  schemas?: EInvoiceSchemas | undefined;
  /** The largest document read, in bytes (a PDF: the PDF); default 10 MB (10485760 bytes). */
  maxBytes?: number | undefined;
  /**
   * The Factur-X / ZUGFeRD reader: `await loadFacturXReader()`. Without it a PDF is `unsupported` (its
   * embedded invoice cannot be read), never judged. `einvoiceValidatorFromDirectories` loads it.
   */
  pdf?: PdfInvoiceReader | undefined;
}

/**
 * The parts of the validator that are fiscalkit's own and have defaults — the schematron engine, the
 * Facturae rules, the Factur-X reader — replaceable for tests (an engine double) through
 * {@link assembleEInvoiceValidator}; not part of the public options. `null` takes a part away.
 */
export interface EInvoiceValidatorParts {
  /** The schematron engine; default fiscalkit's (`compileSchematron`). */
  compile?: SchematronCompiler | undefined;
  /**
   * Facturae's arithmetic rules; default fiscalkit's (`src/einvoice/facturae`); null: none, and the
   * `facturae-rules` set is unavailable.
   */
  facturae?: FacturaeRules | null | undefined;
  /**
   * The Factur-X / ZUGFeRD reader; default the `pdf` option; null: none, and a PDF is `unsupported`.
   */
  pdf?: PdfInvoiceReader | null | undefined;
}

/**
 * Loads fiscalkit's Factur-X / ZUGFeRD reader (`src/einvoice/facturx`, pdf-lib) for the `pdf` option
 * of {@link createEInvoiceValidator}. It is loaded on request, not with `fiscalkit/validate`, because
 * pdf-lib takes longer to load than the whole schematron engine and most documents are XML.
 *
 * @example
 * ```ts
 * const validator = createEInvoiceValidator({ artefacts, schemas, pdf: await loadFacturXReader() });
 * validator.validate(facturXPdfBytes).container; // 'pdf'
 * ```
 */
export async function loadFacturXReader(maxBytes: number = DEFAULT_MAX_BYTES): Promise<PdfInvoiceReader> {
  const { facturXReader } = await import('./facturx/reader.js');
  return facturXReader(maxBytes);
}

/** 10 MB (10 × 1024 × 1024 bytes): POST /documents/validate's limit, written out (the money guard). */
const DEFAULT_MAX_BYTES = 10485760;

/** The guards' wording for a document given to the e-invoice validator. */
function policyOf(maxBytes: number): XmlDocumentPolicy {
  return {
    param: 'document',
    document: 'an XML e-invoice',
    maxBytes,
    maxBytesText: `${String(maxBytes)} bytes, the most the e-invoice validator reads`,
    reader: 'the e-invoice validator',
    reference: 'EN 16931-1 and the XML syntaxes bound to it use UTF-8',
    conversionHint: 'a document in another encoding must be converted to UTF-8 first',
    documents: 'e-invoices (UBL, CII, Facturae, FatturaPA)',
  };
}

/** The finding of a guard's issue: the document as a whole, with the line the message gives. */
function guardFinding(issue: { rule: string; message: string }): EInvoiceFinding {
  const line = /\(line (\d+), column \d+\)/.exec(issue.message)?.[1];
  return {
    rule: issue.rule,
    severity: 'fatal',
    ruleSet: 'xml',
    message: issue.message.replace(/^document /, 'the document '),
    location: '',
    // money-safe: a line number.
    line: line === undefined ? null : Number.parseInt(line, 10),
  };
}

/** A schematron flag as a severity (vefa: warning → warning, anything else → error; KoSIT: information). */
function severityOf(flag: string | null): FindingSeverity {
  return flag === 'warning' || flag === 'information' ? 'warning' : 'fatal';
}

/** The fiscalkit rule id of an XSD error in a syntax (`en16931.ubl.xsd`). */
const XSD_RULE: Readonly<Record<EInvoiceSyntax, string>> = {
  ubl: 'en16931.ubl.xsd',
  cii: 'en16931.cii.xsd',
  facturae: 'facturae.xsd',
  fatturapa: 'fatturapa.xsd',
};

/** Findings of one rule set in document order (stable: same line keeps the rule set's order). */
function inDocumentOrder(findings: EInvoiceFinding[]): EInvoiceFinding[] {
  // money-safe: comparing line numbers.
  return findings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** A compiled rule set, or why it cannot run. */
type Compiled = { ok: true; rules: Pick<CompiledSchematron, 'run'> } | { ok: false; reason: string };

/**
 * Makes an e-invoice validator over the host's artefacts. Rule sets are compiled lazily, once each, on
 * the first document that needs them (`warm()` compiles them all ahead, for a server's start); the
 * validator then judges any number of documents, and is safe to share within one thread.
 *
 * @example
 * ```ts
 * import { artefactsFromDirectories, createEInvoiceValidator } from 'fiscalkit/validate';
 * import { createEInvoiceSchemas } from 'fiscalkit/xsd';
 * const directories = ['../shared/en16931'];
 * const validator = createEInvoiceValidator({
 *   artefacts: artefactsFromDirectories(directories),
 *   schemas: await createEInvoiceSchemas({ directories }),
 * });
 * const verdict = validator.validate(ublXml);
 * verdict.outcome; // 'invalid'
 * verdict.findings[0]; // { rule: 'BR-CO-15', severity: 'fatal', ruleSet: 'en16931-ubl', location: '/Invoice', … }
 * ```
 */
export function createEInvoiceValidator(options: EInvoiceValidatorOptions): EInvoiceValidator {
  return assembleEInvoiceValidator(options, {});
}

/**
 * {@link createEInvoiceValidator} with some of fiscalkit's own parts replaced ({@link EInvoiceValidatorParts}):
 * the tests' way to drive the orchestration with an engine double.
 *
 * @example
 * ```ts
 * const validator = assembleEInvoiceValidator({ artefacts }, { compile: () => ({ run: () => [] }) });
 * validator.validate(ublXml).ruleSets; // [{ id: 'ubl-2.1-xsd', status: 'unavailable', … }, { id: 'en16931-ubl', status: 'applied' }]
 * ```
 */
export function assembleEInvoiceValidator(
  options: EInvoiceValidatorOptions,
  parts: EInvoiceValidatorParts,
): EInvoiceValidator {
  const { artefacts, schemas } = options;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const facturae = parts.facturae === undefined ? facturaeDocumentFindings : (parts.facturae ?? undefined);
  const pdf = parts.pdf === undefined ? options.pdf : (parts.pdf ?? undefined);
  const compile: SchematronCompiler = parts.compile ?? compileSchematron;
  const policy = policyOf(maxBytes);
  const compiled = new Map<RuleSetId, Compiled>();
  const read = (path: string) => artefacts.readText(path);

  /** The first file of a rule set that is missing, or null. */
  const missingFile = (definition: RuleSetDefinition): string | null =>
    definition.files.find((file) => artefacts.readText(file) === undefined) ?? null;

  const missingReason = (definition: RuleSetDefinition, file: string): string =>
    `${file} is not in ${artefacts.description}: fetch the official release (${definition.source}) with ` +
    `${ARTEFACTS_FETCH_COMMAND} and name the directory in FISCALKIT_ARTEFACTS`;

  const compiledRuleSet = (definition: RuleSetDefinition): Compiled => {
    const known = compiled.get(definition.id);
    if (known !== undefined) return known;
    const missing = missingFile(definition);
    // Not remembered: the host may add the files later (a fetch while the server runs).
    if (missing !== null) return { ok: false, reason: missingReason(definition, missing) };
    let result: Compiled;
    try {
      result = { ok: true, rules: compile(read, definition.entry ?? '') };
    } catch (error) {
      result = {
        ok: false,
        reason: `${definition.name} could not be compiled from ${artefacts.description}: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    compiled.set(definition.id, result);
    return result;
  };

  const xsdUnavailable = (id: RuleSetId): string | null => {
    if (schemas === undefined)
      return 'no XSD processor: install libxml2-wasm (an optional peer dependency of fiscalkit) and give the validator `schemas` (createEInvoiceSchemas of fiscalkit/xsd)';
    return schemas.unavailable(id as EInvoiceSchemaId);
  };

  const availabilityOf = (definition: RuleSetDefinition): RuleSetAvailability => {
    const base = { id: definition.id, name: definition.name };
    let reason: string | null;
    if (definition.kind === 'xsd') reason = xsdUnavailable(definition.id);
    else if (definition.kind === 'rules')
      reason = facturae === undefined ? 'the Facturae rules were not given to the validator' : null;
    else {
      const known = compiled.get(definition.id);
      if (known !== undefined) reason = known.ok ? null : known.reason;
      else {
        const missing = missingFile(definition);
        reason = missing === null ? null : missingReason(definition, missing);
      }
    }
    return reason === null ? { ...base, status: 'available' } : { ...base, status: 'unavailable', reason };
  };

  /** Runs one rule set: its report, and its findings. */
  const runRuleSet = (
    id: RuleSetId,
    judgement: SpecificationJudgement,
    text: string,
    document: XdmDocument,
  ): { report: RuleSetReport; findings: EInvoiceFinding[] } => {
    const definition = ruleSetDefinition(id);
    const unavailable = (reason: string) => ({
      report: { id, status: 'unavailable' as const, reason },
      findings: [],
    });
    const applied = (findings: EInvoiceFinding[]) => ({
      report: { id, status: 'applied' as const },
      findings: inDocumentOrder(findings),
    });
    if (definition.kind === 'xsd') {
      const verdict = schemas?.validate(
        id as EInvoiceSchemaId,
        judgement.documentType,
        judgement.schemaVersion,
        text,
      );
      if (verdict === undefined)
        return unavailable(xsdUnavailable(id) ?? `${definition.name} is unavailable`);
      return applied(
        verdict.errors.map((error) => ({
          rule: XSD_RULE[definition.syntax],
          severity: 'fatal' as const,
          ruleSet: id,
          message: error.message,
          location: error.path,
          line: error.line,
        })),
      );
    }
    if (definition.kind === 'rules') {
      if (facturae === undefined) return unavailable('the Facturae rules were not given to the validator');
      return applied([...facturae(document)]);
    }
    const rules = compiledRuleSet(definition);
    if (!rules.ok) return unavailable(rules.reason);
    let fired: SchematronFinding[];
    try {
      fired = rules.rules.run(document);
    } catch (error) {
      // A failure of the engine on this document (not a rule's finding): the rule set did not judge it.
      return unavailable(
        `${definition.name} failed on this document: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return applied(
      fired.map((finding) => ({
        rule: finding.id === '' ? id : finding.id,
        // A rule that could not be evaluated (or compiled) judged nothing: an error whatever its flag,
        // so that a warning-flagged rule that failed can never let a document pass unjudged.
        severity: finding.kind === 'error' ? 'fatal' : severityOf(finding.flag),
        ruleSet: id,
        message: finding.message,
        location: finding.location,
        line: finding.line,
      })),
    );
  };

  /** The verdict on a document stopped before any rule set: a guard, the parse, the container. */
  const stopped = (
    findings: EInvoiceFinding[],
    container: 'xml' | 'pdf',
    text: string | null,
    unsupported: string | null = null,
  ): EInvoiceVerdict => {
    const root = text === null ? null : rootElement(text);
    const outcome = findings.some((finding) => finding.severity === 'fatal') ? 'invalid' : 'unsupported';
    const reason = outcome === 'unsupported' ? (unsupported ?? 'the document could not be read') : null;
    return {
      syntax: null,
      documentType: root?.name ?? null,
      specification: null,
      container,
      outcome,
      valid: false,
      unsupported: reason,
      notJudged: reason ?? unsupported,
      syntaxVersion: null,
      ruleSets: [],
      findings,
    };
  };

  const judgeXml = (input: string | Uint8Array, container: 'xml' | 'pdf'): EInvoiceVerdict => {
    const sizeOrBom =
      sizeIssue(input, policy) ??
      // A UTF-8 byte-order mark is allowed (XML 1.0 §4.3.3, F.1); UTF-16 ones are named and refused.
      (typeof input === 'string' || input[0] === 0xef ? null : bomIssue(input, policy));
    if (sizeOrBom !== null) return stopped([guardFinding(sizeOrBom)], container, null);
    const decoded = documentText(input, policy);
    if (!decoded.success) return stopped([guardFinding(decoded.issue)], container, null);
    const text = decoded.data.charCodeAt(0) === 0xfeff ? decoded.data.slice(1) : decoded.data;
    const textIssue =
      encodingIssue(text, policy) ?? dtdIssue(text, policy) ?? wellFormednessIssue(text, policy.param);
    if (textIssue !== null) return stopped([guardFinding(textIssue)], container, text);
    let document: XdmDocument;
    try {
      document = parseXdm(text);
    } catch (error) {
      if (!(error instanceof XdmParseError)) throw error;
      if (error.limit)
        return stopped(
          [
            {
              rule: 'xml.schema-limits',
              severity: 'fatal',
              ruleSet: 'xml',
              message: `the document passes a reading limit: ${error.message.replace(/^\d+:\d+: /, '')}`,
              location: '',
              line: error.line,
            },
          ],
          container,
          text,
        );
      return stopped([guardFinding(wellFormednessFailure(error.message, policy.param))], container, text);
    }
    const declared = declaredDocument(document);
    const judgement = judgeSpecification(declared);
    const reports: RuleSetReport[] = [];
    const findings: EInvoiceFinding[] = [];
    for (const id of judgement.ruleSets) {
      const { report, findings: found } = runRuleSet(id, judgement, text, document);
      reports.push(report);
      findings.push(...found);
    }
    const unavailable = reports.filter((report) => report.status === 'unavailable');
    const notJudged =
      [
        judgement.unsupported,
        ...unavailable.map(
          (report) => `${ruleSetDefinition(report.id).name} is unavailable: ${report.reason ?? ''}`,
        ),
      ]
        .filter((reason): reason is string => reason !== null)
        .join('; ') || null;
    const outcome = findings.some((finding) => finding.severity === 'fatal')
      ? 'invalid'
      : notJudged !== null
        ? 'unsupported'
        : 'valid';
    return {
      syntax: judgement.syntax,
      documentType: judgement.documentType,
      specification: judgement.specification,
      container,
      outcome,
      valid: outcome === 'valid',
      unsupported: outcome === 'unsupported' ? notJudged : null,
      notJudged,
      syntaxVersion: judgement.syntax === 'facturae' ? judgement.schemaVersion : declared.version,
      ruleSets: reports,
      findings,
    };
  };

  const judge = (input: string | Uint8Array): EInvoiceVerdict => {
    if (typeof input !== 'string' && !(input instanceof Uint8Array))
      return stopped(
        [
          {
            rule: 'xml.input-type',
            severity: 'fatal',
            ruleSet: 'xml',
            message:
              'the document must be an XML e-invoice as a string or UTF-8 bytes, or a Factur-X / ZUGFeRD PDF as bytes',
            location: '',
            line: null,
          },
        ],
        'xml',
        null,
      );
    if (typeof input === 'string' || !looksLikePdf(input, pdf)) return judgeXml(input, 'xml');
    const tooLarge = sizeIssue(input, policy);
    if (tooLarge !== null) return stopped([guardFinding(tooLarge)], 'pdf', null);
    if (pdf === undefined)
      return stopped(
        [],
        'pdf',
        null,
        'the document is a PDF, and this validator has no Factur-X / ZUGFeRD reader to take the invoice out of it',
      );
    const extracted = pdf.extract(input);
    if (!extracted.success)
      return stopped(
        [
          {
            rule: extracted.rule,
            severity: 'fatal',
            ruleSet: 'pdf',
            message: extracted.message,
            location: '',
            line: null,
          },
        ],
        'pdf',
        null,
      );
    return judgeXml(extracted.xml, 'pdf');
  };

  return {
    description: artefacts.description,
    validate(input) {
      try {
        return judge(input);
      } catch (error) {
        // A defect of fiscalkit, not of the document: never a verdict of valid, never a throw.
        const reason = `fiscalkit could not judge the document: ${error instanceof Error ? error.message : String(error)}`;
        return stopped([], 'xml', null, reason);
      }
    },
    availability() {
      return RULE_SETS.map(availabilityOf);
    },
    warm() {
      schemas?.warm?.();
      for (const definition of RULE_SETS) if (definition.kind === 'schematron') compiledRuleSet(definition);
      return RULE_SETS.map(availabilityOf);
    },
  };
}

/** The reader's test, or without one `%PDF-` at byte 0 (ISO 32000-1 §7.5.2; PDF/A-3 allows nothing before it). */
function looksLikePdf(bytes: Uint8Array, reader: PdfInvoiceReader | undefined): boolean {
  return reader === undefined ? isPdf(bytes) : reader.isPdf(bytes);
}
