/**
 * The `computeTotals` input arbitraries of the totals tests (taxmath.md §5, "Generators"): those of
 * `fiscalkit/testing` (`src/testing/totals.ts`, `src/testing/decimal.ts`), re-exported under the
 * names the tests use, so the tests keep the public arbitraries honest.
 */
export {
  type DecimalArbOptions,
  decimalArb,
  unitsToDecimal,
} from '../../src/testing/decimal.js';
export {
  anyRoundingMethodArb,
  CURRENCIES,
  chargeAmountArb,
  currencyArb,
  discountAmountArb,
  discountPercentArb,
  exchangeArb,
  identicalLinesArb,
  type LineArbOptions,
  type LinesArbOptions,
  largeLinesArb,
  lineArb,
  linesArb,
  modeArb,
  percentSpellingArb,
  prepaidArb,
  priceArb,
  quantityArb,
  roundingMethodArb,
  SURCHARGE_RATES,
  SYMMETRIC_METHODS,
  surchargeTaxArb,
  type TaxesArbOptions,
  type TieTotalsInputArbOptions,
  type TotalsInputArbOptions,
  taxesArb,
  tieLineArb,
  tieRichLinesArb,
  tieTotalsInputArb,
  totalsInputArb,
  VAT_RATES,
  vatTaxArb,
  WITHHOLDING_RATES,
  withholdingTaxArb,
} from '../../src/testing/totals.js';
