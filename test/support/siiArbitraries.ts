/**
 * The SII record arbitraries of the SII tests (sii.md §10): those of `fiscalkit/testing`
 * (`src/testing/sii.ts`), re-exported under the names the tests use, so the tests keep the public
 * arbitraries honest.
 */
export {
  anyValidSiiRecordArb,
  defectiveSiiRecordArb,
  SII_BAJA_BOOK_TYPES,
  SII_DEFECTS,
  type SiiDefect,
  siiDefectArb,
  siiMessageKindArb,
  siiTextArb,
  siiTitularArb,
  VALID_SII_RECORD_ARBS,
  validSiiRecordArb,
} from '../../src/testing/sii.js';
