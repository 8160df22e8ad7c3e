// fiscalkit: the root entry point. Named exports only; one line per concept.

export { ApiError, type ApiErrorOptions, isApiError } from './errors/ApiError.js';
export { ERROR_CATALOG, ERROR_TYPE, type ErrorCode, errorStatus, isErrorCode } from './errors/catalog.js';
export { type ErrorBody, errorBody } from './errors/errorBody.js';
export {
  apiErrorFromIssues,
  formatParam,
  type Validated,
  type ValidationIssue,
} from './errors/validationIssue.js';
export { issuesFromZod } from './errors/zodIssues.js';
export { CURRENCY_CODES, currencyExponent, isCurrencyCode } from './money/currencies.js';
export { Decimal } from './money/decimal.js';
export { divideAndRound } from './money/divideAndRound.js';
export {
  decimalPlaces,
  formatUnits,
  formatUnitsTrimmed,
  isDecimalString,
  MAX_INTEGER_DIGITS,
  pow10,
  toUnits,
} from './money/fixedPoint.js';
export { round, roundUnits } from './money/round.js';
export {
  type AccountRoundingMethod,
  ROUNDING_METHODS,
  type RoundingMethod,
  roundingMethodFromAccount,
} from './money/roundingMethod.js';
export { allocate } from './totals/allocate.js';
export { computeTotals } from './totals/computeTotals.js';
export {
  TAX_KINDS,
  type TaxKind,
  type TotalsInput,
  type TotalsLineInput,
  type TotalsTaxInput,
} from './totals/input.js';
export { modeFlags, TOTALS_MODES, type TotalsMode, totalsMode } from './totals/mode.js';
export type {
  AdvanceGroup,
  LocalGroup,
  LocalTotals,
  OrderTotals,
  Totals,
  TotalsGroup,
  TotalsLine,
  TotalsResult,
} from './totals/result.js';
export {
  AMOUNT_DUE_TYPE_CODES,
  type NormalizedLine,
  type NormalizedTax,
  type NormalizedTotalsInput,
  validateTotalsInput,
} from './totals/validateTotalsInput.js';
