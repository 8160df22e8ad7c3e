import { afterAll, describe, expect, it } from 'vitest';
import { buildFa3 } from '../../src/ksef/build/buildFa3.js';
import { generateKsefTaxReport, type KsefSource } from '../../src/ksef/generate/generateKsefTaxReport.js';
import {
  gvInvoice,
  mf1Invoice,
  mf3Invoice,
  mf9Contact,
  mf9Invoice,
  mf10Invoice,
  mf12Invoice,
  mf14Invoice,
  mf15Invoice,
  mf18Invoice,
  mf20Contact,
  mf20Invoice,
  multiRateInvoice,
  source,
} from '../support/ksefInvoices.js';
import { hasShared } from '../support/shared.js';
import { disposeSchemas, formatXsdErrors, validateXml } from '../support/xsd.js';

// Invoice → generateKsefTaxReport → buildFa3 → golden file, and the official XSD judges every file
// (DESIGN.md "The official XSDs judge the XML"; ksef-fa3.md §10 rule 2). One case per RodzajFaktury,
// JST (role 8), GV (role 10), EUR with P_14_xW, and every category rate. The figures each file must
// carry are the MF samples' (ksef-fa3.md §6.5–§6.9).

const NOW = new Date('2026-02-01T12:00:00Z');
const EXEMPTION = 'art. 43 ust. 1 pkt 37 ustawy VAT';

interface GoldenCase {
  name: string;
  from: () => KsefSource;
  /** Elements the document must carry, as written. */
  contains: string[];
}

const CASES: GoldenCase[] = [
  {
    name: 'vat-mf1',
    from: () => source(mf1Invoice()),
    contains: [
      '<RodzajFaktury>VAT</RodzajFaktury>',
      '<P_13_1>1666.66</P_13_1>',
      '<P_14_1>383.33</P_14_1>',
      '<P_13_3>0.95</P_13_3>',
      '<P_14_3>0.05</P_14_3>',
      '<KRS>0000099999</KRS>',
    ],
  },
  {
    name: 'kor-mf3',
    from: () => source(mf3Invoice()),
    contains: [
      '<RodzajFaktury>KOR</RodzajFaktury>',
      '<P_13_1>-162.60</P_13_1>',
      '<P_14_1>-37.40</P_14_1>',
      '<TypKorekty>3</TypKorekty>',
      '<NrKSeF>1</NrKSeF>',
    ],
  },
  {
    name: 'zal-mf10',
    from: () => source(mf10Invoice()),
    contains: [
      '<RodzajFaktury>ZAL</RodzajFaktury>',
      '<P_13_1>16260.16</P_13_1>',
      '<P_14_1>3739.84</P_14_1>',
      '<WartoscZamowienia>375150.00</WartoscZamowienia>',
      '<P_11VatZ>69000.00</P_11VatZ>',
    ],
  },
  {
    name: 'kor-zal-mf12',
    from: () => source(mf12Invoice()),
    contains: [
      '<RodzajFaktury>KOR_ZAL</RodzajFaktury>',
      '<P_13_2>9107.47</P_13_2>',
      '<P_14_2>728.60</P_14_2>',
      '<P_13_1>133.28</P_13_1>',
      '<P_14_1>30.65</P_14_1>',
      '<P_15>10000.00</P_15>',
      '<P_15ZK>20000.00</P_15ZK>',
      '<StanPrzedZ>1</StanPrzedZ>',
    ],
  },
  {
    name: 'roz-mf14',
    from: () => source(mf14Invoice()),
    contains: [
      '<RodzajFaktury>ROZ</RodzajFaktury>',
      '<P_13_2>280177.59</P_13_2>',
      '<P_14_2>22414.21</P_14_2>',
      '<P_13_1>4100.16</P_13_1>',
      '<P_14_1>943.04</P_14_1>',
      '<P_15>307635.00</P_15>',
      '<NrKSeFFaZaliczkowej>9999999999-20230908-8BEF280C8D35-4D</NrKSeFFaZaliczkowej>',
      '<GTU>GTU_10</GTU>',
    ],
  },
  {
    name: 'kor-roz-mf18',
    from: () => source(mf18Invoice()),
    contains: [
      '<RodzajFaktury>KOR_ROZ</RodzajFaktury>',
      '<P_13_2>6953.54</P_13_2>',
      '<P_14_2>556.29</P_14_2>',
      '<P_13_1>101.76</P_13_1>',
      '<P_14_1>23.41</P_14_1>',
      '<P_15>7635.00</P_15>',
      '<P_15ZK>300000.00</P_15ZK>',
      '<StanPrzed>1</StanPrzed>',
    ],
  },
  {
    name: 'upr-mf15',
    from: () => source(mf15Invoice(), { contact: null }),
    contains: [
      '<RodzajFaktury>UPR</RodzajFaktury>',
      '<P_13_1>365.85</P_13_1>',
      '<P_14_1>84.15</P_14_1>',
      '<P_15>450.00</P_15>',
    ],
  },
  {
    name: 'jst-mf9',
    from: () => source(mf9Invoice(), { contact: mf9Contact(), exemption_basis: EXEMPTION }),
    contains: [
      '<JST>1</JST>',
      '<Rola>8</Rola>',
      '<NIP>2222222222</NIP>',
      '<P_13_7>300.00</P_13_7>',
      `<P_19A>${EXEMPTION}</P_19A>`,
    ],
  },
  {
    name: 'gv-role10',
    from: () => source(gvInvoice()),
    contains: ['<GV>1</GV>', '<Rola>10</Rola>', '<IDWew>1111111111-00002</IDWew>'],
  },
  {
    name: 'eur-mf20',
    from: () => source(mf20Invoice(), { contact: mf20Contact() }),
    contains: [
      '<KodWaluty>EUR</KodWaluty>',
      '<P_14_1>3118.80</P_14_1>',
      '<P_14_1W>14036.16</P_14_1W>',
      '<KursWaluty>4.5005</KursWaluty>',
      '<CN>8418 21 91</CN>',
    ],
  },
  {
    name: 'zal-eur',
    from: () => source(mf10Invoice({ currency: 'EUR', exchange_rate: '4.2', total: '1230.00' })),
    contains: [
      '<P_13_1>1000.00</P_13_1>',
      '<P_14_1>230.00</P_14_1>',
      '<P_14_1W>966.00</P_14_1W>',
      '<P_15>1230.00</P_15><KursWalutyZ>4.2</KursWalutyZ>',
    ],
  },
  {
    name: 'kor-zal-eur',
    from: () =>
      source(
        mf12Invoice({
          currency: 'EUR',
          exchange_rate: '4.3',
          invoice_references: [
            {
              id: 51,
              reference_type: 'amend',
              number: 'FZ2026/02/150',
              date: '2026-02-15',
              total_amount: '20000',
              currency: 'EUR',
            },
          ],
        }),
      ),
    contains: ['<P_14_1W>131.80</P_14_1W>', '<P_14_2W>3132.98</P_14_2W>', '<P_15ZK>20000.00</P_15ZK>'],
  },
  {
    name: 'multi-rate',
    from: () => source(multiRateInvoice(), { exemption_basis: EXEMPTION }),
    contains: [
      '<PrefiksPodatnika>PL</PrefiksPodatnika>',
      '<P_13_6_1>1500.00</P_13_6_1>',
      '<P_13_6_2>500.00</P_13_6_2>',
      '<P_13_6_3>800.00</P_13_6_3>',
      '<P_13_7>250.00</P_13_7>',
      '<P_13_8>500.00</P_13_8>',
      '<P_13_9>700.00</P_13_9>',
      '<P_13_10>250.00</P_13_10>',
      '<P_18>1</P_18>',
      '<P_10>100</P_10>',
      '<WZ>44343434/2026</WZ>',
    ],
  },
];

describe.skipIf(!hasShared)('generated FA(3) documents (golden files, official XSD)', () => {
  afterAll(disposeSchemas);

  it.each(CASES)('$name', async ({ name, from, contains }) => {
    const report = generateKsefTaxReport(from());
    if (!report.success) expect.fail(`generate: ${JSON.stringify(report.issues, null, 2)}`);
    const xml = buildFa3(report.data, { now: NOW });
    if (!xml.success) expect.fail(`build: ${JSON.stringify(xml.issues, null, 2)}`);
    await expect(xml.data).toMatchFileSnapshot(`./golden/${name}.xml`);
    const result = validateXml('ksef-fa3', xml.data);
    expect(result.valid, formatXsdErrors(result)).toBe(true);
    // The contents are checked on the document without its indentation, so they read as element sequences.
    for (const element of contains) expect(xml.data.replace(/>\s+</g, '><')).toContain(element);
  });
});
