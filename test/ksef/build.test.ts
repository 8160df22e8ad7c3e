import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../src/codelists/countries.js';
import { buildFa3 } from '../../src/ksef/build/buildFa3.js';
import { FA3_UNLISTED_CURRENCIES } from '../../src/ksef/build/fa3Values.js';
import { fa3Issues } from '../../src/ksef/fa3Issues.js';
import { importFa3 } from '../../src/ksef/import/importFa3.js';
import type { KsefTaxReportCreate } from '../../src/model/ksefTaxReport.js';
import { ISO_4217_CURRENCIES } from '../../src/money/currencies.js';
import {
  eurReport,
  gvReport,
  jstReport,
  KSEF_NUMBER,
  KSEF_NUMBER_2,
  KSEF_REPORTS,
  korReport,
  korRozReport,
  korZalReport,
  multiRateReport,
  rozReport,
  uprReport,
  vatReport,
  zalReport,
} from '../support/ksefReports.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import { disposeSchemas, formatXsdErrors, validateXml } from '../support/xsd.js';

const NOW = new Date('2026-02-01T12:00:00Z');

/**
 * The XML of a report that must build, with the indentation between elements taken out so that the
 * assertions read element sequences (`>` and `<` never occur unescaped inside text, so only the
 * whitespace between tags goes).
 */
function xmlOf(
  report: KsefTaxReportCreate,
  options: { now: Date; system_info?: string } = { now: NOW },
): string {
  const result = buildFa3(report, options);
  if (!result.success) throw new Error(`expected XML, got ${JSON.stringify(result.issues, null, 2)}`);
  return result.data.replace(/>\s+</g, '><');
}

/** The first `<name>…</name>` of a document, tags included. */
function element(xml: string, name: string): string {
  const match = new RegExp(`<${name}>.*?</${name}>`, 's').exec(xml);
  if (match === null) throw new Error(`no <${name}> in ${xml}`);
  return match[0];
}

/** Every `<name>…</name>` of a document. */
function elements(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>.*?</${name}>`, 'gs'))].map((match) => match[0]);
}

/** The child element names of a document section, in order (one level deep, no attributes). */
function childNames(section: string): string[] {
  const inner = section.replace(/^<[^>]+>/, '').replace(/<\/[^>]+>$/, '');
  const names: string[] = [];
  let depth = 0;
  for (const match of inner.matchAll(/<(\/?)([A-Za-z0-9_]+)[^>]*?(\/?)>/g)) {
    const [, closing, name = '', selfClosing] = match;
    if (closing === '/') depth -= 1;
    else {
      if (depth === 0) names.push(name);
      if (selfClosing !== '/') depth += 1;
    }
  }
  return names;
}

describe.skipIf(!hasShared)('buildFa3: every fixture is valid against the official FA(3) XSD', () => {
  afterAll(disposeSchemas);

  it.each(Object.keys(KSEF_REPORTS))('%s', (name) => {
    const report = (KSEF_REPORTS[name] as () => KsefTaxReportCreate)();
    expect(fa3Issues(report)).toEqual([]);
    const result = validateXml('ksef-fa3', xmlOf(report));
    expect(result.valid, formatXsdErrors(result)).toBe(true);
  });

  it('a ZAL in EUR with KursWalutyZ and P_14_1W', () => {
    const report: KsefTaxReportCreate = {
      ...zalReport(),
      currency: 'EUR',
      exchange_rate: '4.3',
      tax_breakdowns: [
        { bucket: '1', taxable_base: '16260.16', tax_amount: '3739.84', tax_amount_pln: '16081.31' },
      ],
    };
    const result = validateXml('ksef-fa3', xmlOf(report));
    expect(result.valid, formatXsdErrors(result)).toBe(true);
  });

  it('escaped text, Polish letters and canonicalised amounts', () => {
    const report: KsefTaxReportCreate = {
      ...vatReport(),
      supplier_party_name: 'Żółw & <Syn> "Gęś" \'Łódź\'',
      total_amount: '0002051.00',
    };
    const result = validateXml('ksef-fa3', xmlOf(report));
    expect(result.valid, formatXsdErrors(result)).toBe(true);
  });

  it('fiscalkit’s countries are all in etd:TKodKraju; its currencies in TKodWaluty except FA3_UNLISTED_CURRENCIES', () => {
    const countries = readFileSync(join(SHARED_DIR, 'xsd/ksef-fa3/bazowe/KodyKrajow_v10-0E.xsd'), 'utf8');
    const listed = new Set(
      [...countries.matchAll(/enumeration value="([A-Z]{2})"/g)].map((match) => match[1]),
    );
    expect(COUNTRIES.filter(({ code }) => !listed.has(code))).toEqual([]);
    const schema = readFileSync(join(SHARED_DIR, 'xsd/ksef-fa3/schemat_FA(3)_v1-0E.xsd'), 'utf8');
    const start = schema.indexOf('name="TKodWaluty"');
    const type = schema.slice(start, schema.indexOf('</xsd:simpleType>', start));
    const currencies = new Set(
      [...type.matchAll(/enumeration value="([A-Z]{3})"/g)].map((match) => match[1]),
    );
    expect(ISO_4217_CURRENCIES.map(({ code }) => code).filter((code) => !currencies.has(code))).toEqual(
      FA3_UNLISTED_CURRENCIES,
    );
  });
});

describe('buildFa3: the document', () => {
  it('starts with the declaration, the FA(3) namespace and the Naglowek with fixed attributes', () => {
    const xml = xmlOf(vatReport());
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?><Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">',
      ),
    ).toBe(true);
    expect(element(xml, 'Naglowek')).toBe(
      '<Naglowek><KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>' +
        '<WariantFormularza>3</WariantFormularza><DataWytworzeniaFa>2026-02-01T12:00:00Z</DataWytworzeniaFa>' +
        '<SystemInfo>fiscalkit</SystemInfo></Naglowek>',
    );
    expect(childNames(xml.replace(/^<\?xml[^>]*\?>/, ''))).toEqual([
      'Naglowek',
      'Podmiot1',
      'Podmiot2',
      'Fa',
      'Stopka',
    ]);
  });

  it('writes DataWytworzeniaFa to the second and SystemInfo as given, or leaves a blank one out', () => {
    const xml = xmlOf(vatReport(), { now: new Date('2026-02-01T12:00:00.987Z'), system_info: 'ERP & co' });
    expect(xml).toContain(
      '<DataWytworzeniaFa>2026-02-01T12:00:00Z</DataWytworzeniaFa><SystemInfo>ERP &amp; co</SystemInfo>',
    );
    expect(xmlOf(vatReport(), { now: NOW, system_info: '  ' })).not.toContain('<SystemInfo>');
  });

  it('refuses a moment outside DataWytworzeniaFa’s range and a bad system_info, without XML', () => {
    expect(buildFa3(vatReport(), { now: new Date('2025-08-31T23:59:59Z') })).toEqual({
      success: false,
      issues: [expect.objectContaining({ code: 'parameter_invalid', param: 'now' })],
    });
    expect(buildFa3(vatReport(), { now: new Date(Number.NaN) }).success).toBe(false);
    expect(buildFa3(vatReport(), { now: NOW, system_info: 'x'.repeat(257) })).toEqual({
      success: false,
      issues: [expect.objectContaining({ code: 'parameter_invalid', param: 'system_info' })],
    });
  });

  it('answers fa3Issues’ issues and no XML for a report that cannot become FA(3)', () => {
    const report = { ...vatReport(), supplier_party_tax_id: '1234567890' };
    const result = buildFa3(report, { now: NOW });
    expect(result.success).toBe(false);
    expect(result).not.toHaveProperty('data');
    if (!result.success) expect(result.issues).toEqual(fa3Issues(report));
  });

  it('indents the document by two spaces per level, like the MF samples', () => {
    const result = buildFa3(vatReport(), { now: NOW });
    expect(result.success && result.data.split('\n').slice(0, 4)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">',
      '  <Naglowek>',
      '    <KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>',
    ]);
  });

  it('escapes & and < in names and texts (quotes need no escape in text content)', () => {
    const xml = xmlOf({
      ...vatReport(),
      supplier_party_name: 'A & B <Sp. z o.o.> "Żółw"',
      number: 'FV/1<2>&3',
    });
    expect(element(xml, 'Podmiot1')).toContain('<Nazwa>A &amp; B &lt;Sp. z o.o.&gt; "Żółw"</Nazwa>');
    expect(xml).toContain('<P_2>FV/1&lt;2&gt;&amp;3</P_2>');
    // The import reads back exactly what was written.
    const back = importFa3(xml);
    expect(back.success && back.data.report.supplier_party_name).toBe('A & B <Sp. z o.o.> "Żółw"');
  });

  it('writes amounts canonically: no leading zeros or +, the fraction as given', () => {
    const xml = xmlOf({
      ...vatReport(),
      total_amount: '+0002051.50',
      tax_breakdowns: [
        { bucket: '1', taxable_base: '01666.66', tax_amount: '383.3' },
        { bucket: '3', taxable_base: '0.95', tax_amount: '-0.05' },
      ],
    });
    expect(xml).toContain(
      '<P_13_1>1666.66</P_13_1><P_14_1>383.3</P_14_1><P_13_3>0.95</P_13_3><P_14_3>-0.05</P_14_3><P_15>2051.50</P_15>',
    );
  });
});

describe('buildFa3: Podmiot1, Podmiot2, Podmiot3', () => {
  it('Podmiot1: NIP compacted, the address as two lines, one contact block; PrefiksPodatnika only when asked', () => {
    const xml = xmlOf({ ...vatReport(), supplier_party_tax_id: 'PL 999-999-99-99' });
    expect(element(xml, 'Podmiot1')).toBe(
      '<Podmiot1><DaneIdentyfikacyjne><NIP>9999999999</NIP><Nazwa>ABC AGD sp. z o. o.</Nazwa></DaneIdentyfikacyjne>' +
        '<Adres><KodKraju>PL</KodKraju><AdresL1>ul. Kwiatowa 1 m. 2</AdresL1><AdresL2>00-001 Warszawa</AdresL2></Adres>' +
        '<DaneKontaktowe><Email>abc@abc.pl</Email><Telefon>667444555</Telefon></DaneKontaktowe></Podmiot1>',
    );
    expect(element(xmlOf(multiRateReport()), 'Podmiot1')).toMatch(
      /^<Podmiot1><PrefiksPodatnika>PL<\/PrefiksPodatnika><DaneIdentyfikacyjne>/,
    );
  });

  it('Podmiot2 ends with JST and GV, always: 2/2, 1/2 for JST, 2/1 for GV', () => {
    for (const build of Object.values(KSEF_REPORTS))
      expect(element(xmlOf(build()), 'Podmiot2')).toMatch(/<JST>[12]<\/JST><GV>[12]<\/GV><\/Podmiot2>$/);
    expect(element(xmlOf(vatReport()), 'Podmiot2')).toMatch(
      /<NrKlienta>fdfd778343<\/NrKlienta><JST>2<\/JST><GV>2<\/GV><\/Podmiot2>$/,
    );
    expect(element(xmlOf(jstReport()), 'Podmiot2')).toMatch(/<JST>1<\/JST><GV>2<\/GV><\/Podmiot2>$/);
    expect(element(xmlOf(gvReport()), 'Podmiot2')).toMatch(/<JST>2<\/JST><GV>1<\/GV><\/Podmiot2>$/);
  });

  it('UPR: the buyer a bare NIP, no name, no address', () => {
    expect(element(xmlOf(uprReport()), 'Podmiot2')).toBe(
      '<Podmiot2><DaneIdentyfikacyjne><NIP>1111111111</NIP></DaneIdentyfikacyjne><JST>2</JST><GV>2</GV></Podmiot2>',
    );
  });

  it('Podmiot2 identification: EU VAT split into KodUE + NrVatUE, another id as KodKraju + NrID, none as BrakID', () => {
    const eu = xmlOf({ ...vatReport(), customer_party_tax_id: 'EL123456789', customer_party_country: 'GR' });
    expect(element(eu, 'Podmiot2')).toContain(
      '<DaneIdentyfikacyjne><KodUE>EL</KodUE><NrVatUE>123456789</NrVatUE><Nazwa>',
    );
    const other = xmlOf({
      ...vatReport(),
      customer_party_tax_id: '12-3456789',
      customer_party_country: 'US',
    });
    expect(element(other, 'Podmiot2')).toContain(
      '<DaneIdentyfikacyjne><KodKraju>US</KodKraju><NrID>12-3456789</NrID><Nazwa>',
    );
    const none = xmlOf({ ...vatReport(), customer_party_tax_id: null });
    expect(element(none, 'Podmiot2')).toContain('<DaneIdentyfikacyjne><BrakID>1</BrakID><Nazwa>');
  });

  it('Podmiot3: JST unit with NIP and Rola 8; GV member with IDWew and Rola 10, no address without a line', () => {
    expect(element(xmlOf(jstReport()), 'Podmiot3')).toBe(
      '<Podmiot3><DaneIdentyfikacyjne><NIP>3333333333</NIP><Nazwa>Szkoła Podstawowa w Bzdziszewie</Nazwa></DaneIdentyfikacyjne>' +
        '<Adres><KodKraju>PL</KodKraju><AdresL1>ul. Szkolna 1</AdresL1><AdresL2>00-003 Bzdziszewo</AdresL2></Adres><Rola>8</Rola></Podmiot3>',
    );
    expect(element(xmlOf(gvReport()), 'Podmiot3')).toBe(
      '<Podmiot3><DaneIdentyfikacyjne><IDWew>1111111111-00001</IDWew><Nazwa>Kowalski Oddział Kraków</Nazwa></DaneIdentyfikacyjne><Rola>10</Rola></Podmiot3>',
    );
  });

  it('Podmiot3: the flat third party first, then additional_third_parties, with Udzial', () => {
    const xml = xmlOf({
      ...zalReport(),
      additional_third_parties: [{ role: '6', name: 'Płatnik', id: 'X-1', country: 'DE' }],
    });
    const parties = elements(xml, 'Podmiot3');
    expect(parties).toHaveLength(2);
    expect(parties[0]).toMatch(/<Rola>4<\/Rola><Udzial>50<\/Udzial><\/Podmiot3>$/);
    expect(parties[1]).toBe(
      '<Podmiot3><DaneIdentyfikacyjne><KodKraju>DE</KodKraju><NrID>X-1</NrID><Nazwa>Płatnik</Nazwa></DaneIdentyfikacyjne><Rola>6</Rola></Podmiot3>',
    );
  });
});

describe('buildFa3: Fa', () => {
  it('writes the header in order: KodWaluty P_1 P_1M P_2 WZ P_6, buckets, P_15, Adnotacje, RodzajFaktury', () => {
    expect(childNames(element(xmlOf(vatReport()), 'Fa'))).toEqual([
      'KodWaluty',
      'P_1',
      'P_1M',
      'P_2',
      'WZ',
      'P_6',
      'P_13_1',
      'P_14_1',
      'P_13_3',
      'P_14_3',
      'P_15',
      'Adnotacje',
      'RodzajFaktury',
      'FP',
      'DodatkowyOpis',
      'FaWiersz',
      'FaWiersz',
      'FaWiersz',
      'Platnosc',
      'WarunkiTransakcji',
    ]);
  });

  it('OkresFa instead of P_6 for an invoicing period', () => {
    expect(xmlOf(jstReport())).toContain(
      '<P_2>FV2026/02/170</P_2><OkresFa><P_6_Od>2026-02-01</P_6_Od><P_6_Do>2026-02-28</P_6_Do></OkresFa><P_13_1>',
    );
  });

  it('every bucket in schema order, P_14_x only for 1–5', () => {
    const fa = element(xmlOf(multiRateReport()), 'Fa');
    const names = childNames(fa).filter((name) => /^P_1[345]/.test(name));
    expect(names).toEqual([
      'P_13_1',
      'P_14_1',
      'P_13_2',
      'P_14_2',
      'P_13_6_1',
      'P_13_6_2',
      'P_13_6_3',
      'P_13_7',
      'P_13_8',
      'P_13_9',
      'P_13_10',
      'P_15',
    ]);
  });

  it('the Adnotacje block: the "nothing special" block by default', () => {
    expect(element(xmlOf(vatReport()), 'Adnotacje')).toBe(
      '<Adnotacje><P_16>2</P_16><P_17>2</P_17><P_18>2</P_18><P_18A>2</P_18A><Zwolnienie><P_19N>1</P_19N></Zwolnienie>' +
        '<NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu><P_23>2</P_23><PMarzy><P_PMarzyN>1</P_PMarzyN></PMarzy></Adnotacje>',
    );
  });

  it('the Adnotacje block: flags, exemption (P_19A by default, P_19B by type) and margin scheme', () => {
    const xml = xmlOf({
      ...jstReport(),
      cash_accounting: true,
      self_billing: true,
      reverse_charge: true,
      split_payment: true,
      triangular_procedure: true,
      margin_scheme: '3_1',
      tax_breakdowns: [...(jstReport().tax_breakdowns ?? []), { bucket: '11', taxable_base: '0' }],
    });
    expect(element(xml, 'Adnotacje')).toBe(
      '<Adnotacje><P_16>1</P_16><P_17>1</P_17><P_18>1</P_18><P_18A>1</P_18A>' +
        '<Zwolnienie><P_19>1</P_19><P_19A>art. 43 ust. 1 pkt 37 ustawy VAT</P_19A></Zwolnienie>' +
        '<NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu><P_23>1</P_23>' +
        '<PMarzy><P_PMarzy>1</P_PMarzy><P_PMarzy_3_1>1</P_PMarzy_3_1></PMarzy></Adnotacje>',
    );
    expect(element(xmlOf(multiRateReport()), 'Zwolnienie')).toBe(
      '<Zwolnienie><P_19>1</P_19><P_19B>art. 135 ust. 1 lit. a dyrektywy 2006/112/WE</P_19B></Zwolnienie>',
    );
  });

  it('KOR: DaneFaKorygowanej with NrKSeF=1 + NrKSeFFaKorygowanej, before/after rows with StanPrzed', () => {
    const xml = xmlOf(korReport());
    expect(xml).toContain(
      '<RodzajFaktury>KOR</RodzajFaktury><PrzyczynaKorekty>obniżka ceny</PrzyczynaKorekty><TypKorekty>2</TypKorekty>' +
        `<DaneFaKorygowanej><DataWystFaKorygowanej>2026-02-15</DataWystFaKorygowanej><NrFaKorygowanej>FV2026/02/150</NrFaKorygowanej><NrKSeF>1</NrKSeF><NrKSeFFaKorygowanej>${KSEF_NUMBER}</NrKSeFFaKorygowanej></DaneFaKorygowanej><FaWiersz>`,
    );
    expect(xml).not.toContain('NrKSeFN');
    const rows = elements(xml, 'FaWiersz');
    expect(rows.map((row) => element(row, 'NrWierszaFa'))).toEqual([
      '<NrWierszaFa>1</NrWierszaFa>',
      '<NrWierszaFa>1</NrWierszaFa>',
    ]);
    expect(rows[0]).toMatch(/<P_12>23<\/P_12><StanPrzed>1<\/StanPrzed><\/FaWiersz>$/);
    expect(rows[1]).not.toContain('StanPrzed');
  });

  it('KOR_ZAL: NrKSeFN=1 for an invoice outside KSeF, P_15ZK, order lines with StanPrzedZ', () => {
    const xml = xmlOf(korZalReport());
    expect(element(xml, 'DaneFaKorygowanej')).toBe(
      '<DaneFaKorygowanej><DataWystFaKorygowanej>2026-02-15</DataWystFaKorygowanej><NrFaKorygowanej>FZ2026/02/1</NrFaKorygowanej><NrKSeFN>1</NrKSeFN></DaneFaKorygowanej>',
    );
    expect(xml).toContain('</DaneFaKorygowanej><P_15ZK>20000</P_15ZK><Zamowienie>');
    const rows = elements(xml, 'ZamowienieWiersz');
    expect(rows[0]).toMatch(/<StanPrzedZ>1<\/StanPrzedZ><\/ZamowienieWiersz>$/);
    expect(rows[1]).not.toContain('StanPrzedZ');
  });

  it('P_15ZK only on KOR_ZAL and KOR_ROZ', () => {
    expect(xmlOf(korRozReport())).toContain(
      `</DaneFaKorygowanej><P_15ZK>300000</P_15ZK><FakturaZaliczkowa><NrKSeFFaZaliczkowej>${KSEF_NUMBER_2}</NrKSeFFaZaliczkowej></FakturaZaliczkowa>`,
    );
    expect(xmlOf({ ...korReport(), previous_advance_total: '100' })).not.toContain('P_15ZK');
    expect(xmlOf({ ...rozReport(), previous_advance_total: '100' })).not.toContain('P_15ZK');
  });

  it('ROZ: FakturaZaliczkowa by KSeF number and by number (NrKSeFZN=1)', () => {
    expect(elements(xmlOf(rozReport()), 'FakturaZaliczkowa')).toEqual([
      `<FakturaZaliczkowa><NrKSeFFaZaliczkowej>${KSEF_NUMBER_2}</NrKSeFFaZaliczkowej></FakturaZaliczkowa>`,
      '<FakturaZaliczkowa><NrKSeFZN>1</NrKSeFZN><NrFaZaliczkowej>FZ/2026/01/7</NrFaZaliczkowej></FakturaZaliczkowa>',
    ]);
  });

  it('leaves out prepayment references marked _destroy', () => {
    const xml = xmlOf({
      ...rozReport(),
      prepayment_references: [{ number: 'A' }, { id: 3, _destroy: true }],
    });
    expect(elements(xml, 'FakturaZaliczkowa')).toHaveLength(1);
  });

  it('ZAL: Zamowienie with WartoscZamowienia and order lines, no FaWiersz', () => {
    const xml = xmlOf(zalReport());
    expect(xml).not.toContain('<FaWiersz>');
    expect(element(xml, 'Zamowienie')).toBe(
      '<Zamowienie><WartoscZamowienia>375150</WartoscZamowienia><ZamowienieWiersz><NrWierszaZam>1</NrWierszaZam>' +
        '<P_7Z>dom jednorodzinny</P_7Z><P_8AZ>szt.</P_8AZ><P_8BZ>1</P_8BZ><P_9AZ>305000</P_9AZ><P_11NettoZ>305000</P_11NettoZ>' +
        '<P_11VatZ>70150</P_11VatZ><P_12Z>23</P_12Z></ZamowienieWiersz></Zamowienie>',
    );
    expect(xml).toMatch(/<\/Platnosc><Zamowienie>.*<\/Zamowienie><\/Fa>/);
  });

  it('KursWalutyZ only on a ZAL in a foreign currency, right after P_15', () => {
    const zal = xmlOf({
      ...zalReport(),
      currency: 'EUR',
      exchange_rate: '4.3000',
      tax_breakdowns: [
        { bucket: '1', taxable_base: '16260.16', tax_amount: '3739.84', tax_amount_pln: '16081.31' },
      ],
    });
    expect(zal).toContain(
      '<P_14_1W>16081.31</P_14_1W><P_15>20000</P_15><KursWalutyZ>4.3000</KursWalutyZ><Adnotacje>',
    );
    const vat = xmlOf({ ...eurReport(), exchange_rate: '4.5005' });
    expect(vat).not.toContain('KursWalutyZ');
    expect(xmlOf({ ...zalReport(), exchange_rate: '1' })).not.toContain('KursWalutyZ');
  });

  it('EUR: KursWaluty on each line at a percentage rate (from the line or the report), P_14_1W', () => {
    const xml = xmlOf(eurReport());
    expect(xml).toContain(
      '<P_13_1>13560</P_13_1><P_14_1>3118.80</P_14_1><P_14_1W>14036.16</P_14_1W><P_15>16678.80</P_15>',
    );
    expect(element(xml, 'FaWiersz')).toMatch(/<P_12>23<\/P_12><KursWaluty>4.5005<\/KursWaluty><\/FaWiersz>$/);
    const report = eurReport();
    const defaulted = xmlOf({
      ...report,
      exchange_rate: '4.4',
      lines: [
        { description: 'a', net_amount: '1', tax_category: '23' },
        { description: 'b', net_amount: '1', tax_category: '0 WDT' },
      ],
    });
    const [first, second] = elements(defaulted, 'FaWiersz');
    expect(first).toContain('<KursWaluty>4.4</KursWaluty>');
    expect(second).not.toContain('KursWaluty');
  });

  it('a PLN invoice carries no conversions even when the report has rates', () => {
    const xml = xmlOf({
      ...vatReport(),
      exchange_rate: '1',
      tax_breakdowns: [
        { bucket: '1', taxable_base: '1666.66', tax_amount: '383.33', tax_amount_pln: '383.33' },
        { bucket: '3', taxable_base: '0.95', tax_amount: '0.05' },
      ],
    });
    expect(xml).not.toMatch(/KursWaluty|P_14_1W/);
  });

  it('Platnosc: Zaplacono + DataZaplaty before TerminPlatnosci, FormaPlatnosci, RachunekBankowy', () => {
    expect(element(xmlOf(vatReport()), 'Platnosc')).toBe(
      '<Platnosc><Zaplacono>1</Zaplacono><DataZaplaty>2026-01-27</DataZaplaty><TerminPlatnosci><Termin>2026-03-01</Termin></TerminPlatnosci>' +
        '<FormaPlatnosci>6</FormaPlatnosci><RachunekBankowy><NrRB>PL61109010140000071219812874</NrRB><SWIFT>WBKPPLPP</SWIFT>' +
        '<NazwaBanku>Santander Bank Polska</NazwaBanku></RachunekBankowy></Platnosc>',
    );
    const other = xmlOf({ ...vatReport(), payment_method: null, payment_method_description: 'barter' });
    expect(element(other, 'Platnosc')).toContain(
      '<PlatnoscInna>1</PlatnoscInna><OpisPlatnosci>barter</OpisPlatnosci>',
    );
    expect(xmlOf(uprReport())).not.toContain('<Platnosc>');
  });

  it('WarunkiTransakcji: Umowy and Zamowienia; none without values', () => {
    expect(element(xmlOf(vatReport()), 'WarunkiTransakcji')).toBe(
      '<WarunkiTransakcji><Umowy><DataUmowy>2025-12-01</DataUmowy><NrUmowy>U/2025/7</NrUmowy></Umowy>' +
        '<Zamowienia><DataZamowienia>2026-01-26</DataZamowienia><NrZamowienia>4354343</NrZamowienia></Zamowienia></WarunkiTransakcji>',
    );
    expect(xmlOf({ ...vatReport(), contract_number: null, contract_date: null })).toContain(
      '<WarunkiTransakcji><Zamowienia>',
    );
    expect(xmlOf(uprReport())).not.toContain('WarunkiTransakcji');
  });

  it('WZ, DodatkowyOpis with NrWiersza, FP and TP', () => {
    const xml = xmlOf({
      ...vatReport(),
      related_parties: true,
      additional_info: [{ line_number: 2, key: 'k', value: 'v' }],
    });
    expect(xml).toContain('<P_2>FV2026/02/150</P_2><WZ>WZ 44343434/2026</WZ><P_6>');
    expect(xml).toContain(
      '<RodzajFaktury>VAT</RodzajFaktury><FP>1</FP><TP>1</TP><DodatkowyOpis><NrWiersza>2</NrWiersza><Klucz>k</Klucz><Wartosc>v</Wartosc></DodatkowyOpis><FaWiersz>',
    );
  });

  it('a blank or whitespace-only text is left out, not written empty', () => {
    const xml = xmlOf({
      ...vatReport(),
      issue_place: '   ',
      despatch_advice_reference: '',
      customer_party_email: ' ',
    });
    expect(xml).not.toMatch(/<P_1M>|<WZ>|<Email>jan/);
    expect(xml).not.toMatch(/<([A-Za-z0-9_]+)><\/\1>|<[A-Za-z0-9_]+\/>/);
  });
});

describe('buildFa3: Stopka', () => {
  it('Informacje/StopkaFaktury, then Rejestry with KRS, REGON, BDO in that order', () => {
    expect(element(xmlOf(vatReport()), 'Stopka')).toBe(
      '<Stopka><Informacje><StopkaFaktury>Kapitał zakładowy 5 000 000</StopkaFaktury></Informacje>' +
        '<Rejestry><KRS>0000099999</KRS><REGON>999999999</REGON><BDO>000099999</BDO></Rejestry></Stopka>',
    );
  });

  it('no Stopka without footer text and registers', () => {
    expect(xmlOf(uprReport())).not.toContain('<Stopka>');
    expect(element(xmlOf({ ...uprReport(), supplier_party_bdo: '123' }), 'Stopka')).toBe(
      '<Stopka><Rejestry><BDO>123</BDO></Rejestry></Stopka>',
    );
  });
});
