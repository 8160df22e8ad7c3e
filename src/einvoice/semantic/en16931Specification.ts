/**
 * The EN 16931 specifications fiscalkit writes an invoice for (issue #22): the norm itself and its two
 * core invoice usage specifications (CIUS) of the issue. A CIUS only restricts the norm (EN 16931-1
 * §5), so an invoice mapped for one is an EN 16931 invoice with a few more terms required; which terms
 * is the table of `prerequisites.ts`, and the few mapping choices a CIUS changes (the document type
 * codes it allows, `invoiceTypeCodes.ts`; the VAT rate of category `O`, `vatBreakdown.ts`) name it.
 *
 * - `en16931`: the norm with its CEN/TC 434 rules (`BR-*`), as EN 16931 CII D16B and Factur-X EN 16931
 *   are judged;
 * - `peppol-bis3`: Peppol BIS Billing 3.0, judged by EN 16931 plus the `PEPPOL-EN16931-*` rules;
 * - `xrechnung-3.0`: the German CIUS, judged by EN 16931 plus the `BR-DE-*` rules (KoSIT).
 *
 * @module
 */

/** The specifications of {@link EN16931_SPECIFICATIONS}. */
export const EN16931_SPECIFICATIONS = ['en16931', 'peppol-bis3', 'xrechnung-3.0'] as const;

/** A specification an EN 16931 invoice is mapped for. */
export type En16931Specification = (typeof EN16931_SPECIFICATIONS)[number];
