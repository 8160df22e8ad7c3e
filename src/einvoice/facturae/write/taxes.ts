import type { XmlElement } from '../../../xml/write.js';
import type { WriteContext } from './context.js';
import { amount } from './fileHeader.js';
import type { OutputTax } from './taxPlan.js';

/**
 * The invoice's `TaxesOutputs` (`TaxOutputType`, one `Tax` per VAT group of the tax plan, its
 * surcharge inside) and `TaxesWithheld` (`TaxType`, one per withholding group): each group's printed
 * base and tax, with their EUR equivalents in another currency (src/einvoice/facturae/write/taxPlan.ts).
 * `TaxesOutputs` is required by the XSD; an invoice whose every group is outside the taxes (a charge
 * not subject to VAT alone) has no line, which the engine does not allow, so it always has one.
 *
 * @example
 * ```ts
 * invoiceTaxes(context);
 * // { TaxesOutputs: { Tax: [{ TaxTypeCode: '01', TaxRate: '21.00', TaxableBase: { TotalAmount: '1000.00' }, TaxAmount: { TotalAmount: '210.00' }, … }] },
 * //   TaxesWithheld: undefined }
 * ```
 */
export function invoiceTaxes(context: WriteContext): {
  TaxesOutputs: XmlElement;
  TaxesWithheld: XmlElement | undefined;
} {
  const { taxes, figures } = context;
  const euros = figures.euros?.groups;
  const convert = figures.euros?.convert;
  // A part of a group split by surcharge is converted on its own; a whole group has its local amounts.
  const inEuros = (tax: OutputTax, amount: string, of: 'base' | 'tax') =>
    convert === undefined ? undefined : tax.split ? convert(amount) : euros?.get(tax.group.key)?.[of];
  return {
    TaxesOutputs: {
      Tax: taxes.outputs.map(
        (tax: OutputTax): XmlElement => ({
          TaxTypeCode: tax.code,
          TaxRate: tax.rate,
          TaxableBase: amount(tax.base, inEuros(tax, tax.base, 'base')),
          TaxAmount: amount(tax.tax, inEuros(tax, tax.tax, 'tax')),
          EquivalenceSurcharge: tax.surchargeRate,
          EquivalenceSurchargeAmount:
            tax.surcharge === undefined
              ? undefined
              : amount(tax.surcharge.tax, euros?.get(tax.surcharge.key)?.tax),
        }),
      ),
    },
    TaxesWithheld:
      taxes.withheld.length === 0
        ? undefined
        : {
            Tax: taxes.withheld.map(
              (tax): XmlElement => ({
                TaxTypeCode: tax.code,
                TaxRate: tax.rate,
                TaxableBase: amount(tax.group.base, euros?.get(tax.group.key)?.base),
                TaxAmount: amount(tax.group.tax, euros?.get(tax.group.key)?.tax),
              }),
            ),
          },
  };
}
