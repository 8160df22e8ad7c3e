/**
 * The CII D16B documents fiscalkit writes (issue #22): the namespaces of UN/CEFACT Cross Industry
 * Invoice D16B (`CrossIndustryInvoice_100pD16B.xsd`, the version EN 16931-3-3 binds to), and the
 * specifications a document declares in BT-24
 * (`rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`).
 *
 * @module
 */

/** The four namespaces of a CII D16B invoice, by the prefixes EN 16931-3-3 and every example use. */
export const CII_NAMESPACES = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/**
 * What a CII document is written for:
 * - `en16931`: the norm itself (`urn:cen.eu:en16931:2017`), which is also the guideline id of the
 *   Factur-X 1.0 / ZUGFeRD 2 "EN 16931" (COMFORT) profile, so the same document goes into a Factur-X PDF;
 * - `xrechnung-3.0`: the German CIUS XRechnung 3.0 in its CII syntax.
 */
export type CiiSpecification = 'en16931' | 'xrechnung-3.0';

/** The specification identifier (BT-24) each {@link CiiSpecification} declares. */
export const CII_GUIDELINES: Readonly<Record<CiiSpecification, string>> = {
  en16931: 'urn:cen.eu:en16931:2017',
  'xrechnung-3.0': 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
};

/**
 * The business process (BT-23) an XRechnung CII document declares. The XRechnung 3.0 rule set
 * includes Peppol's PEPPOL-EN16931-R001 ("Business process MUST be provided"), and the XRechnung test
 * suite's CII business cases (01.02a, 01.05a, 01.06a) all give the Peppol billing process, so fiscalkit
 * writes it too. The EN 16931 document names none: BT-23 is optional in the norm, and the model has no
 * field for it (it changes no amount).
 */
export const XRECHNUNG_BUSINESS_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/**
 * The specification a BT-24 identifier names, or undefined for any other.
 *
 * @example
 * ```ts
 * ciiSpecificationOf('urn:cen.eu:en16931:2017'); // 'en16931'
 * ciiSpecificationOf('urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended'); // undefined
 * ```
 */
export function ciiSpecificationOf(guideline: string): CiiSpecification | undefined {
  if (guideline === CII_GUIDELINES.en16931) return 'en16931';
  if (guideline === CII_GUIDELINES['xrechnung-3.0']) return 'xrechnung-3.0';
  return undefined;
}
