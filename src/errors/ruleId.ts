/**
 * Rule ids (issue #20 §4): every {@link ValidationIssue} names the rule that found it, as gobl names
 * its faults (`rules/faults.go`), beside the wire `code` many rules share. An id is its source, then
 * where in that source, then (optionally) a slug: dot-separated, stable across releases (renaming one
 * is a breaking change, see docs/public-api.md). The sources, and what each cites:
 *
 * | source      | cites                                                   | example                       |
 * |-------------|---------------------------------------------------------|-------------------------------|
 * | `spec`      | `shared/spec/service-spec.md`, section then rule number | `spec.2.7.1`, `spec.8.krs`    |
 * | `api`       | the real service's documented behaviour (api-notes.md)  | `api.3.2.tin-scheme-code`     |
 * | `taxmath`   | `shared/reference/taxmath.md` (normative totals)        | `taxmath.3.9.advance-split`   |
 * | `fa3`       | the KSeF FA(3) XSD: a type or element                   | `fa3.TNrKRS`                  |
 * | `ksef`      | `shared/reference/ksef-fa3.md`, section then slug       | `ksef.6.3.unit-nip-or-idwew`  |
 * | `sii`       | the SII XSDs and `shared/reference/sii.md`              | `sii.8.f2-limit`              |
 * | `xml`       | XML safety and well-formedness                          | `xml.doctype`                 |
 * | `en16931`   | EN 16931-3's syntaxes: the UBL 2.1 and CII D16B XSDs (issue #21) | `en16931.ubl.xsd`, `en16931.cii.xsd` |
 * | `facturae`  | the Facturae 3.2.x XSDs and their annotations (issue #21) | `facturae.totals.invoice-total` |
 * | `fatturapa` | the FatturaPA 1.2 XSD (issue #21)                       | `fatturapa.xsd`               |
 * | `facturx`   | Factur-X 1.0 / ZUGFeRD and the PDF standards under them (issue #21) | `facturx.attachment.missing` |
 * | `fiscalkit` | fiscalkit's own decision where the sources are silent   | `fiscalkit.ksef.exemption-basis` |
 *
 * The official e-invoice rule sets (EN 16931, Peppol BIS 3, XRechnung) name their rules themselves
 * (`BR-CO-15`, `PEPPOL-EN16931-R001`, `BR-DE-1`): an e-invoice finding carries that id verbatim, not
 * one of these (docs/einvoice-validation.md).
 *
 * @module
 */
/** The sources a rule id may start with (the first segment). */
export const RULE_SOURCES = [
  'spec',
  'api',
  'taxmath',
  'fa3',
  'ksef',
  'sii',
  'xml',
  'en16931',
  'facturae',
  'fatturapa',
  'facturx',
  'fiscalkit',
] as const;

/** One of {@link RULE_SOURCES}. */
export type RuleSource = (typeof RULE_SOURCES)[number];

const RULE_ID = new RegExp(`^(?:${RULE_SOURCES.join('|')})(?:\\.[A-Za-z0-9_-]+)+$`);

/**
 * The rules of a request's shape (issue #20 §4), one per kind of schema failure, as their wire codes
 * are (spec §7.2): the field-by-field schemas are the model's, and which failure answers with which
 * code is fiscalkit's decision, so the ids are `fiscalkit.schema.*` (docs/rule-ids.md). `issuesFromZod`
 * gives them; a custom check that applies a rule of its own names it with `params: { rule }` (spec
 * §2.1's date, country and currency conventions, say), and that id wins.
 */
export const SCHEMA_RULES = {
  /** A required field absent, null or blank (`parameter_blank`). */
  required: 'fiscalkit.schema.required',
  /** A value of the wrong JSON type, or a malformed body (`invalid_request_params`). */
  type: 'fiscalkit.schema.type',
  /** A key a strict object does not know (`invalid_request_params`). */
  unknownField: 'fiscalkit.schema.unknown-field',
  /** A value outside an enumeration or catalogue (`parameter_inclusion`). */
  enum: 'fiscalkit.schema.enum',
  /** A required list with no element (`parameter_empty`). */
  minItems: 'fiscalkit.schema.min-items',
  /** Any other value the schema refuses: its format, length, range or decimals (`parameter_invalid`). */
  value: 'fiscalkit.schema.value',
} as const;

/**
 * Whether a string is a well-formed rule id: a known source and at least one more dot-separated
 * segment of letters, digits, `_` or `-`.
 *
 * @example
 * ```ts
 * isRuleId('spec.2.7.1'); // true
 * isRuleId('fa3.TNrKRS'); // true
 * isRuleId('parameter_invalid'); // false: that is a wire code, not a rule
 * ```
 */
export function isRuleId(value: string): boolean {
  return RULE_ID.test(value);
}
