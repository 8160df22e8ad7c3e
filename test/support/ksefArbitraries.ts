/**
 * The Ksef tax report arbitraries of the KSeF tests (FA(3), ksef-fa3.md): those of
 * `fiscalkit/testing` (`src/testing/ksef.ts`), re-exported under the names the tests use, so the
 * tests keep the public arbitraries honest.
 */
export {
  type DefectiveKsefReportArbOptions,
  defectiveKsefReportArb,
  KSEF_DEFECTS,
  type KsefDefect,
  ksefAmountArb as amountArb,
  ksefNumberArb,
  ksefTextArb as textArb,
  ksefThirdPartyArb as thirdPartyArb,
  validKsefReportArb,
} from '../../src/testing/ksef.js';
