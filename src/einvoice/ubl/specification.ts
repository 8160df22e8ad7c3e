/**
 * The UBL 2.1 specifications fiscalkit writes (issue #22): Peppol BIS Billing 3.0 and XRechnung 3.0, both
 * core invoice usage specifications (CIUS) of EN 16931 in its UBL binding (EN 16931-3-2), and the UBL
 * namespaces and document type codes both use.
 *
 * @module
 */

/**
 * A UBL specification fiscalkit writes: `peppol-bis3` (Peppol BIS Billing 3.0, the `xml.ubl.invoice.bis3`
 * document of the issue) or `xrechnung-3.0` (XRechnung 3.0 in UBL, KoSIT).
 */
export type UblSpecification = 'peppol-bis3' | 'xrechnung-3.0';

/**
 * BT-24, the specification identifier (`cbc:CustomizationID`) of each specification: Peppol BIS 3.0
 * (PEPPOL-EN16931-R004 requires it verbatim) and XRechnung 3.0 (`$XR-CIUS-ID` of KoSIT's `common.sch`,
 * BR-DE-21).
 *
 * @example
 * ```ts
 * CUSTOMIZATION_IDS['xrechnung-3.0']; // 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'
 * ```
 */
export const CUSTOMIZATION_IDS: Readonly<Record<UblSpecification, string>> = {
  'peppol-bis3': 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
  'xrechnung-3.0': 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
};

/**
 * BT-23, the business process (`cbc:ProfileID`): Peppol's billing process 01 for both. Peppol requires
 * it (PEPPOL-EN16931-R001, R007); XRechnung's merged rules keep R001, and KoSIT's own test suite writes
 * the same value (`../shared/en16931/examples/ubl/xrechnung--01.02a-INVOICE_ubl.xml`), so an XRechnung
 * document can travel over Peppol unchanged.
 *
 * @example
 * ```ts
 * PEPPOL_BILLING_PROFILE; // 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'
 * ```
 */
export const PEPPOL_BILLING_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/**
 * The UBL 2.1 namespaces (OASIS UBL 2.1, `xsd/ubl-2.1`): the two document roots and the common basic
 * (`cbc`) and aggregate (`cac`) components, plus the extension components (`ext`), which fiscalkit never
 * writes.
 *
 * @example
 * ```ts
 * UBL_NAMESPACES.cbc; // 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2'
 * ```
 */
export const UBL_NAMESPACES = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
} as const;

/**
 * The invoice type codes (BT-3, UNTDID 1001) written as a UBL `CreditNote`: Peppol BIS 3 allows exactly
 * these in a credit note (PEPPOL-EN16931-P0101: 381 credit note, 396 factored credit note, 81 credit
 * note related to goods or services, 83 credit note related to financial adjustments, 532 forwarder's
 * credit note); every other code is written as an `Invoice` (P0100 lists the invoice codes).
 *
 * @example
 * ```ts
 * CREDIT_NOTE_TYPE_CODES.has('381'); // true
 * CREDIT_NOTE_TYPE_CODES.has('384'); // false: a corrected invoice is an Invoice
 * ```
 */
export const CREDIT_NOTE_TYPE_CODES: ReadonlySet<string> = new Set(['381', '396', '81', '83', '532']);

/**
 * The specification a `cbc:CustomizationID` declares, when it is one fiscalkit writes (compared after
 * whitespace normalisation, as PEPPOL-EN16931-R004 and BR-DE-21 compare it); null for any other
 * (plain EN 16931, another CIUS, an extension).
 *
 * @example
 * ```ts
 * ublSpecificationOf('urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0'); // 'peppol-bis3'
 * ublSpecificationOf('urn:cen.eu:en16931:2017'); // null
 * ```
 */
export function ublSpecificationOf(customizationId: string | undefined): UblSpecification | null {
  if (customizationId === undefined) return null;
  const normalized = customizationId.replace(/\s+/g, ' ').trim();
  for (const specification of ['peppol-bis3', 'xrechnung-3.0'] as const)
    if (CUSTOMIZATION_IDS[specification] === normalized) return specification;
  return null;
}
