/**
 * The VAT exemption reason (BT-120 text, BT-121 VATEX code) of each VAT breakdown (BG-23) whose
 * category requires one: EN 16931 BR-E-10, BR-AE-10, BR-IC-10, BR-G-10 and BR-O-10 require a code or
 * a text; BR-S-10, BR-Z-10, BR-AF-10 and BR-AG-10 forbid both for `S`, `Z`, `L`, `M`. fiscalkit's taxes
 * carry a category and no reason of their own, so the reason is the category's, one row each, with the
 * CEF VATEX code (BR-CL-22) where the list has a code meaning exactly the category.
 *
 * @module
 */
import type { En16931VatCategory } from './en16931Invoice.js';

/** One row of {@link VAT_EXEMPTIONS}. */
export interface VatExemption {
  /** BT-121, a CEF VATEX code; absent where no code means the whole category. */
  readonly code?: string | undefined;
  /** BT-120: the category's standard text, in English as the rules quote it. */
  readonly reason: string;
}

/**
 * The reason written for each category that needs one. Why each row:
 *
 * - `AE` `VATEX-EU-AE` "Reverse charge": BR-AE-10 asks for the code meaning "Reverse charge" or that
 *   text; Peppol PEPPOL-EN16931-P0107 ties the code to category AE.
 * - `K` `VATEX-EU-IC` "Intra-Community supply": BR-IC-10; Peppol P0106 ties it to K.
 * - `G` `VATEX-EU-G` "Export outside the EU": BR-G-10; Peppol P0104.
 * - `O` `VATEX-EU-O` "Not subject to VAT": BR-O-10; Peppol P0105.
 * - `E` text only, "Exempt from VAT": BR-E-10 takes a code **or** a text, and every VATEX code for `E`
 *   cites one article of Directive 2006/112/EC (132, 135, 143, 148, 151, …); fiscalkit's tax says that
 *   the supply is exempt, not under which article, so it states no code rather than a wrong one.
 */
export const VAT_EXEMPTIONS: Readonly<Partial<Record<En16931VatCategory, VatExemption>>> = {
  AE: { code: 'VATEX-EU-AE', reason: 'Reverse charge' },
  K: { code: 'VATEX-EU-IC', reason: 'Intra-Community supply' },
  G: { code: 'VATEX-EU-G', reason: 'Export outside the EU' },
  O: { code: 'VATEX-EU-O', reason: 'Not subject to VAT' },
  E: { reason: 'Exempt from VAT' },
};

/**
 * The reason of the exempt (`E`) breakdown of reimbursable expenses (Spanish *suplidos*, docs/totals.md
 * §2.3): amounts a supplier receives as repayment of expenditure incurred in the name and on behalf of
 * the customer are outside the taxable amount under article 79(c) of Directive 2006/112/EC (art.
 * 78.Tres.3º of the Spanish VAT act transposes it), and `VATEX-EU-79-C` is the VATEX code of exactly
 * that ground, listed for category `E` (BR-CL-22). See `allowanceCharges.ts` for why a suplido is
 * written as an `E` charge.
 */
export const REIMBURSABLE_EXEMPTION: VatExemption = {
  code: 'VATEX-EU-79-C',
  reason: 'Exempt based on article 79, point c of Council Directive 2006/112/EC',
};
