import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFa3 } from '../../src/ksef/build/buildFa3.js';
import { FA2_NAMESPACE, FA3_NAMESPACE, MAX_FA3_BYTES } from '../../src/ksef/import/guards.js';
import { type Fa3Import, importFa3 } from '../../src/ksef/import/importFa3.js';
import { decodeUtf8Strict, utf8ByteLength } from '../../src/xml/utf8.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import { VARIANT_CORRECTION, VARIANT_SETTLEMENT } from './fa3Variants.js';

/** A small complete FA(3) document (after MF sample 1), so that the guards can be tested without shared/. */
const MINIMAL = `<?xml version="1.0" encoding="UTF-8"?>
<Faktura xmlns="${FA3_NAMESPACE}">
  <Naglowek>
    <KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>
    <WariantFormularza>3</WariantFormularza>
    <DataWytworzeniaFa>2026-02-01T00:00:00Z</DataWytworzeniaFa>
  </Naglowek>
  <Podmiot1>
    <DaneIdentyfikacyjne><NIP>9999999999</NIP><Nazwa>ABC AGD sp. z o. o.</Nazwa></DaneIdentyfikacyjne>
    <Adres><KodKraju>PL</KodKraju><AdresL1>ul. Kwiatowa 1 m. 2</AdresL1><AdresL2>00-001 Warszawa</AdresL2></Adres>
  </Podmiot1>
  <Podmiot2>
    <DaneIdentyfikacyjne><NIP>1111111111</NIP><Nazwa>F.H.U. Jan Kowalski</Nazwa></DaneIdentyfikacyjne>
    <Adres><KodKraju>PL</KodKraju><AdresL1>ul. Polna 1</AdresL1><AdresL2>00-001 Łódź</AdresL2></Adres>
    <JST>2</JST>
    <GV>2</GV>
  </Podmiot2>
  <Fa>
    <KodWaluty>PLN</KodWaluty>
    <P_1>2026-02-15</P_1>
    <P_2>FV2026/02/150</P_2>
    <P_13_1>100</P_13_1>
    <P_14_1>23</P_14_1>
    <P_15>123</P_15>
    <Adnotacje>
      <P_16>2</P_16><P_17>2</P_17><P_18>2</P_18><P_18A>2</P_18A>
      <Zwolnienie><P_19N>1</P_19N></Zwolnienie>
      <NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu>
      <P_23>2</P_23>
      <PMarzy><P_PMarzyN>1</P_PMarzyN></PMarzy>
    </Adnotacje>
    <RodzajFaktury>VAT</RodzajFaktury>
    <FaWiersz>
      <NrWierszaFa>1</NrWierszaFa>
      <P_7>usługa</P_7>
      <P_11>100</P_11>
      <P_12>23</P_12>
    </FaWiersz>
  </Fa>
</Faktura>
`;

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

function issuesOf(input: string | Uint8Array) {
  const result = importFa3(input);
  expect(result.success).toBe(false);
  return result.success ? [] : result.issues;
}

function imported(input: string | Uint8Array): Fa3Import {
  const result = importFa3(input);
  if (!result.success) throw new Error(JSON.stringify(result.issues, null, 2));
  return result.data;
}

/** The one issue a guard answers with. */
function guardIssue(input: string | Uint8Array) {
  const issues = issuesOf(input);
  expect(issues).toHaveLength(1);
  return issues[0];
}

describe('importFa3: the document guards', () => {
  it('accepts the minimal document, as a string and as bytes', () => {
    expect(imported(MINIMAL).report.number).toBe('FV2026/02/150');
    expect(imported(bytes(MINIMAL))).toEqual(imported(MINIMAL));
  });

  it('refuses a document of 3 MB + 1 byte, and not one of exactly 3 MB', () => {
    expect(MAX_FA3_BYTES).toBe(3 * 1024 * 1024);
    const padding = MAX_FA3_BYTES - Buffer.byteLength(MINIMAL, 'utf8') - '<!---->'.length;
    const atLimit = MINIMAL.replace('</Faktura>', `<!--${'x'.repeat(padding)}--></Faktura>`);
    expect(Buffer.byteLength(atLimit, 'utf8')).toBe(MAX_FA3_BYTES);
    expect(importFa3(atLimit).success).toBe(true);
    expect(importFa3(bytes(atLimit)).success).toBe(true);

    const over = atLimit.replace('<!--', '<!-- ');
    expect(Buffer.byteLength(over, 'utf8')).toBe(MAX_FA3_BYTES + 1);
    for (const input of [over, bytes(over)]) {
      const issue = guardIssue(input);
      expect(issue).toMatchObject({ code: 'parameter_invalid', param: 'file' });
      expect(issue?.message).toContain('larger than 3 MB');
    }
  });

  it('counts a string in UTF-8 bytes, not in characters', () => {
    // 1.1 M characters of "ł" are 2.2 MB of UTF-8: over the limit only as bytes.
    const polish = MINIMAL.replace('</Faktura>', `<!--${'ł'.repeat(1_600_000)}--></Faktura>`);
    expect(polish.length).toBeLessThan(MAX_FA3_BYTES);
    expect(guardIssue(polish)?.message).toContain('larger than 3 MB');
    expect(utf8ByteLength('zło€😀')).toBe(Buffer.byteLength('zło€😀', 'utf8'));
  });

  it('refuses a BOM, as bytes and as U+FEFF', () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(MINIMAL)]);
    expect(guardIssue(withBom)).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(guardIssue(withBom)?.message).toContain('byte-order mark');
    const issue = guardIssue(`\uFEFF${MINIMAL}`);
    expect(issue).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(issue?.message).toContain('U+FEFF');
  });

  it('refuses Latin-2 bytes (KSeF reads UTF-8 only)', () => {
    // "Łódź" in ISO-8859-2: A3 F3 64 BC.
    const [before, after] = MINIMAL.split('Łódź');
    const latin2 = new Uint8Array([...bytes(before ?? ''), 0xa3, 0xf3, 0x64, 0xbc, ...bytes(after ?? '')]);
    const issue = guardIssue(latin2);
    expect(issue).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(issue?.message).toContain('is not UTF-8');
    expect(issue?.message).toContain(`at byte ${String(bytes(before ?? '').length)}`);
  });

  it('refuses overlong UTF-8', () => {
    // C1 81 is an overlong "A".
    const [before, after] = MINIMAL.split('usługa');
    const overlong = new Uint8Array([...bytes(before ?? ''), 0xc1, 0x81, ...bytes(after ?? '')]);
    const issue = guardIssue(overlong);
    expect(issue).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(issue?.message).toContain('overlong');
  });

  it('decodes UTF-8 strictly (overlongs, surrogates, truncation, range)', () => {
    const decode = (...values: number[]) => decodeUtf8Strict(Uint8Array.from(values));
    expect(decode(0x7a, 0xc5, 0x82, 0x6f)).toEqual({ ok: true, text: 'zło' });
    expect(decode(0xf0, 0x9f, 0x98, 0x80)).toEqual({ ok: true, text: '😀' });
    expect(decode(0xef, 0xbf, 0xbd)).toEqual({ ok: true, text: '\uFFFD' });
    const reason = (...values: number[]) => {
      const result = decode(...values);
      return result.ok ? 'ok' : result.error.reason;
    };
    expect(reason(0xc0, 0xaf)).toContain('overlong');
    expect(reason(0xe0, 0x80, 0xaf)).toContain('overlong');
    expect(reason(0xf0, 0x80, 0x80, 0xaf)).toContain('overlong');
    expect(reason(0xed, 0xa0, 0x80)).toContain('surrogate');
    expect(reason(0xf4, 0x90, 0x80, 0x80)).toContain('above U+10FFFF');
    expect(reason(0xe2, 0x82)).toContain('truncated');
    expect(reason(0xe2, 0x82, 0x41)).toContain('truncated');
    expect(reason(0x80)).toContain('continuation');
    expect(reason(0xff)).toContain('never occurs');
    const long = new Uint8Array(100_000).fill(0x61);
    expect(decodeUtf8Strict(long)).toEqual({ ok: true, text: 'a'.repeat(100_000) });
  });

  it('refuses a string with a lone surrogate', () => {
    const issue = guardIssue(MINIMAL.replace('usługa', 'us\uD800ga'));
    expect(issue).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(issue?.message).toContain('lone UTF-16 surrogate');
  });

  it('refuses an XML declaration naming another encoding', () => {
    const ascii = MINIMAL.replace('Łódź', 'Lodz').replace('usługa', 'usluga');
    const declared = ascii.replace('encoding="UTF-8"', 'encoding="ISO-8859-2"');
    for (const input of [declared, bytes(declared)]) {
      const issue = guardIssue(input);
      expect(issue).toMatchObject({ code: 'parameter_invalid', param: 'file' });
      expect(issue?.message).toContain('encoding="ISO-8859-2"');
    }
    expect(importFa3(ascii.replace('encoding="UTF-8"', "encoding='utf-8'")).success).toBe(true);
    expect(importFa3(ascii.replace(' encoding="UTF-8"', '')).success).toBe(true);
  });

  it('refuses a DOCTYPE', () => {
    const doctype = MINIMAL.replace('<Faktura', '<!DOCTYPE Faktura>\n<Faktura');
    const issue = guardIssue(doctype);
    expect(issue).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(issue?.message).toContain('DOCTYPE declaration (line 2, column 1)');
  });

  it('refuses an ENTITY declaration, and a billion-laughs document fast and unexpanded', () => {
    const entity = MINIMAL.replace('<Naglowek>', '<Naglowek><!ENTITY x "y">');
    expect(guardIssue(entity)?.message).toContain('an ENTITY declaration');

    const levels = ['<!ENTITY lol0 "lol">'];
    for (let level = 1; level <= 9; level++) {
      levels.push(`<!ENTITY lol${String(level)} "${`&lol${String(level - 1)};`.repeat(10)}">`);
    }
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE Faktura [\n${levels.join('\n')}\n]>\n${MINIMAL.replace(
      '<?xml version="1.0" encoding="UTF-8"?>\n',
      '',
    ).replace('FV2026/02/150', '&lol9;')}`;
    // Unexpanded is checked by what comes back, not by a clock (speeds belong in benchmarks).
    const result = importFa3(bomb);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.issues).toEqual([
        expect.objectContaining({
          code: 'parameter_invalid',
          param: 'file',
          message: expect.stringContaining('DOCTYPE'),
        }),
      ]);
      expect(JSON.stringify(result.issues)).not.toContain('lollollol');
    }
  });

  it('refuses malformed XML, with the line and column', () => {
    const broken = MINIMAL.replace('</Naglowek>', '</Naglowk>');
    const issue = guardIssue(broken);
    expect(issue).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(issue?.message).toMatch(/not well-formed XML: unexpected close tag \(line 7, column \d+\)/);
    // Text without any element fails the root check, which runs before the parse.
    expect(guardIssue('not xml at all')?.message).toBe('file has no root element');
    expect(guardIssue('')?.message).toBe('file has no root element');
  });

  it('refuses undeclared entities and bad references, decodes the predefined ones and character references', () => {
    expect(guardIssue(MINIMAL.replace('usługa', 'us&nbsp;ga'))?.message).toContain('&nbsp; is not declared');
    expect(guardIssue(MINIMAL.replace('usługa', 'A & B'))?.message).toContain('not well-formed XML');
    expect(guardIssue(MINIMAL.replace('usługa', 'A &B'))?.message).toContain('not well-formed XML');
    expect(guardIssue(MINIMAL.replace('usługa', 'x&#0;'))?.message).toContain('names no XML character');
    expect(guardIssue(MINIMAL.replace('usługa', 'x\u0001'))?.message).toContain('U+0001');
    const decoded = imported(
      MINIMAL.replace('usługa', 'us&#322;uga &amp; &lt;wniesienie&gt; &#x141;&apos;&quot;'),
    );
    expect(decoded.report.lines?.[0]?.description).toBe('usługa & <wniesienie> Ł\'"');
    expect(imported(MINIMAL.replace('usługa', '<![CDATA[a &amp; b]]>')).report.lines?.[0]?.description).toBe(
      'a &amp; b',
    );
  });

  it('refuses a second root element', () => {
    expect(guardIssue(`${MINIMAL}<Faktura/>`)?.message).toContain('may contain only one root');
    expect(guardIssue(`${MINIMAL}<Other/>`)?.message).toMatch(
      /may contain only one root \(line \d+, column \d+\)/,
    );
  });

  it('decodes a character reference with leading zeros, and survives prototype names', () => {
    expect(imported(MINIMAL.replace('usługa', '&#0000000000087;')).report.lines?.[0]?.description).toBe('W');
    const polluting = MINIMAL.replace('<P_7>', '<__proto__><x>1</x></__proto__><P_7>');
    // An unknown element like any other: read into a prototype-free object, listed as ignored.
    expect(imported(polluting).ignored).toContain('Fa/FaWiersz/__proto__');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses the FA(2) namespace, naming FA(2)', () => {
    const issue = guardIssue(MINIMAL.replace(FA3_NAMESPACE, FA2_NAMESPACE));
    expect(issue).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(issue?.message).toContain('is an FA(2) document');
  });

  it('refuses another root, and Faktura in another or no namespace', () => {
    const invoice = guardIssue('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
    expect(invoice).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(invoice?.message).toContain('root element <Invoice>');
    expect(guardIssue(MINIMAL.replace(` xmlns="${FA3_NAMESPACE}"`, ''))?.message).toContain(
      'in no namespace',
    );
    expect(guardIssue(MINIMAL.replace(FA3_NAMESPACE, 'urn:other'))?.message).toContain(
      'the namespace urn:other',
    );
  });

  it('refuses kodSystemowy FA(3) without the space, and another wersjaSchemy, at Naglowek/KodFormularza', () => {
    const noSpace = guardIssue(MINIMAL.replace('kodSystemowy="FA (3)"', 'kodSystemowy="FA(3)"'));
    expect(noSpace).toMatchObject({ code: 'parameter_invalid', param: 'Naglowek/KodFormularza' });
    expect(noSpace?.message).toContain('"FA(3)"');
    const version = guardIssue(MINIMAL.replace('wersjaSchemy="1-0E"', 'wersjaSchemy="1-0D"'));
    expect(version).toMatchObject({ code: 'parameter_invalid', param: 'Naglowek/KodFormularza' });
    expect(version?.message).toContain('"1-0D"');
  });

  it('accepts a prefixed namespace (<tns:Faktura xmlns:tns="…">) like the default one', () => {
    const prefixed = MINIMAL.replace(/<(\/?)([A-Z])/g, '<$1tns:$2').replace(
      `xmlns="${FA3_NAMESPACE}"`,
      `xmlns:tns="${FA3_NAMESPACE}"`,
    );
    expect(prefixed).toContain('<tns:Faktura xmlns:tns=');
    expect(imported(prefixed)).toEqual(imported(MINIMAL));
    // The prefix must be bound to the FA(3) namespace, not the default one.
    const unbound = prefixed.replace(
      `xmlns:tns="${FA3_NAMESPACE}"`,
      `xmlns="${FA3_NAMESPACE}" xmlns:tns="urn:x"`,
    );
    expect(guardIssue(unbound)?.message).toContain('the namespace urn:x');
  });

  it('refuses input that is neither a string nor bytes, and never throws', () => {
    expect(guardIssue(42 as unknown as string)).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    for (let length = 0; length < MINIMAL.length; length += 37) {
      expect(() => importFa3(MINIMAL.slice(0, length))).not.toThrow();
      expect(importFa3(MINIMAL.slice(0, length)).success).toBe(false);
    }
  });
});

describe('importFa3: structure', () => {
  it('answers a missing mandatory element at its XML path', () => {
    expect(issuesOf(MINIMAL.replace('<P_2>FV2026/02/150</P_2>', ''))).toEqual([
      {
        rule: 'xml.schema.required-element',
        code: 'parameter_blank',
        param: 'Fa/P_2',
        message: 'Fa/P_2 is required: the element is mandatory in FA(3)',
      },
    ]);
    expect(issuesOf(MINIMAL.replace('<GV>2</GV>', '').replace('<NrWierszaFa>1</NrWierszaFa>', ''))).toEqual([
      expect.objectContaining({ code: 'parameter_blank', param: 'Podmiot2/GV' }),
      expect.objectContaining({ code: 'parameter_blank', param: 'Fa/FaWiersz[1]/NrWierszaFa' }),
    ]);
    expect(issuesOf(MINIMAL.replace('<JST>2</JST>', '<JST>3</JST>'))).toEqual([
      expect.objectContaining({ code: 'parameter_invalid', param: 'Podmiot2/JST' }),
    ]);
  });

  it('answers a value the report refuses at the element it came from', () => {
    expect(issuesOf(MINIMAL.replace('<P_12>23</P_12>', '<P_12>0</P_12>'))).toEqual([
      expect.objectContaining({
        code: 'parameter_inclusion',
        param: 'Fa/FaWiersz[1]/P_12',
        message: expect.stringContaining('Fa/FaWiersz[1]/P_12 (lines[0].tax_category) must be one of'),
      }),
    ]);
    expect(issuesOf(MINIMAL.replace('<P_15>123</P_15>', '<P_15>1.234</P_15>'))).toEqual([
      expect.objectContaining({ code: 'parameter_invalid', param: 'Fa/P_15' }),
    ]);
  });

  it('lists what the report has no field for, and occurrences beyond the first it holds once', () => {
    const extra = MINIMAL.replace(
      '<P_2>FV2026/02/150</P_2>',
      '<P_2>FV2026/02/150</P_2><WZ>WZ/1</WZ><WZ>WZ/2</WZ><WZ>WZ/3</WZ>',
    ).replace('</Fa>', '<Rozliczenie><DoZaplaty>123</DoZaplaty></Rozliczenie></Fa><Zalacznik/>');
    const { report, ignored } = imported(extra);
    expect(report.despatch_advice_reference).toBe('WZ/1');
    expect(ignored).toEqual([
      'Naglowek/DataWytworzeniaFa',
      'Fa/WZ[2]',
      'Fa/WZ[3]',
      'Fa/Rozliczenie',
      'Zalacznik',
    ]);
  });
});

describe('importFa3: what the samples do not show', () => {
  it('reads IDWew, an EU VAT third party, NrID without Adres, BrakID, P_19B, NrKSeFN, and lists RolaInna', () => {
    const { report, ignored } = imported(VARIANT_CORRECTION);
    expect(report).toMatchObject({
      invoice_type_code: 'KOR',
      supplier_party_vat_prefix: true,
      supplier_contact_email: 'abc@abc.pl',
      customer_party_id_type: 'none',
      customer_party_name: 'Jan Kowalski',
      third_party_role: '2',
      third_party_id: '9999999999-00001',
      third_party_scheme: 'IDWew',
      additional_third_parties: [
        { role: '6', tax_id: 'DE123456789', tax_scheme: 'VAT', country: 'DE', city: '10115 Berlin' },
        { role: '1', tax_id: 'X-77', tax_scheme: 'OTHER', country: 'US', name: 'Factor Inc.' },
      ],
      cash_accounting: true,
      self_billing: true,
      split_payment: true,
      exemption_basis: 'art. 132 ust. 1 lit. i dyrektywy 2006/112/WE',
      exemption_basis_type: 'B',
      corrected_invoices: [{ date: '2025-12-30', number: 'FV/2025/12/9', registration_code: null }],
      corrected_period: 'grudzień 2025',
      related_parties: true,
      additional_info: [{ line_number: 1, key: 'uwaga', value: 'rabat za grudzień' }],
      total_amount: '-100',
    });
    expect(report.customer_party_tax_id).toBeUndefined();
    expect(report.supplier_contact_phone).toBeUndefined();
    expect(ignored).toEqual([
      'Naglowek/DataWytworzeniaFa',
      'Naglowek/SystemInfo',
      'Podmiot1/NrEORI',
      'Podmiot1/Adres/GLN',
      'Podmiot1/DaneKontaktowe[2]',
      'Podmiot3[4]',
      'Fa/FaWiersz/P_12_Zal_15',
    ]);
  });

  it('reads NrKSeFZN advances, PlatnoscInna, bank accounts, the first contract and footer', () => {
    const { report, ignored } = imported(VARIANT_SETTLEMENT);
    expect(report).toMatchObject({
      invoice_type_code: 'ROZ',
      prepayment_references: [
        { number: 'FZ/2026/01/1' },
        { registration_code: '9999999999-20260115-8BEF280C8D35-4D' },
      ],
      payment_method_description: 'kompensata',
      due_date: '2026-03-16',
      bank_accounts: [
        { account_number: 'PL61109010140000071219812874', bic: 'WBKPPLPP', bank_name: 'Bank' },
        { account_number: 'PL27114020040000300201355387' },
      ],
      contract_date: '2026-01-10',
      contract_number: 'U/1',
      purchase_order_number: 'Z/1',
      footer_text: 'Kapitał zakładowy 5 000 000 zł',
      supplier_party_regon: '999999999',
    });
    expect(report.lines?.[0]).toMatchObject({
      price: '800.12345678',
      quantity: '2.5',
      gtin: '05901234123457',
    });
    expect(report.payment_method).toBeUndefined();
    expect(ignored).toEqual([
      'Naglowek/DataWytworzeniaFa',
      'Naglowek/SystemInfo',
      'Fa/Platnosc/LinkDoPlatnosci',
      'Fa/WarunkiTransakcji/Umowy[2]',
      'Stopka/Informacje[2]',
      'Stopka/Rejestry/PelnaNazwa',
    ]);
  });

  it('lists a Podmiot3 with RolaInna as a whole, wherever it stands; the next one with a Rola is the flat one', () => {
    const courier =
      '<Podmiot3><DaneIdentyfikacyjne><NIP>2222222222</NIP><Nazwa>Kurier</Nazwa></DaneIdentyfikacyjne>' +
      '<RolaInna>1</RolaInna><OpisRoli>przewoźnik</OpisRoli></Podmiot3>';
    const payer =
      '<Podmiot3><DaneIdentyfikacyjne><NIP>3333333333</NIP><Nazwa>Płatnik</Nazwa></DaneIdentyfikacyjne>' +
      '<Rola>6</Rola></Podmiot3>';
    const alone = imported(MINIMAL.replace('<Fa>', `${courier}<Fa>`));
    expect(alone.report.third_party_name).toBeUndefined();
    expect(alone.ignored).toEqual(['Naglowek/DataWytworzeniaFa', 'Podmiot3[1]']);
    const before = imported(MINIMAL.replace('<Fa>', `${courier}${payer}<Fa>`));
    expect(before.report).toMatchObject({ third_party_name: 'Płatnik', third_party_role: '6' });
    expect(before.report.additional_third_parties ?? []).toEqual([]);
    expect(before.ignored).toContain('Podmiot3[1]');
    // The report builds again (a role-less flat third party could not be written back).
    expect(buildFa3(before.report, { now: new Date('2026-02-01T12:00:00Z') }).success).toBe(true);
    const roleless = MINIMAL.replace(
      '<Fa>',
      `${courier.replace('<RolaInna>1</RolaInna><OpisRoli>przewoźnik</OpisRoli>', '')}<Fa>`,
    );
    expect(issuesOf(roleless)).toEqual([
      expect.objectContaining({ code: 'parameter_blank', param: 'Podmiot3[1]/Rola' }),
    ]);
  });

  it('reads KursWalutyZ only on a ZAL in another currency; elsewhere it is listed, never made a line rate', () => {
    const vat = MINIMAL.replace(/(<P_15>[^<]*<\/P_15>)/, '$1<KursWalutyZ>4.1234</KursWalutyZ>');
    const read = imported(vat);
    expect(read.report.exchange_rate).toBeUndefined();
    expect(read.ignored).toContain('Fa/KursWalutyZ');
  });

  it('lists new means of transport as a whole, and an id country that differs from the address', () => {
    const transport = VARIANT_SETTLEMENT.replace(
      '<NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu>',
      '<NoweSrodkiTransportu><P_22>1</P_22><P_42_5>2</P_42_5><NowySrodekTransportu><P_22A>2026-01-01</P_22A>' +
        '<P_NrWierszaNST>1</P_NrWierszaNST><P_22B>100</P_22B></NowySrodekTransportu></NoweSrodkiTransportu>',
    );
    expect(imported(transport).ignored).toContain('Fa/Adnotacje/NoweSrodkiTransportu');
    const other = VARIANT_SETTLEMENT.replace(
      '<NIP>1111111111</NIP>',
      '<KodKraju>US</KodKraju><NrID>999</NrID>',
    );
    const { report, ignored } = imported(other);
    expect(report).toMatchObject({
      customer_party_id_type: 'other',
      customer_party_tax_id: '999',
      customer_party_country: 'PL',
    });
    expect(ignored).toContain('Podmiot2/DaneIdentyfikacyjne/KodKraju');
  });
});

describe.skipIf(!hasShared)('importFa3: the samples', () => {
  const sample = (folder: string, file: string) =>
    imported(readFileSync(join(SHARED_DIR, 'samples', 'ksef', folder, file)));
  const mf = (number: number) =>
    sample(
      'official-mf',
      `${[14, 17, 18, 19, 20].includes(number) ? 'Fa' : 'FA'}_3_Przykład_${String(number)}.xml`,
    );

  it('MF 1: every header field, amounts as the document writes them', () => {
    const { report, ignored } = mf(1);
    expect(report).toMatchObject({
      type: 'Ksef',
      invoice_type_code: 'VAT',
      supplier_party_tax_id: '9999999999',
      supplier_party_name: 'ABC AGD sp. z o. o.',
      supplier_party_country: 'PL',
      supplier_party_address: 'ul. Kwiatowa 1 m. 2',
      supplier_party_postalcode: '00-001',
      supplier_party_city: 'Warszawa',
      supplier_contact_email: 'abc@abc.pl',
      supplier_contact_phone: '667444555',
      customer_party_id_type: 'nip',
      customer_party_tax_id: '1111111111',
      customer_party_name: 'F.H.U. Jan Kowalski',
      customer_party_email: 'jan@kowalski.pl',
      customer_party_phone: '555777999',
      customer_party_number: 'fdfd778343',
      customer_party_jst: false,
      customer_party_gv: false,
      currency: 'PLN',
      date: '2026-02-15',
      issue_place: 'Warszawa',
      number: 'FV2026/02/150',
      tax_point_date: '2026-01-27',
      tax_breakdowns: [
        { bucket: '1', taxable_base: '1666.66', tax_amount: '383.33' },
        { bucket: '3', taxable_base: '0.95', tax_amount: '0.05' },
      ],
      total_amount: '2051',
      cash_accounting: false,
      self_billing: false,
      reverse_charge: false,
      split_payment: false,
      triangular_procedure: false,
      receipt_invoice: true,
      additional_info: [{ key: 'preferowane godziny dowozu', value: 'dni robocze 17:00 - 20:00' }],
      paid: true,
      payment_date: '2026-01-27',
      payment_method: '6',
      purchase_order_date: '2026-01-26',
      purchase_order_number: '4354343',
      footer_text: 'Kapiał zakładowy 5 000 000',
      supplier_party_krs: '0000099999',
      supplier_party_regon: '999999999',
      supplier_party_bdo: '000099999',
    });
    expect(report.lines).toHaveLength(3);
    expect(report.lines?.[0]).toEqual({
      line_number: 1,
      uuid: 'aaaa111133339990',
      description: 'lodówka Zimnotech mk1',
      unit: 'szt.',
      quantity: '1',
      price: '1626.01',
      net_amount: '1626.01',
      tax_category: '23',
    });
    expect(report.exemption_basis).toBeUndefined();
    expect(report.margin_scheme).toBeUndefined();
    expect(ignored).toEqual(['Naglowek/DataWytworzeniaFa', 'Naglowek/SystemInfo']);
  });

  it('MF 2: a correction with a before/after pair of lines', () => {
    const { report } = mf(2);
    expect(report).toMatchObject({
      invoice_type_code: 'KOR',
      correction_type: '3',
      total_amount: '-200',
      corrected_invoices: [
        {
          date: '2026-02-15',
          number: 'FV2026/02/150',
          registration_code: '9999999999-20230908-8BEF280C8D35-4D',
        },
      ],
    });
    expect(report.correction_reason).toBeTruthy();
    expect(report.lines?.map((line) => [line.line_number, line.net_amount, line.before_correction])).toEqual([
      [1, '1626.01', true],
      [1, '1463.41', undefined],
    ]);
  });

  it('MF 3: a negative difference line keeps its text', () => {
    const { report } = mf(3);
    expect(report.tax_breakdowns?.[0]).toEqual({
      bucket: '1',
      taxable_base: '-162.60',
      tax_amount: '-37.40',
    });
    expect(report.lines?.[0]).toMatchObject({ price: '-162.60', net_amount: '-162.60' });
  });

  it('MF 9: a JST buyer, Podmiot3 role 8, an exempt line with P_19A', () => {
    const { report } = mf(9);
    expect(report).toMatchObject({
      customer_party_jst: true,
      customer_party_gv: false,
      customer_party_name: 'Gmina Bzdziszewo',
      third_party_role: '8',
      third_party_tax_id: '2222222222',
      third_party_tax_scheme: 'NIP',
      third_party_name: 'Szkoła Podstawowa w Bzdziszewie',
      third_party_country: 'PL',
      third_party_address: 'ul. Akacjowa 200',
      third_party_postalcode: '00-007',
      third_party_city: 'Bzdziszewo',
      invoicing_period_start: '2026-01-01',
      invoicing_period_end: '2026-01-01',
      exemption_basis: 'art. 43 ust. 1 pkt 37 ustawy VAT',
      exemption_basis_type: 'A',
      tax_breakdowns: [
        { bucket: '1', taxable_base: '2000', tax_amount: '460' },
        { bucket: '7', taxable_base: '300' },
      ],
    });
    expect(report.lines?.map((line) => line.tax_category)).toEqual(['23', 'zw']);
    expect(report.additional_third_parties).toBeUndefined();
  });

  it('MF 10: an advance with order lines and a co-buyer share', () => {
    const { report } = mf(10);
    expect(report).toMatchObject({
      invoice_type_code: 'ZAL',
      order_total_amount: '375150',
      total_amount: '20000',
      third_party_role: '4',
      third_party_share: '50',
    });
    expect(report.lines).toBeUndefined();
    expect(report.order_lines).toEqual([
      {
        line_number: 1,
        uuid: 'aaaa111133339990',
        description: 'mieszkanie 50m^2',
        unit: 'szt.',
        quantity: '1',
        price: '300000',
        net_amount: '300000',
        tax_amount: '69000',
        tax_category: '23',
      },
      {
        line_number: 2,
        uuid: 'aaaa111133339991',
        description: 'usługi dodatkowe',
        unit: 'szt.',
        quantity: '1',
        price: '5000',
        net_amount: '5000',
        tax_amount: '1150',
        tax_category: '23',
      },
    ]);
  });

  it('MF 11: a KOR_ZAL with before/after order lines and P_15ZK', () => {
    const { report } = mf(11);
    expect(report.previous_advance_total).toBe('20000');
    expect(report.order_lines?.filter((line) => line.before_correction === true)).toHaveLength(2);
  });

  it('MF 14: two Podmiot3 and a FakturaZaliczkowa', () => {
    const { report, ignored } = mf(14);
    expect(report).toMatchObject({
      invoice_type_code: 'ROZ',
      third_party_role: '4',
      third_party_share: '50',
      third_party_tax_id: '3333333333',
      additional_third_parties: [
        {
          role: '3',
          name: 'ABC Developex sp. z o.o.',
          tax_id: '9999999999',
          tax_scheme: 'NIP',
          country: 'PL',
          address: 'ul. Sadowa 1 lok. 3',
          postalcode: '00-002',
          city: 'Kraków',
        },
      ],
      prepayment_references: [{ registration_code: '9999999999-20230908-8BEF280C8D35-4D' }],
      total_amount: '307635',
    });
    expect(report.lines?.[0]?.gtu).toBe('GTU_10');
    expect(ignored).toContain('Podmiot3/DaneKontaktowe');
    expect(ignored).toContain('Fa/Platnosc/TerminPlatnosci[2]');
  });

  it('MF 15: a simplified invoice whose buyer is a bare NIP', () => {
    const { report } = mf(15);
    expect(report.invoice_type_code).toBe('UPR');
    expect(report).toMatchObject({ customer_party_id_type: 'nip', customer_party_tax_id: '1111111111' });
    for (const field of [
      'customer_party_name',
      'customer_party_address',
      'customer_party_country',
    ] as const) {
      expect(report[field]).toBeUndefined();
    }
  });

  it('MF 20: EUR with a per-line KursWaluty and P_14_1W', () => {
    const { report, ignored } = mf(20);
    expect(report.currency).toBe('EUR');
    expect(report.tax_breakdowns).toEqual([
      { bucket: '1', taxable_base: '13560', tax_amount: '3118.80', tax_amount_pln: '14036.16' },
    ]);
    expect(report.lines?.map((line) => line.exchange_rate)).toEqual(['4.5005', '4.5005', '4.5005']);
    expect(report.lines?.[0]?.tax_point_date).toBe('2026-02-20');
    expect(report.exchange_rate).toBeUndefined();
    expect(ignored).toContain('Fa/Platnosc/RachunekBankowyFaktora');
  });

  it('MF 22: a WDT buyer by KodUE + NrVatUE, the seller with PrefiksPodatnika', () => {
    const { report } = mf(22);
    expect(report).toMatchObject({
      supplier_party_vat_prefix: true,
      customer_party_id_type: 'eu_vat',
      customer_party_tax_id: 'DE999999999',
      customer_party_country: 'DE',
      customer_party_city: '10999 Berlin',
      tax_breakdowns: [{ bucket: '6_2', taxable_base: '4000' }],
    });
    expect(report.customer_party_postalcode).toBeUndefined();
  });

  it('MF 23: an export buyer by KodKraju + NrID', () => {
    const { report } = mf(23);
    expect(report).toMatchObject({
      currency: 'USD',
      customer_party_id_type: 'other',
      customer_party_tax_id: '999999999',
      customer_party_country: 'US',
      tax_breakdowns: [{ bucket: '6_3', taxable_base: '8000' }],
    });
  });

  it('MF 8 and 19: the margin scheme', () => {
    expect(mf(8).report.margin_scheme).toBe('3_1');
    expect(mf(19).report.margin_scheme).toBe('2');
    expect(mf(8).report.lines?.[0]).toMatchObject({
      gross_price: expect.any(String),
      gross_amount: expect.any(String),
    });
  });

  it('MF 5: the corrected buyer data (Podmiot2K) are listed in ignored', () => {
    const { report, ignored } = mf(5);
    expect(report.total_amount).toBe('0');
    expect(ignored).toContain('Fa/Podmiot2K');
    expect(ignored).toContain('Podmiot2/IDNabywcy');
  });

  it('MF 4: transport and settlement are listed in ignored; the WZ is the despatch advice', () => {
    const { report, ignored } = mf(4);
    expect(report.despatch_advice_reference).toBe('44343434/2026');
    expect(report.third_party_role).toBe('1');
    expect(report.lines?.[1]?.discount).toBe('100');
    expect(ignored).toEqual(
      expect.arrayContaining([
        'Fa/Rozliczenie',
        'Fa/WarunkiTransakcji/Transport',
        'Fa/WarunkiTransakcji/NrPartiiTowaru',
        'Fa/WarunkiTransakcji/WarunkiDostawy',
        'Fa/Platnosc/RachunekBankowyFaktora',
      ]),
    );
  });

  it('MF 24: the attachment is listed in ignored', () => {
    expect(mf(24).ignored).toEqual(expect.arrayContaining(['Zalacznik', 'Fa/Rozliczenie']));
  });

  it('KSEF_07: a net WartoscZamowienia imports as the document states it (no business rules)', () => {
    const { report } = sample('third-party-ksef2', 'KSEF_07_KOR_ZAL_A.xml');
    expect(report.order_total_amount).toBe('406504.07');
    expect(report.invoice_type_code).toBe('KOR_ZAL');
  });

  it('the GOBL files import: a GV and a JST buyer, Podmiot3 by NrID only', () => {
    const gv = sample('third-party-gobl', 'invoice-group-vat.xml').report;
    expect(gv).toMatchObject({ customer_party_gv: true, customer_party_jst: false, third_party_role: '10' });
    expect(gv.third_party_tax_scheme).toBe('OTHER');
    expect(gv.total_amount).toBe('6150.00');
    const jst = sample('third-party-gobl', 'invoice-jst-customer.xml').report;
    expect(jst).toMatchObject({
      customer_party_jst: true,
      third_party_role: '8',
      third_party_tax_id: 'JST-WARSAW-2025',
      third_party_tax_scheme: 'OTHER',
      supplier_party_vat_prefix: true,
      supplier_party_address: 'ul. Główna 1, 00-001, Warsaw',
      total_amount: '61500.00',
    });
    expect(jst.supplier_party_city).toBeUndefined();
  });
});
