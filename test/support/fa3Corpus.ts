/**
 * Every FA(3) document the repository has (issue #18 item 12): the 40 samples of
 * `shared/samples/ksef/` (official MF, stacking-hq/ksef2, invopop/gobl.ksef), the golden files of
 * `test/ksef/golden/` and the schema-valid variants of `test/ksef/fa3Variants.ts`; and the four edits
 * that made real invoices import but not download (the FA(3) invoices of other projects are not in
 * this repository, so each edit is applied to every document it fits): an exempt supply with
 * `P_19N=1`, a correction without `DaneFaKorygowanej`, a foreign-currency invoice without `P_14_xW` /
 * `KursWaluty`, a NIP without a valid check digit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KsefTaxReportCreate } from '../../src/model/ksefTaxReport.js';
import { VARIANT_CORRECTION, VARIANT_SETTLEMENT } from '../ksef/fa3Variants.js';
import { hasShared, PROJECT_ROOT, SHARED_DIR } from './shared.js';

/** One document of the corpus: where it comes from, and its text. */
export interface Fa3CorpusDocument {
  name: string;
  xml: string;
}

const SAMPLES_DIR = join(SHARED_DIR, 'samples', 'ksef');
const GOLDEN_DIR = join(PROJECT_ROOT, 'test', 'ksef', 'golden');

/**
 * The corpus: samples (when `shared/` is there), golden files, variants.
 *
 * @example
 * fa3Corpus().length; // 55 with shared/
 */
export function fa3Corpus(): Fa3CorpusDocument[] {
  const samples = hasShared
    ? readdirSync(SAMPLES_DIR, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) =>
          readdirSync(join(SAMPLES_DIR, entry.name))
            .filter((file) => file.endsWith('.xml'))
            .map((file) => `${entry.name}/${file}`),
        )
        .sort()
        .map((file) => ({ name: `samples/${file}`, xml: readFileSync(join(SAMPLES_DIR, file), 'utf8') }))
    : [];
  const golden = readdirSync(GOLDEN_DIR)
    .filter((file) => file.endsWith('.xml'))
    .sort()
    .map((file) => ({ name: `golden/${file}`, xml: readFileSync(join(GOLDEN_DIR, file), 'utf8') }));
  return [
    ...samples,
    ...golden,
    { name: 'variants/correction', xml: VARIANT_CORRECTION },
    { name: 'variants/settlement', xml: VARIANT_SETTLEMENT },
  ];
}

/** A NIP of the right shape (`TNrNIP`) whose check digit is wrong: the weighted sum is 230 ≡ 10 (mod 11). */
export const BAD_NIP = '1234567890';

/**
 * An edit of a document, and the report change that stands for it (for the builder's verdict on a
 * refused one): `apply` answers null when the edit does not fit the document.
 */
export interface Fa3Edit {
  name: string;
  apply: (xml: string) => string | null;
  /** The same edit on the imported report, for the builder's verdict. */
  report: (report: KsefTaxReportCreate) => KsefTaxReportCreate;
  /** Whether KSeF accepts the edited document (then it is written back), or refuses it (then refused up front). */
  ksef: 'accepts' | 'refuses';
}

/** `xml` with `pattern` replaced, or null when it does not occur. */
function replaced(xml: string, pattern: RegExp, by: string): string | null {
  const result = xml.replace(pattern, by);
  return result === xml ? null : result;
}

/** The correction block's elements of `Fa` (ksef-fa3.md §5), removed as a whole. */
const CORRECTION_TEXTS =
  /\s*<(PrzyczynaKorekty|TypKorekty|OkresFaKorygowanej|NrFaKorygowany|P_15ZK|KursWalutyZK)>[^<]*<\/\1>/g;
const CORRECTION_BLOCKS = /\s*<(DaneFaKorygowanej|Podmiot1K|Podmiot2K)>[\s\S]*?<\/\1>/g;

/** The four edits (issue #18 item 12). */
export const FA3_EDITS: readonly Fa3Edit[] = [
  {
    name: 'an exempt supply with P_19N=1 (no legal basis)',
    apply: (xml) =>
      /<P_19>/.test(xml)
        ? xml.replace(/<Zwolnienie>[\s\S]*?<\/Zwolnienie>/, '<Zwolnienie><P_19N>1</P_19N></Zwolnienie>')
        : null,
    report: (report) => ({ ...report, exemption_basis: null, exemption_basis_type: null }),
    ksef: 'accepts',
  },
  {
    name: 'a correction without DaneFaKorygowanej',
    apply: (xml) =>
      /<DaneFaKorygowanej>/.test(xml)
        ? xml.replace(CORRECTION_BLOCKS, '').replace(CORRECTION_TEXTS, '')
        : null,
    report: (report) => ({
      ...report,
      corrected_invoices: null,
      correction_reason: null,
      correction_type: null,
      corrected_period: null,
      previous_advance_total: null,
    }),
    ksef: 'accepts',
  },
  {
    name: 'a foreign-currency invoice without P_14_xW, KursWaluty and KursWalutyZ',
    apply: (xml) =>
      /<KodWaluty>PLN<\/KodWaluty>/.test(xml)
        ? null
        : replaced(xml, /\s*<(P_14_\dW|KursWaluty|KursWalutyZ)>[^<]*<\/\1>/g, ''),
    report: (report) => ({
      ...report,
      exchange_rate: null,
      tax_breakdowns: report.tax_breakdowns?.map((breakdown) => ({ ...breakdown, tax_amount_pln: null })),
      lines: report.lines?.map((line) => ({ ...line, exchange_rate: null })),
    }),
    ksef: 'accepts',
  },
  {
    name: 'a seller NIP without a valid check digit',
    apply: (xml) => replaced(xml, /(<Podmiot1>[\s\S]*?<NIP>)[^<]*(<\/NIP>)/, `$1${BAD_NIP}$2`),
    report: (report) => ({ ...report, supplier_party_tax_id: BAD_NIP }),
    ksef: 'refuses',
  },
  {
    name: 'a buyer NIP without a valid check digit',
    apply: (xml) => {
      const buyer = /<Podmiot2>[\s\S]*?<\/Podmiot2>/.exec(xml)?.[0];
      if (buyer === undefined || !/<NIP>/.test(buyer)) return null;
      return xml.replace(buyer, buyer.replace(/<NIP>[^<]*<\/NIP>/, `<NIP>${BAD_NIP}</NIP>`));
    },
    report: (report) => ({ ...report, customer_party_tax_id: BAD_NIP }),
    ksef: 'refuses',
  },
];
