/**
 * Facturae 3.2.2 from a fiscalkit invoice (issue #22 "Facturae 3.2.2 (Spain: FACe and the public
 * administration)"): the unsigned document, ready for a XAdES-EPES signer (`FACTURAE_322_NAMESPACE` and
 * `ds` declared on the root `fe:Facturae`, no `ds:Signature` yet: the signer appends it as the root's
 * last child, where the XSD puts it).
 *
 * One small builder per XSD section, in sequence order (DESIGN.md "XML is built in schema order"):
 * `FileHeader` (./fileHeader.ts), `Parties` (./parties.ts), then the one `Invoice`: `InvoiceHeader`,
 * `InvoiceIssueData` (./invoiceHeader.ts), `TaxesOutputs`, `TaxesWithheld` (./taxes.ts),
 * `InvoiceTotals` (./invoiceTotals.ts), `Items` (./items.ts), `PaymentDetails` (./paymentDetails.ts),
 * `LegalLiterals` and `AdditionalData` (./additionalData.ts). Every amount is the totals engine's
 * (`documentTotals`, ./figures.ts), so the 21 arithmetic rules of Facturae (`facturae.*`) hold by
 * construction.
 *
 * What Facturae cannot carry is refused with `facturae.write.*` issues and no document — never
 * dropped, cut or rounded away: a received invoice (the account is not its seller), an invoice without
 * a contact or without either party's tax id, a currency or country the 2009 code lists of the XSD lack,
 * a currency without two decimals (Facturae computes to the cent: `JPY`, `BHD`), a foreign currency
 * without a rate to EUR, a payable rounding amount (Facturae has no element for it), a text longer than
 * its element, a surcharge group spanning two VAT rates, and an account that computes unrounded line
 * amounts (see {@link writeFacturae}).
 *
 * @module
 */
import type { Validated, ValidationIssue } from '../../../errors/validationIssue.js';
import { presentText } from '../../../model/presentText.js';
import { currencyExponent } from '../../../money/currencies.js';
import { roundingMethodFromAccount } from '../../../money/roundingMethod.js';
import { issueAt } from '../../../rules/issue.js';
import { writeXml } from '../../../xml/write.js';
import { documentCurrency, documentTotals, type EInvoiceSource } from '../../semantic/source.js';
import { additionalData, legalLiterals } from './additionalData.js';
import { FACTURAE_322_NAMESPACE, isFacturaeCurrency, XMLDSIG_NAMESPACE } from './codes.js';
import type { WriteContext } from './context.js';
import { facturaeFigures } from './figures.js';
import { fileHeader } from './fileHeader.js';
import { invoiceHeader, invoiceIssueData } from './invoiceHeader.js';
import { invoiceTotals } from './invoiceTotals.js';
import { items } from './items.js';
import { parties } from './parties.js';
import { paymentDetails } from './paymentDetails.js';
import { invoiceTaxes } from './taxes.js';
import { taxPlan } from './taxPlan.js';
import { isZero } from './values.js';

/** The flat line fields of an invoice stored before v2026-03-02's list replaced them. */
interface LegacyFlatLine {
  discount_percent?: string | null;
  discount_amount?: string | null;
  charge_amount?: string | null;
}

/**
 * Writes the Facturae 3.2.2 document of an invoice (unsigned), or the issues that keep it from being
 * one (module comment). The document is UTF-8, indented by two spaces, with the root
 * `<fe:Facturae xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:fe="…Facturaev3_2_2.xml">`.
 *
 * An account that computes unrounded line amounts (`apply_taxes_per_line` and
 * `skip_line_taxable_base_rounding`, taxmath.md §3.5 mode C) is refused
 * (`facturae.write.unrounded-lines`): its lines are printed by allocating each rounded group back over
 * them (taxmath.md §3.7), so a line's printed net can sit a cent from its `TotalCost − discounts`,
 * which Facturae's line rule (`facturae.line.gross-amount`, Orden HAP/1650/2015 annex II rule 6a)
 * refuses.
 *
 * @example
 * ```ts
 * const xml = writeFacturae({ invoice, account, contact });
 * xml.success && xml.data.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<fe:Facturae xmlns:ds='); // true
 * writeFacturae({ invoice, account, contact: null }).success; // false: facturae.write.buyer at contact_id
 * ```
 */
export function writeFacturae(source: EInvoiceSource): Validated<string> {
  const { invoice, account, contact } = source;
  const issues: ValidationIssue[] = [];
  if (invoice.type === 'ReceivedInvoice')
    issues.push(
      issueAt(
        'facturae.write.invoice-type',
        'parameter_invalid',
        ['type'],
        'is ReceivedInvoice: a Facturae document is written by its seller, and the account is the buyer of a received invoice',
      ),
    );
  if (contact === null)
    issues.push(
      issueAt(
        'facturae.write.buyer',
        'parameter_blank',
        ['contact_id'],
        'is required: Facturae 3.2.2 requires the buyer (BuyerParty) with its tax id and address, which the invoice’s contact gives',
      ),
    );
  const currency = documentCurrency(source);
  const known = isFacturaeCurrency(currency);
  if (!known)
    issues.push(
      issueAt(
        'facturae.write.currency',
        'parameter_invalid',
        ['currency'],
        `is ${currency}, which the Facturae 3.2.2 XSD has no CurrencyCode for (its CurrencyCodeType is ISO 4217 as of 2009)`,
      ),
    );
  const exponent = known ? currencyExponent(currency) : 2;
  if (exponent !== 2)
    issues.push(
      issueAt(
        'facturae.write.currency',
        'parameter_invalid',
        ['currency'],
        `is ${currency}, whose amounts have ${String(exponent)} decimals; Facturae 3.2.2 computes every amount to two decimals (InstallmentAmount is a DoubleTwoDecimalType, and Orden HAP/1650/2015 annex II rule 6a rounds a line's total to the cent), so an amount rounded to ${currency}'s decimals would break its rules`,
      ),
    );
  if (
    currency !== 'EUR' &&
    (presentText(invoice.exchange_rate) === null || (account.currency ?? 'EUR') !== 'EUR')
  )
    issues.push(
      issueAt(
        'facturae.write.exchange-rate',
        'parameter_blank',
        ['exchange_rate'],
        `is required for an invoice in ${currency} from an account that accounts in EUR: Facturae states every tax also in EUR (TaxCurrencyCode EUR, EquivalentInEuros; the XSD's InvoiceCurrencyCode annotation, art. 10.1 RD 1496/2003), at exchange_rate EUR per ${currency}`,
      ),
    );
  const rounding = presentText(invoice.payable_rounding_amount);
  if (rounding !== null && !isZero(rounding))
    issues.push(
      issueAt(
        'facturae.write.payable-rounding',
        'parameter_invalid',
        ['payable_rounding_amount'],
        `is ${rounding}; Facturae 3.2.2 has no element for a rounding of the amount payable (TotalExecutableAmount is the outstanding amount plus reimbursable expenses)`,
      ),
    );
  if (account.apply_taxes_per_line && account.skip_line_taxable_base_rounding)
    issues.push(
      issueAt(
        'facturae.write.unrounded-lines',
        'parameter_invalid',
        ['account', 'skip_line_taxable_base_rounding'],
        'is true: the account computes unrounded line amounts and prints each line a share of its rounded group, which can sit a cent from Quantity × UnitPriceWithoutTax − discounts; Facturae requires each line amount rounded on its own (facturae.line.gross-amount, Orden HAP/1650/2015 annex II rule 6a)',
      ),
    );
  invoice.lines.forEach((line, index) => {
    const flat = line as LegacyFlatLine;
    for (const field of ['discount_percent', 'discount_amount', 'charge_amount'] as const)
      if (presentText(flat[field]) !== null)
        issues.push(
          issueAt(
            'facturae.write.legacy-line-amounts',
            'parameter_invalid',
            ['lines', index, field],
            'is a flat line field of an invoice stored before v2026-03-02; save the invoice again so that the line has allowance_charges_attributes, which Facturae writes as DiscountsAndRebates and Charges',
          ),
        );
  });
  if (issues.length > 0 || contact === null) return { success: false, issues };

  const totals = documentTotals(source);
  if (!totals.success) return totals;
  const engineRounding = roundingMethodFromAccount(account.rounding_method ?? 'half_up');
  const collected: ValidationIssue[] = [];
  const taxes = taxPlan({ invoice, issues: collected }, totals.data);
  if (taxes === undefined) return { success: false, issues: collected };
  const exchangeRate = presentText(invoice.exchange_rate);
  const figures = facturaeFigures(
    totals.data,
    exponent,
    currency !== 'EUR' && exchangeRate !== null
      ? { rate: exchangeRate, rounding: engineRounding }
      : undefined,
  );
  const context: WriteContext = {
    source,
    invoice,
    account,
    contact,
    totals: totals.data,
    currency,
    exponent,
    rounding: engineRounding,
    taxes,
    figures,
    issues: collected,
  };
  const xml = writeXml(
    'fe:Facturae',
    {
      '@_xmlns:ds': XMLDSIG_NAMESPACE,
      '@_xmlns:fe': FACTURAE_322_NAMESPACE,
      FileHeader: fileHeader(context),
      Parties: parties(context),
      Invoices: { Invoice: invoiceElement(context) },
    },
    { indent: '  ' },
  );
  if (collected.length > 0) return { success: false, issues: collected };
  return { success: true, data: xml };
}

/** `InvoiceType`, in its sequence. */
function invoiceElement(context: WriteContext) {
  return {
    InvoiceHeader: invoiceHeader(context),
    InvoiceIssueData: invoiceIssueData(context),
    ...invoiceTaxes(context),
    InvoiceTotals: invoiceTotals(context),
    Items: items(context),
    PaymentDetails: paymentDetails(context),
    LegalLiterals: legalLiterals(context),
    AdditionalData: additionalData(context),
  };
}
