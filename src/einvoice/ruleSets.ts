/**
 * The rule sets of e-invoice validation (issue #21 "Layers"), one row each: which syntax it judges,
 * what kind of artefact it is, which files of the host's artefact directory it needs (relative to its
 * root, laid out as `../shared/en16931` and `npm run artefacts:fetch -- <dir>` lay it out), under which
 * licence those files are, and where the official release is. None of the files ships with fiscalkit
 * (issue #21 "Licences": EN 16931's are EUPL, Peppol's have no licence that allows redistribution): the
 * host provides them through the `ArtefactSource` port.
 *
 * Versions are the ones the issue names and `../shared/en16931/SOURCES.md` records: EN 16931 validation
 * artefacts 1.3.16, Peppol BIS Billing 3.0.19, XRechnung 3.0.2 (xrechnung-schematron 2.5), UBL 2.1, CII
 * D16B (uncoupled code lists, as EN 16931 uses), Facturae 3.2 / 3.2.1 / 3.2.2, FatturaPA 1.2.2.
 *
 * @module
 */
import type { EInvoiceSyntax, RuleSetId } from './verdict.js';

/**
 * What a rule set is: an ISO schematron run by fiscalkit's engine (`schematron`), an XML Schema run by
 * the `EInvoiceSchemas` port (`xsd`), or rules written in fiscalkit itself (`rules`, no artefact).
 */
export type RuleSetKind = 'schematron' | 'xsd' | 'rules';

/** One rule set: a row of {@link RULE_SETS}. */
export interface RuleSetDefinition {
  readonly id: RuleSetId;
  /** Its name and version, for messages (`EN 16931 1.3.16 (UBL)`). */
  readonly name: string;
  readonly syntax: EInvoiceSyntax;
  readonly kind: RuleSetKind;
  /**
   * The file the engine starts from, relative to the artefact root: the schematron (`include`s resolve
   * against it), or the XSD of the main document type; null for fiscalkit's own rules.
   */
  readonly entry: string | null;
  /** Every file the rule set needs (the entry first), relative to the artefact root. */
  readonly files: readonly string[];
  /** The licence of the artefact files (not of fiscalkit, which stays MIT). */
  readonly licence: string;
  /** Where the official release is: repository and commit or tag, or the publisher's page. */
  readonly source: string;
}

const EN16931_SOURCE =
  'CEN/TC 434 validation artefacts 1.3.16: https://github.com/ConnectingEurope/eInvoicing-EN16931, tag validation-1.3.16 ' +
  '(commit b6c9e06a59812fb1a83585da40923b3678a649ad)';
const PEPPOL_SOURCE =
  'OpenPeppol BIS Billing 3.0.19: https://github.com/OpenPEPPOL/peppol-bis-invoice-3, tag v3.0.19 ' +
  '(commit 78d7f7dfa223f39f8ebd8d35c127f2690e646322), rules/sch/';
const PEPPOL_LICENCE =
  'no licence file; the schematron header says it is reproduced with CEN permission, and OpenPeppol does not allow ' +
  'redistribution without its consent: fetch it from the official source, never ship it';
const XRECHNUNG_SOURCE =
  'KoSIT xrechnung-schematron 2.5.0 for XRechnung 3.0.2: https://github.com/itplr-kosit/xrechnung-schematron/releases ' +
  '(xrechnung-3.0.2-schematron-2.5.0.zip, schematron/ — the release zip holds the rules already merged with the Peppol rules they whitelist)';

/**
 * Every rule set fiscalkit can apply, in the order they run on a document: the XSD first, then EN
 * 16931, then the CIUS or extension the document declares.
 *
 * Why these files:
 *
 * - EN 16931: the `preprocessed` schematron of the CEN release (abstract patterns already instantiated,
 *   one file), which is what the official XSLT is generated from;
 * - Peppol: the release's `PEPPOL-EN16931-{UBL,CII}.sch`; it is run together with EN 16931, as
 *   OpenPeppol's validation artefacts are;
 * - XRechnung: the merged schematron of the KoSIT release, which includes `../common.sch` and the
 *   Peppol rules XRechnung whitelists (`PEPPOL-EN16931-R0xx`) — so it is run with EN 16931 but never
 *   together with the Peppol set, which would report those rules twice;
 * - the XSDs of the document types EN 16931 binds to (UBL 2.1 Invoice and CreditNote, CII D16B
 *   CrossIndustryInvoice) and of Facturae 3.2 / 3.2.1 / 3.2.2 and FatturaPA 1.2.2, the official files
 *   unmodified (the XSD adapter serves the XML Signature schema they import from w3.org from the copy
 *   beside them); the same layout as `EINVOICE_SCHEMA_FILES` of `fiscalkit/xsd`.
 *
 * @example
 * ```ts
 * RULE_SETS.find((set) => set.id === 'peppol-ubl')?.entry; // 'schematron/peppol/PEPPOL-EN16931-UBL.sch'
 * RULE_SETS.filter((set) => set.kind === 'schematron').length; // 6
 * ```
 */
export const RULE_SETS: readonly RuleSetDefinition[] = [
  {
    id: 'ubl-2.1-xsd',
    name: 'UBL 2.1 XSD (Invoice, CreditNote)',
    syntax: 'ubl',
    kind: 'xsd',
    entry: 'xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd',
    files: ['xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd', 'xsd/ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd'],
    licence: 'OASIS copyright and IPR notice (copies may be made and distributed with the notice)',
    source: 'OASIS UBL 2.1, https://docs.oasis-open.org/ubl/os-UBL-2.1/ (xsdrt/: maindoc/ and common/)',
  },
  {
    id: 'cii-d16b-xsd',
    name: 'UN/CEFACT CII D16B XSD (CrossIndustryInvoice)',
    syntax: 'cii',
    kind: 'xsd',
    entry: 'xsd/cii-d16b/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd',
    files: ['xsd/cii-d16b/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd'],
    licence: 'UN/CEFACT notice (free to use)',
    source: `${EN16931_SOURCE}, cii/schema/D16B SCRDM (Subset)/uncoupled clm/CII/`,
  },
  {
    id: 'en16931-ubl',
    name: 'EN 16931 1.3.16 (UBL)',
    syntax: 'ubl',
    kind: 'schematron',
    entry: 'schematron/en16931/ubl/preprocessed/EN16931-UBL-validation-preprocessed.sch',
    files: ['schematron/en16931/ubl/preprocessed/EN16931-UBL-validation-preprocessed.sch'],
    licence: 'EUPL-1.2',
    source: `${EN16931_SOURCE}, ubl/schematron/preprocessed/`,
  },
  {
    id: 'en16931-cii',
    name: 'EN 16931 1.3.16 (CII)',
    syntax: 'cii',
    kind: 'schematron',
    entry: 'schematron/en16931/cii/preprocessed/EN16931-CII-validation-preprocessed.sch',
    files: ['schematron/en16931/cii/preprocessed/EN16931-CII-validation-preprocessed.sch'],
    licence: 'EUPL-1.2',
    source: `${EN16931_SOURCE}, cii/schematron/preprocessed/`,
  },
  {
    id: 'peppol-ubl',
    name: 'Peppol BIS Billing 3.0.19 (UBL)',
    syntax: 'ubl',
    kind: 'schematron',
    entry: 'schematron/peppol/PEPPOL-EN16931-UBL.sch',
    files: ['schematron/peppol/PEPPOL-EN16931-UBL.sch'],
    licence: PEPPOL_LICENCE,
    source: PEPPOL_SOURCE,
  },
  {
    id: 'peppol-cii',
    name: 'Peppol BIS Billing 3.0.19 (CII)',
    syntax: 'cii',
    kind: 'schematron',
    entry: 'schematron/peppol/PEPPOL-EN16931-CII.sch',
    files: ['schematron/peppol/PEPPOL-EN16931-CII.sch'],
    licence: PEPPOL_LICENCE,
    source: PEPPOL_SOURCE,
  },
  {
    id: 'xrechnung-ubl',
    name: 'XRechnung 3.0.2 (UBL)',
    syntax: 'ubl',
    kind: 'schematron',
    entry: 'schematron/xrechnung/merged/ubl/XRechnung-UBL-validation.sch',
    files: [
      'schematron/xrechnung/merged/ubl/XRechnung-UBL-validation.sch',
      'schematron/xrechnung/merged/common.sch',
    ],
    licence: 'Apache-2.0 (the Peppol rules merged into it: see Peppol)',
    source: XRECHNUNG_SOURCE,
  },
  {
    id: 'xrechnung-cii',
    name: 'XRechnung 3.0.2 (CII)',
    syntax: 'cii',
    kind: 'schematron',
    entry: 'schematron/xrechnung/merged/cii/XRechnung-CII-validation.sch',
    files: [
      'schematron/xrechnung/merged/cii/XRechnung-CII-validation.sch',
      'schematron/xrechnung/merged/common.sch',
    ],
    licence: 'Apache-2.0 (the Peppol rules merged into it: see Peppol)',
    source: XRECHNUNG_SOURCE,
  },
  {
    id: 'facturae-xsd',
    name: 'Facturae 3.2 / 3.2.1 / 3.2.2 XSD',
    syntax: 'facturae',
    kind: 'xsd',
    entry: 'xsd/facturae/Facturaev3_2_2.xml',
    files: [
      'xsd/facturae/Facturaev3_2.xml',
      'xsd/facturae/xmldsig-core-schema.xsd',
      'xsd/facturae/Facturaev3_2_1.xml',
      'xsd/facturae/Facturaev3_2_2.xml',
    ],
    licence: 'published by the Spanish administration without an explicit licence',
    source: 'https://www.facturae.gob.es/formato/Paginas/version-3-2.aspx',
  },
  {
    id: 'facturae-rules',
    name: "Facturae arithmetic rules (fiscalkit's own)",
    syntax: 'facturae',
    kind: 'rules',
    entry: null,
    files: [],
    licence: 'MIT (part of fiscalkit)',
    source: 'fiscalkit (src/einvoice/facturae), from the Facturae 3.2.x specification',
  },
  {
    id: 'fatturapa-xsd',
    name: 'FatturaPA 1.2.2 XSD',
    syntax: 'fatturapa',
    kind: 'xsd',
    entry: 'xsd/fatturapa/Schema_del_file_xml_FatturaPA_v1.2.2.xsd',
    files: [
      'xsd/fatturapa/Schema_del_file_xml_FatturaPA_v1.2.2.xsd',
      'xsd/fatturapa/xmldsig-core-schema.xsd',
    ],
    licence: "published by Italy's Agenzia delle Entrate without an explicit licence",
    source:
      'https://www.fatturapa.gov.it/it/norme-e-regole/documentazione-fattura-elettronica/formato-fatturapa/',
  },
];

const BY_ID: ReadonlyMap<RuleSetId, RuleSetDefinition> = new Map(RULE_SETS.map((set) => [set.id, set]));

/**
 * The row of {@link RULE_SETS} for `id`.
 *
 * @example
 * ```ts
 * ruleSetDefinition('xrechnung-cii').files;
 * // ['schematron/xrechnung/merged/cii/XRechnung-CII-validation.sch', 'schematron/xrechnung/merged/common.sch']
 * ```
 */
export function ruleSetDefinition(id: RuleSetId): RuleSetDefinition {
  const found = BY_ID.get(id);
  if (found === undefined) throw new TypeError(`fiscalkit: no rule set ${JSON.stringify(id)}`);
  return found;
}

/**
 * The command that fetches the official releases of the schematron rule sets and the UBL / CII XSDs
 * into a directory, laid out as {@link RULE_SETS} reads it (this repository's `scripts/fetch-artefacts.ts`).
 */
export const ARTEFACTS_FETCH_COMMAND = 'npm run artefacts:fetch -- <dir>';
