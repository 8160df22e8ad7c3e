/**
 * Schema-valid FA(3) documents with what none of the 40 samples has: `IDWew`, a third party by EU VAT
 * number, `BrakID`, `RolaInna`, an exemption under the directive (`P_19B`), a correction of an
 * invoice issued outside KSeF (`NrKSeFN`), an advance invoice issued outside KSeF (`NrKSeFZN`), another
 * payment method (`PlatnoscInna`), repeated blocks the report holds once. Shared by the import tests
 * and the round trip through the builder.
 */
import { FA3_NAMESPACE } from '../../src/ksef/import/guards.js';

const HEADER = `<?xml version="1.0" encoding="UTF-8"?>
<Faktura xmlns="${FA3_NAMESPACE}">
  <Naglowek>
    <KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>
    <WariantFormularza>3</WariantFormularza>
    <DataWytworzeniaFa>2026-02-01T00:00:00Z</DataWytworzeniaFa>
    <SystemInfo>test</SystemInfo>
  </Naglowek>`;

const ADNOTACJE = (exemption: string) => `<Adnotacje>
      <P_16>1</P_16><P_17>1</P_17><P_18>2</P_18><P_18A>1</P_18A>
      <Zwolnienie>${exemption}</Zwolnienie>
      <NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu>
      <P_23>2</P_23>
      <PMarzy><P_PMarzyN>1</P_PMarzyN></PMarzy>
    </Adnotacje>`;

/** A KOR of an exempt invoice issued outside KSeF, with four third parties identified four ways. */
export const VARIANT_CORRECTION = `${HEADER}
  <Podmiot1>
    <PrefiksPodatnika>PL</PrefiksPodatnika>
    <NrEORI>PL999999999900000</NrEORI>
    <DaneIdentyfikacyjne><NIP>9999999999</NIP><Nazwa>ABC AGD sp. z o. o.</Nazwa></DaneIdentyfikacyjne>
    <Adres><KodKraju>PL</KodKraju><AdresL1>ul. Kwiatowa 1 m. 2</AdresL1><AdresL2>00-001 Warszawa</AdresL2><GLN>5901234123457</GLN></Adres>
    <DaneKontaktowe><Email>abc@abc.pl</Email></DaneKontaktowe>
    <DaneKontaktowe><Telefon>667444555</Telefon></DaneKontaktowe>
  </Podmiot1>
  <Podmiot2>
    <DaneIdentyfikacyjne><BrakID>1</BrakID><Nazwa>Jan Kowalski</Nazwa></DaneIdentyfikacyjne>
    <Adres><KodKraju>PL</KodKraju><AdresL1>ul. Polna 1</AdresL1><AdresL2>00-001 Warszawa</AdresL2></Adres>
    <NrKlienta>K-1</NrKlienta>
    <JST>2</JST>
    <GV>2</GV>
  </Podmiot2>
  <Podmiot3>
    <DaneIdentyfikacyjne><IDWew>9999999999-00001</IDWew><Nazwa>Oddział Kraków</Nazwa></DaneIdentyfikacyjne>
    <Adres><KodKraju>PL</KodKraju><AdresL1>ul. Sadowa 1</AdresL1><AdresL2>00-002 Kraków</AdresL2></Adres>
    <Rola>2</Rola>
  </Podmiot3>
  <Podmiot3>
    <DaneIdentyfikacyjne><KodUE>DE</KodUE><NrVatUE>123456789</NrVatUE><Nazwa>Zahler GmbH</Nazwa></DaneIdentyfikacyjne>
    <Adres><KodKraju>DE</KodKraju><AdresL1>Hauptstraße 1</AdresL1><AdresL2>10115 Berlin</AdresL2></Adres>
    <Rola>6</Rola>
  </Podmiot3>
  <Podmiot3>
    <DaneIdentyfikacyjne><KodKraju>US</KodKraju><NrID>X-77</NrID><Nazwa>Factor Inc.</Nazwa></DaneIdentyfikacyjne>
    <Rola>1</Rola>
  </Podmiot3>
  <Podmiot3>
    <DaneIdentyfikacyjne><BrakID>1</BrakID><Nazwa>Kurier</Nazwa></DaneIdentyfikacyjne>
    <RolaInna>1</RolaInna>
    <OpisRoli>przewoźnik</OpisRoli>
  </Podmiot3>
  <Fa>
    <KodWaluty>PLN</KodWaluty>
    <P_1>2026-03-02</P_1>
    <P_2>FK/2026/03/1</P_2>
    <P_6>2026-02-27</P_6>
    <P_13_7>-100</P_13_7>
    <P_15>-100</P_15>
    ${ADNOTACJE('<P_19>1</P_19><P_19B>art. 132 ust. 1 lit. i dyrektywy 2006/112/WE</P_19B>')}
    <RodzajFaktury>KOR</RodzajFaktury>
    <PrzyczynaKorekty>rabat</PrzyczynaKorekty>
    <TypKorekty>2</TypKorekty>
    <DaneFaKorygowanej>
      <DataWystFaKorygowanej>2025-12-30</DataWystFaKorygowanej>
      <NrFaKorygowanej>FV/2025/12/9</NrFaKorygowanej>
      <NrKSeFN>1</NrKSeFN>
    </DaneFaKorygowanej>
    <OkresFaKorygowanej>grudzień 2025</OkresFaKorygowanej>
    <TP>1</TP>
    <DodatkowyOpis><NrWiersza>1</NrWiersza><Klucz>uwaga</Klucz><Wartosc>rabat za grudzień</Wartosc></DodatkowyOpis>
    <FaWiersz>
      <NrWierszaFa>1</NrWierszaFa>
      <P_7>szkolenie</P_7>
      <P_8A>h</P_8A>
      <P_8B>-1</P_8B>
      <P_9A>100</P_9A>
      <P_11>-100</P_11>
      <P_12>zw</P_12>
      <P_12_Zal_15>1</P_12_Zal_15>
    </FaWiersz>
  </Fa>
</Faktura>
`;

/** A settlement of an advance invoiced outside KSeF, paid by another method, with repeated blocks. */
export const VARIANT_SETTLEMENT = `${HEADER}
  <Podmiot1>
    <DaneIdentyfikacyjne><NIP>9999999999</NIP><Nazwa>ABC AGD sp. z o. o.</Nazwa></DaneIdentyfikacyjne>
    <Adres><KodKraju>PL</KodKraju><AdresL1>ul. Kwiatowa 1 m. 2</AdresL1><AdresL2>00-001 Warszawa</AdresL2></Adres>
  </Podmiot1>
  <Podmiot2>
    <DaneIdentyfikacyjne><NIP>1111111111</NIP><Nazwa>F.H.U. Jan Kowalski</Nazwa></DaneIdentyfikacyjne>
    <Adres><KodKraju>PL</KodKraju><AdresL1>ul. Polna 1</AdresL1><AdresL2>00-001 Warszawa</AdresL2></Adres>
    <DaneKontaktowe><Email>jan@kowalski.pl</Email><Telefon>555777999</Telefon></DaneKontaktowe>
    <JST>2</JST>
    <GV>2</GV>
  </Podmiot2>
  <Fa>
    <KodWaluty>PLN</KodWaluty>
    <P_1>2026-03-02</P_1>
    <P_1M>Kraków</P_1M>
    <P_2>FR/2026/03/1</P_2>
    <P_13_1>1000</P_13_1>
    <P_14_1>230</P_14_1>
    <P_15>1230</P_15>
    ${ADNOTACJE('<P_19N>1</P_19N>')}
    <RodzajFaktury>ROZ</RodzajFaktury>
    <FakturaZaliczkowa><NrKSeFZN>1</NrKSeFZN><NrFaZaliczkowej>FZ/2026/01/1</NrFaZaliczkowej></FakturaZaliczkowa>
    <FakturaZaliczkowa><NrKSeFFaZaliczkowej>9999999999-20260115-8BEF280C8D35-4D</NrKSeFFaZaliczkowej></FakturaZaliczkowa>
    <FaWiersz>
      <NrWierszaFa>1</NrWierszaFa>
      <UU_ID>line-1</UU_ID>
      <P_7>montaż</P_7>
      <Indeks>M-01</Indeks>
      <GTIN>05901234123457</GTIN>
      <PKWiU>43.21.10.0</PKWiU>
      <P_8A>usł.</P_8A>
      <P_8B>2.5</P_8B>
      <P_9A>800.12345678</P_9A>
      <P_11>2000</P_11>
      <P_12>23</P_12>
      <GTU>GTU_12</GTU>
      <Procedura>TT_D</Procedura>
    </FaWiersz>
    <Platnosc>
      <TerminPlatnosci><Termin>2026-03-16</Termin></TerminPlatnosci>
      <PlatnoscInna>1</PlatnoscInna>
      <OpisPlatnosci>kompensata</OpisPlatnosci>
      <RachunekBankowy><NrRB>PL61109010140000071219812874</NrRB><SWIFT>WBKPPLPP</SWIFT><NazwaBanku>Bank</NazwaBanku></RachunekBankowy>
      <RachunekBankowy><NrRB>PL27114020040000300201355387</NrRB></RachunekBankowy>
      <LinkDoPlatnosci>https://pay.example.com/p?IPKSeF=123abcdefghij</LinkDoPlatnosci>
    </Platnosc>
    <WarunkiTransakcji>
      <Umowy><DataUmowy>2026-01-10</DataUmowy><NrUmowy>U/1</NrUmowy></Umowy>
      <Umowy><NrUmowy>U/2</NrUmowy></Umowy>
      <Zamowienia><NrZamowienia>Z/1</NrZamowienia></Zamowienia>
    </WarunkiTransakcji>
  </Fa>
  <Stopka>
    <Informacje><StopkaFaktury>Kapitał zakładowy 5 000 000 zł</StopkaFaktury></Informacje>
    <Informacje><StopkaFaktury>Druga stopka</StopkaFaktury></Informacje>
    <Rejestry><PelnaNazwa>ABC AGD sp. z o. o.</PelnaNazwa><REGON>999999999</REGON></Rejestry>
  </Stopka>
</Faktura>
`;
