/**
 * What e-invoice validation answers (issue #21): the syntax and specification a document declares, the
 * rule sets that judged it, and every finding with the id the rule set gives it (`BR-CO-15`,
 * `PEPPOL-EN16931-R001`, `BR-DE-1`) or fiscalkit's own (`en16931.ubl.xsd`, `facturae.totals.invoice-total`).
 *
 * @module
 */

/** How a rule set flags a finding: `fatal` makes the document invalid, `warning` does not. */
export type FindingSeverity = 'fatal' | 'warning';

/** One thing a rule set found wrong with a document. */
export interface EInvoiceFinding {
  /**
   * The rule's id: the official one for schematron rule sets, as the rule set writes it (`BR-CO-15`,
   * `PEPPOL-EN16931-R001`); fiscalkit's for its own checks (`en16931.ubl.xsd`, `en16931.cii.xsd`, `facturae.xsd`,
   * `xml.doctype`, `facturae.totals.…`).
   */
  rule: string;
  /** `fatal` or `warning`, as the rule set flags it (a schematron assert without a flag is fatal). */
  severity: FindingSeverity;
  /**
   * The rule set that found it ({@link RuleSetId}), `xml` for the safety guards, or `pdf` for the
   * Factur-X / ZUGFeRD PDF container (no attachment, an unreadable PDF).
   */
  ruleSet: RuleSetId | 'xml' | 'pdf';
  /** The rule set's message, with its `value-of` parts filled in. */
  message: string;
  /**
   * Where: an XPath to the node the rule looked at, with the document's prefixes and 1-based
   * positions (`/Invoice/cac:InvoiceLine[2]/cbc:ID`); '' for the document as a whole.
   */
  location: string;
  /** The line of that node in the document, or null when the checker gives none. */
  line: number | null;
}

/**
 * The rule sets fiscalkit can apply, each backed by artefacts the host provides
 * ({@link ArtefactSource}); see `src/einvoice/ruleSets.ts` for the files each needs.
 */
export type RuleSetId =
  | 'ubl-2.1-xsd'
  | 'cii-d16b-xsd'
  | 'en16931-ubl'
  | 'en16931-cii'
  | 'peppol-ubl'
  | 'peppol-cii'
  | 'xrechnung-ubl'
  | 'xrechnung-cii'
  | 'facturae-xsd'
  | 'facturae-rules'
  | 'fatturapa-xsd';

/** Whether a rule set judged the document. */
export interface RuleSetReport {
  id: RuleSetId;
  /** `applied`: it ran; `unavailable`: it applies, but its artefacts are missing (the document is not judged valid). */
  status: 'applied' | 'unavailable';
  /** Why it is unavailable (which file is missing, which command fetches it); absent when applied. */
  reason?: string;
}

/** The syntaxes fiscalkit recognises. */
export type EInvoiceSyntax = 'ubl' | 'cii' | 'facturae' | 'fatturapa';

/** The whole answer about one document. */
export interface EInvoiceVerdict {
  /** The syntax, or null when the document is none fiscalkit recognises. */
  syntax: EInvoiceSyntax | null;
  /** The root element's local name (`Invoice`, `CreditNote`, `CrossIndustryInvoice`, `Facturae`, `FatturaElettronica`). */
  documentType: string | null;
  /**
   * The specification the document declares: UBL `cbc:CustomizationID`, CII
   * `GuidelineSpecifiedDocumentContextParameter/ram:ID`, the Facturae `SchemaVersion`, the FatturaPA
   * `versione`; null when it declares none.
   */
  specification: string | null;
  /** `xml`, or `pdf` for a Factur-X / ZUGFeRD PDF whose CII attachment was judged. */
  container: 'xml' | 'pdf';
  /**
   * `valid`: every applicable rule set ran and none found a fatal error; `invalid`: a fatal finding;
   * `unsupported`: the document (or the specification it declares) is one fiscalkit cannot judge, or a
   * rule set it needs is unavailable — never reported valid.
   */
  outcome: 'valid' | 'invalid' | 'unsupported';
  /** `outcome === 'valid'`. */
  valid: boolean;
  /** Why the outcome is `unsupported`; null otherwise. */
  unsupported: string | null;
  /**
   * What this verdict does not cover, whatever the outcome: the rules of a specification fiscalkit
   * does not have (a CIUS it does not know, Peppol PINT, …) or a rule set that was unavailable; null
   * when every rule that applies ran. Equal to `unsupported` when the outcome is `unsupported`; an
   * `invalid` document may still have it (EN 16931 found errors in a CIUS whose own rules were not run).
   */
  notJudged: string | null;
  /** UBL `cbc:UBLVersionID`, the Facturae version, the FatturaPA `versione`; null when none (CII). */
  syntaxVersion: string | null;
  /** The rule sets that apply to this document, in the order they ran. */
  ruleSets: RuleSetReport[];
  /** Every finding, fatal and warning, in rule-set order then document order. */
  findings: EInvoiceFinding[];
}
