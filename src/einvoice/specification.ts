/**
 * Which rule sets judge an e-invoice (issue #21 "Layers" 3–4, "Unsupported formats are named"): from
 * the root element (the syntax) and the specification identifier the document declares — UBL
 * `cbc:CustomizationID`, CII `rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`
 * (EN 16931-1 BT-24) — as two data tables, {@link DOCUMENT_ROOTS} and {@link SPECIFICATIONS}, each row
 * saying why. Identifiers are compared after `normalize-space`, as the rule sets compare them (Peppol
 * `PEPPOL-EN16931-R004`, XRechnung `BR-DE-21`).
 *
 * The principles behind the rows:
 *
 * - a document is **valid** only when every rule set of the specification it declares ran and found
 *   nothing fatal: a specification fiscalkit has no rules for is named and the outcome is `unsupported`,
 *   never `valid`;
 * - a CIUS of EN 16931 (`urn:cen.eu:en16931:2017#compliant#…`, EN 16931-1: a core invoice usage
 *   specification only restricts the norm) must meet every EN 16931 rule, so EN 16931 is applied to any
 *   CIUS, known or not, and its findings are real errors;
 * - an extension (`…#conformant#…`, EN 16931-1) may add to the norm, so EN 16931's findings could be
 *   false: only the XSD is applied, except for the XRechnung extension, which KoSIT's own validator
 *   judges with EN 16931 and the XRechnung rules (they contain the extension's patterns);
 * - a document that is not an EN 16931 invoice at all (Factur-X MINIMUM and BASIC WL, Peppol PINT,
 *   Peppol BIS 2 / CEN BII, Svefaktura, ZUGFeRD 1.0) gets no EN 16931 rule, whose findings would be
 *   noise, and is named unsupported.
 *
 * @module
 */
import { FACTURAE_NAMESPACES, FACTURAE_ROOT } from './facturae/namespaces.js';
import { FATTURAPA_NAMESPACE, FATTURAPA_ROOT } from './fatturapa/index.js';
import type { EInvoiceSyntax, RuleSetId } from './verdict.js';

/** The UBL 2 document namespaces: `urn:oasis:names:specification:ubl:schema:xsd:{Document}-2`. */
const UBL_2 = /^urn:oasis:names:specification:ubl:schema:xsd:([A-Za-z]+)-2$/;
/** UBL 1.0 document namespaces (`…:xsd:Invoice-1.0`, and the `tc` spelling of the drafts). */
const UBL_1 = /^urn:oasis:names:(?:specification|tc):ubl:schema:xsd:[A-Za-z]+-1(?:\.0)?$/;

/** The CII D16B namespace (EN 16931 CII, Factur-X, ZUGFeRD 2, XRechnung CII). */
const CII_D16B_NAMESPACE = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

/** What a document says about itself before any rule runs. */
export interface DeclaredDocument {
  /** The root element: local name and namespace (null when in no namespace). */
  readonly root: { readonly name: string; readonly namespace: string | null };
  /**
   * The specification identifier, whitespace-normalised: UBL `cbc:CustomizationID`, CII
   * `GuidelineSpecifiedDocumentContextParameter/ram:ID`; null when the document has none.
   */
  readonly declared: string | null;
  /** UBL `cbc:UBLVersionID`, FatturaPA `@versione` (`FPA12`, `FPR12`); null when absent. */
  readonly version: string | null;
}

/** The schematron families a specification is judged with (each has a UBL and a CII rule set). */
type Family = 'en16931' | 'peppol' | 'xrechnung';

/** The rule set of a family in a syntax. */
const FAMILY_RULE_SETS: Readonly<Record<Family, Readonly<Record<'ubl' | 'cii', RuleSetId>>>> = {
  en16931: { ubl: 'en16931-ubl', cii: 'en16931-cii' },
  peppol: { ubl: 'peppol-ubl', cii: 'peppol-cii' },
  xrechnung: { ubl: 'xrechnung-ubl', cii: 'xrechnung-cii' },
};

/** One row of {@link SPECIFICATIONS}. */
export interface SpecificationRow {
  /**
   * The identifier: matched exactly, or as a prefix (the longest matching prefix wins; an exact match
   * always wins over a prefix).
   */
  readonly id: string;
  readonly match: 'exact' | 'prefix';
  /** What it is (`Peppol BIS Billing 3.0`). */
  readonly name: string;
  /** The syntaxes the row is for; a document of another syntax falls through to the next match. */
  readonly syntaxes: readonly ('ubl' | 'cii')[];
  /** The schematron families applied, in order (after the syntax's XSD). */
  readonly families: readonly Family[];
  /** Why the document cannot be judged in full, or null when the families are all its rules. */
  readonly unsupported: string | null;
  /** Why the row is what it is (the standard, the reference validator). */
  readonly why: string;
}

const EN = 'urn:cen.eu:en16931:2017';
const PEPPOL = `${EN}#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0`;
const XRECHNUNG = `${EN}#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0`;
const BOTH = ['ubl', 'cii'] as const;
const WITHOUT_OFFICIAL_SET = 'fiscalkit has no official rules for it (none are among the artefacts it runs)';

/**
 * The specification identifiers fiscalkit recognises in UBL Invoice / CreditNote and CII
 * CrossIndustryInvoice documents, and what each is judged with. The identifiers are those of the
 * specifications themselves and of the documents in `../shared/en16931` (examples, unit tests, the
 * XRechnung test suite).
 *
 * @example
 * ```ts
 * SPECIFICATIONS.find((row) => row.id === 'urn:cen.eu:en16931:2017')?.families; // ['en16931']
 * ```
 */
export const SPECIFICATIONS: readonly SpecificationRow[] = [
  {
    id: EN,
    match: 'exact',
    name: 'EN 16931',
    syntaxes: BOTH,
    families: ['en16931'],
    unsupported: null,
    why: 'The norm itself (EN 16931-1 BT-24); also the Factur-X / ZUGFeRD 2 "EN 16931" (COMFORT) profile, whose official rules are the CEN ones.',
  },
  {
    id: PEPPOL,
    match: 'exact',
    name: 'Peppol BIS Billing 3.0',
    syntaxes: BOTH,
    families: ['en16931', 'peppol'],
    unsupported: null,
    why: "OpenPeppol's validation artefacts run the CEN rules and then the Peppol ones; its national rules (NO-R, DK-R, SE-R, …) are inside the Peppol set.",
  },
  {
    id: `${PEPPOL}#`,
    match: 'prefix',
    name: 'Peppol BIS Billing 3.0 with a further CIUS or extension',
    syntaxes: BOTH,
    families: ['en16931', 'peppol'],
    unsupported: `the part after Peppol BIS Billing 3.0 names a further specification: ${WITHOUT_OFFICIAL_SET}`,
    why: 'PEPPOL-EN16931-R004 only asks the identifier to start with the Peppol one, so EN 16931 and Peppol apply; whatever the suffix adds is not judged.',
  },
  {
    id: XRECHNUNG,
    match: 'exact',
    name: 'XRechnung 3.0',
    syntaxes: BOTH,
    families: ['en16931', 'xrechnung'],
    unsupported: null,
    why: "KoSIT's validator configuration runs the CEN rules and the XRechnung rules; the merged XRechnung schematron already holds the Peppol rules it whitelists, so the Peppol set is not run as well.",
  },
  {
    id: `${XRECHNUNG}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`,
    match: 'exact',
    name: 'XRechnung 3.0 extension',
    syntaxes: BOTH,
    families: ['en16931', 'xrechnung'],
    unsupported: null,
    why: 'The XRechnung schematron has the extension patterns (BR-DEX-*), switched on by this identifier; KoSIT judges it with EN 16931 + XRechnung.',
  },
  {
    id: `${XRECHNUNG}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`,
    match: 'exact',
    name: 'XRechnung 3.0 CVD (Clean Vehicles Directive) 0.9',
    syntaxes: BOTH,
    families: ['en16931', 'xrechnung'],
    unsupported: null,
    why: 'The XRechnung schematron has the CVD patterns (BR-DE-CVD-*), switched on by this identifier ($XR-CVD-ID of common.sch).',
  },
  {
    id: `${XRECHNUNG}#`,
    match: 'prefix',
    name: 'XRechnung 3.0 with a further CIUS or extension',
    syntaxes: BOTH,
    families: ['en16931', 'xrechnung'],
    unsupported: `the part after XRechnung 3.0 names a further specification: ${WITHOUT_OFFICIAL_SET}`,
    why: 'XRechnung 3.0 applies (BR-DE-21 will say whether it accepts the identifier); the further part is not judged.',
  },
  {
    id: `${EN}#compliant#urn:xeinkauf.de:kosit:xrechnung_`,
    match: 'prefix',
    name: 'XRechnung, a version other than 3.0',
    syntaxes: BOTH,
    families: ['en16931'],
    unsupported: 'fiscalkit has the XRechnung 3.0.2 rules only (KoSIT xrechnung-schematron 2.5)',
    why: 'A CIUS: EN 16931 applies; the 3.0 rules would refuse the identifier (BR-DE-21), so they are not run on another version.',
  },
  {
    id: `${EN}#compliant#urn:xoev-de:kosit:standard:xrechnung_`,
    match: 'prefix',
    name: 'XRechnung 1.x / 2.x',
    syntaxes: BOTH,
    families: ['en16931'],
    unsupported: 'XRechnung before 3.0 is retired; fiscalkit has the XRechnung 3.0.2 rules only',
    why: 'A CIUS: EN 16931 applies; the retired versions have their own rules, not staged.',
  },
  {
    id: `${EN}#compliant#urn:factur-x.eu:1p0:basic`,
    match: 'exact',
    name: 'Factur-X / ZUGFeRD BASIC',
    syntaxes: ['cii'],
    families: ['en16931'],
    unsupported:
      "the Factur-X BASIC profile's own XSD and schematron are not among the artefacts fiscalkit runs: EN 16931 and the CII D16B XSD judged it, the profile's narrower rules did not",
    why: 'BASIC is a CIUS of EN 16931 (its identifier says #compliant#): EN 16931 applies and is run, but like any CIUS whose own rules are not staged it is named, never reported valid (issue #21 "Unsupported formats are named").',
  },
  {
    id: `${EN}#compliant#urn:zugferd.de:2p0:basic`,
    match: 'exact',
    name: 'ZUGFeRD 2.0 BASIC',
    syntaxes: ['cii'],
    families: ['en16931'],
    unsupported:
      "the ZUGFeRD BASIC profile's own XSD and schematron are not among the artefacts fiscalkit runs: EN 16931 and the CII D16B XSD judged it, the profile's narrower rules did not",
    why: 'The ZUGFeRD 2.0 spelling of the BASIC profile (ZUGFeRD 2.1 took the Factur-X identifiers).',
  },
  {
    id: 'urn:factur-x.eu:1p0:minimum',
    match: 'exact',
    name: 'Factur-X / ZUGFeRD MINIMUM',
    syntaxes: ['cii'],
    families: [],
    unsupported: `MINIMUM is not an EN 16931 invoice (it lacks the lines and much of the content the norm requires); ${WITHOUT_OFFICIAL_SET}`,
    why: 'Not EN 16931: the CEN rules would report the missing invoice content as errors; the Factur-X MINIMUM schematron is not staged.',
  },
  {
    id: 'urn:zugferd.de:2p0:minimum',
    match: 'exact',
    name: 'ZUGFeRD 2.0 MINIMUM',
    syntaxes: ['cii'],
    families: [],
    unsupported: `MINIMUM is not an EN 16931 invoice; ${WITHOUT_OFFICIAL_SET}`,
    why: 'As Factur-X MINIMUM.',
  },
  {
    id: 'urn:factur-x.eu:1p0:basicwl',
    match: 'exact',
    name: 'Factur-X / ZUGFeRD BASIC WL',
    syntaxes: ['cii'],
    families: [],
    unsupported: `BASIC WL (without lines) is not an EN 16931 invoice; ${WITHOUT_OFFICIAL_SET}`,
    why: 'Not EN 16931 (no invoice lines, BR-16 would always fire); the Factur-X BASIC WL schematron is not staged.',
  },
  {
    id: 'urn:zugferd.de:2p0:basicwl',
    match: 'exact',
    name: 'ZUGFeRD 2.0 BASIC WL',
    syntaxes: ['cii'],
    families: [],
    unsupported: `BASIC WL (without lines) is not an EN 16931 invoice; ${WITHOUT_OFFICIAL_SET}`,
    why: 'As Factur-X BASIC WL.',
  },
  {
    id: `${EN}#conformant#urn:factur-x.eu:1p0:extended`,
    match: 'exact',
    name: 'Factur-X / ZUGFeRD EXTENDED',
    syntaxes: ['cii'],
    families: [],
    unsupported: `EXTENDED is an extension of EN 16931; ${WITHOUT_OFFICIAL_SET}`,
    why: 'An extension may add to the norm, so the CEN rules alone could report false errors; the Factur-X EXTENDED schematron is not staged. The CII XSD applies.',
  },
  {
    id: `${EN}#conformant#urn:zugferd.de:2p0:extended`,
    match: 'exact',
    name: 'ZUGFeRD 2.0 EXTENDED',
    syntaxes: ['cii'],
    families: [],
    unsupported: `EXTENDED is an extension of EN 16931; ${WITHOUT_OFFICIAL_SET}`,
    why: 'As Factur-X EXTENDED.',
  },
  {
    id: `${EN}#compliant#urn:feap.gov.pt:CIUS-PT`,
    match: 'prefix',
    name: 'CIUS-PT (eSPap, Portugal)',
    syntaxes: BOTH,
    families: ['en16931'],
    unsupported: `the Portuguese CIUS has rules of its own: ${WITHOUT_OFFICIAL_SET}`,
    why: 'A CIUS: EN 16931 applies, and its errors are real; the CIUS-PT rules are not staged.',
  },
  {
    id: `${EN}#compliant#urn:fdc:peppol.eu:2017:poacc:selfbilling:3.0`,
    match: 'prefix',
    name: 'Peppol BIS Self-Billing 3.0',
    syntaxes: BOTH,
    families: ['en16931'],
    unsupported: `Peppol Self-Billing has rules of its own (not the Billing ones): ${WITHOUT_OFFICIAL_SET}`,
    why: 'A CIUS: EN 16931 applies; the Self-Billing schematron is not staged, and the Billing one would refuse the identifier.',
  },
  {
    id: `${EN}#compliant#`,
    match: 'prefix',
    name: 'a CIUS of EN 16931',
    syntaxes: BOTH,
    families: ['en16931'],
    unsupported: `a CIUS fiscalkit does not know: EN 16931 was applied, the CIUS's own rules were not (${WITHOUT_OFFICIAL_SET})`,
    why: 'Every CIUS must meet EN 16931 (EN 16931-1), so its findings stand; the CIUS may forbid more.',
  },
  {
    id: `${EN}#conformant#`,
    match: 'prefix',
    name: 'an extension of EN 16931',
    syntaxes: BOTH,
    families: [],
    unsupported: `an extension fiscalkit does not know (${WITHOUT_OFFICIAL_SET})`,
    why: 'An extension may add to the norm (EN 16931-1), so the CEN rules alone could report false errors; the XSD applies.',
  },
  {
    id: 'urn:peppol:pint:',
    match: 'prefix',
    name: 'Peppol PINT',
    syntaxes: BOTH,
    families: [],
    unsupported: `Peppol International (PINT) is not EN 16931 and has rules of its own: ${WITHOUT_OFFICIAL_SET}`,
    why: 'PINT identifiers do not start with urn:cen.eu:en16931:2017; PINT allows what EN 16931 forbids (other taxes than VAT), so the CEN rules would report false errors. The UBL XSD applies.',
  },
  {
    id: 'urn:www.cenbii.eu:',
    match: 'prefix',
    name: 'Peppol BIS 2 / CEN BII',
    syntaxes: BOTH,
    families: [],
    unsupported: `CEN BII and Peppol BIS 2 were replaced by EN 16931 and Peppol BIS 3 (2019): ${WITHOUT_OFFICIAL_SET}`,
    why: 'Not EN 16931: the CEN rules would report false errors.',
  },
  {
    id: 'urn:sfti:',
    match: 'prefix',
    name: 'Svefaktura',
    syntaxes: BOTH,
    families: [],
    unsupported: `Svefaktura has rules of its own: ${WITHOUT_OFFICIAL_SET}`,
    why: 'Not EN 16931 (Swedish SFTI); Swedish EN 16931 invoices are Peppol BIS 3.',
  },
];

/** One row of {@link DOCUMENT_ROOTS}. */
export interface DocumentRootRow {
  /** The root's local name, or null for any. */
  readonly name: string | null;
  /** The root's namespace, or a pattern of namespaces. */
  readonly namespace: string | RegExp;
  /** What it is (`UBL 2.1 Invoice`). */
  readonly description: string;
  /** The syntax fiscalkit judges it in, or null for a format it names but cannot judge. */
  readonly syntax: EInvoiceSyntax | null;
  /** Why it is not judged, or null. */
  readonly unsupported: string | null;
}

/**
 * The root elements the e-invoice validator recognises, first matching row first.
 *
 * @example
 * ```ts
 * DOCUMENT_ROOTS.find((row) => row.name === 'FatturaElettronica')?.syntax; // 'fatturapa'
 * ```
 */
export const DOCUMENT_ROOTS: readonly DocumentRootRow[] = [
  { name: 'Invoice', namespace: UBL_2, description: 'UBL 2 Invoice', syntax: 'ubl', unsupported: null },
  { name: 'CreditNote', namespace: UBL_2, description: 'UBL 2 CreditNote', syntax: 'ubl', unsupported: null },
  {
    name: null,
    namespace: UBL_2,
    description: 'a UBL 2 document other than Invoice and CreditNote',
    syntax: 'ubl',
    unsupported:
      'it is not an invoice: EN 16931, Peppol BIS Billing and XRechnung bind to UBL Invoice and CreditNote only, and fiscalkit has no rules for other UBL documents',
  },
  {
    name: 'CrossIndustryInvoice',
    namespace: CII_D16B_NAMESPACE,
    description: 'UN/CEFACT CII CrossIndustryInvoice',
    syntax: 'cii',
    unsupported: null,
  },
  ...[...FACTURAE_NAMESPACES].map(([namespace, version]) => ({
    name: FACTURAE_ROOT,
    namespace,
    description: `Facturae ${version}`,
    syntax: 'facturae' as const,
    unsupported: null,
  })),
  {
    name: FATTURAPA_ROOT,
    namespace: FATTURAPA_NAMESPACE,
    description: 'FatturaPA 1.2 (ordinaria)',
    syntax: 'fatturapa',
    unsupported: null,
  },
  {
    name: 'FatturaElettronicaSemplificata',
    namespace: /^http:\/\/ivaservizi\.agenziaentrate\.gov\.it\/docs\/xsd\/fatture\/v1\.0$/,
    description: 'FatturaPA semplificata 1.0',
    syntax: null,
    unsupported: 'fiscalkit judges FatturaPA ordinaria 1.2 (FatturaElettronica) only',
  },
  {
    name: 'CrossIndustryDocument',
    namespace: 'urn:ferd:CrossIndustryDocument:invoice:1p0',
    description: 'ZUGFeRD 1.0',
    syntax: null,
    unsupported:
      'ZUGFeRD 1.0 predates EN 16931 (its CII is D13B-based); fiscalkit judges ZUGFeRD 2 / Factur-X (CII D16B) only',
  },
  {
    name: null,
    namespace: /^urn:sfti:documents:/,
    description: 'Svefaktura 1.0 (UBL 1.0-based)',
    syntax: null,
    unsupported: 'Svefaktura 1.0 is built on UBL 1.0, not UBL 2.1; fiscalkit has no rules for it',
  },
  {
    name: null,
    namespace: UBL_1,
    description: 'a UBL 1.0 document',
    syntax: null,
    unsupported: 'EN 16931 binds to UBL 2.1; fiscalkit has no rules for UBL 1.0',
  },
];

/** The row of {@link DOCUMENT_ROOTS} a root element matches, or undefined. */
function rootRow(root: DeclaredDocument['root']): DocumentRootRow | undefined {
  const { name, namespace } = root;
  if (namespace === null) return undefined;
  return DOCUMENT_ROOTS.find(
    (row) =>
      (row.name === null || row.name === name) &&
      (typeof row.namespace === 'string' ? row.namespace === namespace : row.namespace.test(namespace)),
  );
}

/**
 * What the document is, as far as {@link DOCUMENT_ROOTS} knows it, from its root element alone:
 * `{ syntax, description, unsupported }`, or null for a root none of the rows names.
 *
 * @example
 * ```ts
 * documentRoot({ name: 'CrossIndustryDocument', namespace: 'urn:ferd:CrossIndustryDocument:invoice:1p0' });
 * // { syntax: null, description: 'ZUGFeRD 1.0', unsupported: 'ZUGFeRD 1.0 predates EN 16931 …' }
 * documentRoot({ name: 'Order', namespace: 'urn:example' }); // null
 * ```
 */
export function documentRoot(
  root: DeclaredDocument['root'],
): { syntax: EInvoiceSyntax | null; description: string; unsupported: string | null } | null {
  const row = rootRow(root);
  return row === undefined
    ? null
    : { syntax: row.syntax, description: row.description, unsupported: row.unsupported };
}

/** The row of {@link SPECIFICATIONS} for an identifier in a syntax: exact first, then the longest prefix. */
function specificationRow(declared: string, syntax: 'ubl' | 'cii'): SpecificationRow | undefined {
  let best: SpecificationRow | undefined;
  for (const row of SPECIFICATIONS) {
    if (!row.syntaxes.includes(syntax)) continue;
    if (row.match === 'exact') {
      if (row.id === declared) return row;
    } else if (declared.startsWith(row.id) && (best === undefined || row.id.length > best.id.length))
      best = row;
  }
  return best;
}

/** What applies to a document: the outcome of {@link judgeSpecification}. */
export interface SpecificationJudgement {
  /** The syntax, or null for a document fiscalkit does not judge at all. */
  readonly syntax: EInvoiceSyntax | null;
  /** The root element's local name. */
  readonly documentType: string;
  /**
   * The declared identifier (normalised), the Facturae `SchemaVersion` (else the namespace's version), or
   * the FatturaPA `versione`; null when none.
   */
  readonly specification: string | null;
  /** What the document is, in words (`Peppol BIS Billing 3.0 (UBL 2 Invoice)`). */
  readonly name: string;
  /**
   * The version the XSD layer needs: the Facturae version (`3.2.2`, from the namespace) or the FatturaPA
   * `versione` (`FPA12`); null for UBL and CII.
   */
  readonly schemaVersion: string | null;
  /** The rule sets that apply, in the order they run: the XSD first. */
  readonly ruleSets: readonly RuleSetId[];
  /** Why the document cannot be judged in full even with every rule set available, or null. */
  readonly unsupported: string | null;
}

/**
 * Decides what judges a document: its syntax from the root element ({@link DOCUMENT_ROOTS}), then, for
 * UBL Invoice / CreditNote and CII, the specification it declares ({@link SPECIFICATIONS}):
 *
 * - no identifier at all: EN 16931 (its BR-01 reports the missing BT-24);
 * - an identifier none of the rows knows: EN 16931, and the outcome can at best be `unsupported` —
 *   fiscalkit cannot say that a document meets a specification it does not know;
 * - Facturae: its XSD and fiscalkit's Facturae rules; FatturaPA: its XSD.
 *
 * @example
 * ```ts
 * judgeSpecification({
 *   root: { name: 'Invoice', namespace: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2' },
 *   declared: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
 *   version: '2.1',
 * }).ruleSets; // ['ubl-2.1-xsd', 'en16931-ubl', 'peppol-ubl']
 * ```
 */
export function judgeSpecification(document: DeclaredDocument): SpecificationJudgement {
  const { root } = document;
  const declared = document.declared === null ? null : normalizeSpace(document.declared);
  const row = rootRow(root);
  if (row === undefined || row.syntax === null || row.unsupported !== null) {
    const described =
      row?.description ?? `<${root.name}>${root.namespace === null ? '' : ` in ${root.namespace}`}`;
    return {
      syntax: row?.syntax ?? null,
      documentType: root.name,
      specification: declared,
      name: described,
      schemaVersion: null,
      ruleSets: [],
      unsupported:
        row?.unsupported ??
        `${described} is not an e-invoice format fiscalkit knows (UBL 2.1, CII D16B, Facturae 3.2.x, FatturaPA 1.2)`,
    };
  }
  const syntax = row.syntax;
  if (syntax === 'facturae') {
    const version = FACTURAE_NAMESPACES.get(root.namespace ?? '') ?? null;
    return {
      syntax,
      documentType: root.name,
      specification: declared ?? version,
      name: row.description,
      schemaVersion: version,
      ruleSets: ['facturae-xsd', 'facturae-rules'],
      unsupported: null,
    };
  }
  if (syntax === 'fatturapa')
    return {
      syntax,
      documentType: root.name,
      specification: document.version,
      name: `${row.description}${document.version === null ? '' : `, ${document.version}`}`,
      schemaVersion: document.version,
      ruleSets: ['fatturapa-xsd'],
      unsupported: null,
    };
  const xsd: RuleSetId = syntax === 'ubl' ? 'ubl-2.1-xsd' : 'cii-d16b-xsd';
  const judged = (name: string, families: readonly Family[], unsupported: string | null) => ({
    syntax,
    documentType: root.name,
    specification: declared,
    name: `${name} (${row.description})`,
    schemaVersion: null,
    ruleSets: [xsd, ...families.map((family) => FAMILY_RULE_SETS[family][syntax])],
    unsupported,
  });
  if (declared === null || declared === '') return judged('no specification declared', ['en16931'], null);
  const specification = specificationRow(declared, syntax);
  if (specification === undefined)
    return judged(
      'an unknown specification',
      ['en16931'],
      `it declares ${JSON.stringify(declared)}, a specification fiscalkit does not know: EN 16931 was applied, the specification's own rules were not`,
    );
  return judged(
    specification.name,
    specification.families,
    specification.unsupported === null
      ? null
      : `it declares ${JSON.stringify(declared)} (${specification.name}): ${specification.unsupported}`,
  );
}

/** XPath `normalize-space`: trimmed, inner runs of XML white space made one space. */
function normalizeSpace(text: string): string {
  return text.replace(/[ \t\r\n]+/g, ' ').trim();
}
