/**
 * The Facturae 3.2.2 vocabulary the writer and the reader share (issue #22 "Facturae 3.2.2"): the
 * namespaces of a signable document, the code lists of the official XSD (`Facturaev3_2_2.xml`, kept in
 * `artefacts/xsd/facturae/`) that fiscalkit maps to its own fields, and the fixed texts the schema
 * pairs with a code. Every table cites the XSD type it comes from; the reader maps each code back with
 * the same table, so a document fiscalkit writes reads back to the fields it was written from.
 *
 * @module
 */
import { getCountryDataList } from 'countries-list';
import { euVatPrefixOf } from '../../../codelists/euVatPrefixes.js';

/** The 3.2.2 namespace (the XSD's `targetNamespace`), which the root `fe:Facturae` is in. */
export const FACTURAE_322_NAMESPACE = 'http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml';

/**
 * XML-DSig, declared on the root as `xmlns:ds` so that the XAdES-EPES signature a signer appends as the
 * root's last child (`<xs:element ref="ds:Signature" minOccurs="0"/>`) uses the prefix in scope, as
 * the Facturae signing policy's signers write it (Facturae-PHP's signed documents, the government's
 * own signer): the enveloped-signature transform then canonicalises a root whose namespace nodes are
 * the same before and after signing.
 */
export const XMLDSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * `ReasonCodeType` and `ReasonDescriptionType`: the reason a corrective invoice gives, and the one text
 * the schema allows beside each code (the enumerations are in the same order).
 */
export const REASON_DESCRIPTIONS: ReadonlyMap<string, string> = new Map([
  ['01', 'Número de la factura'],
  ['02', 'Serie de la factura'],
  ['03', 'Fecha expedición'],
  ['04', 'Nombre y apellidos/Razón Social-Emisor'],
  ['05', 'Nombre y apellidos/Razón Social-Receptor'],
  ['06', 'Identificación fiscal Emisor/obligado'],
  ['07', 'Identificación fiscal Receptor'],
  ['08', 'Domicilio Emisor/Obligado'],
  ['09', 'Domicilio Receptor'],
  ['10', 'Detalle Operación'],
  ['11', 'Porcentaje impositivo a aplicar'],
  ['12', 'Cuota tributaria a aplicar'],
  ['13', 'Fecha/Periodo a aplicar'],
  ['14', 'Clase de factura'],
  ['15', 'Literales legales'],
  ['16', 'Base imponible'],
  ['80', 'Cálculo de cuotas repercutidas'],
  ['81', 'Cálculo de cuotas retenidas'],
  ['82', 'Base imponible modificada por devolución de envases / embalajes'],
  ['83', 'Base imponible modificada por descuentos y bonificaciones'],
  ['84', 'Base imponible modificada por resolución firme, judicial o administrativa'],
  ['85', 'Base imponible modificada cuotas repercutidas no satisfechas. Auto de declaración de concurso'],
]);

/**
 * The reason code of a corrective invoice whose amend reference names none (**fiscalkit decision**):
 * `16` "Base imponible", since a corrective fiscalkit writes restates amounts (the taxable base), which
 * is what credit notes and corrective invoices of an e-invoicing service do.
 */
export const DEFAULT_REASON_CODE = '16';

/** `CorrectionMethodType` and `CorrectionMethodDescriptionType`, in the same order. */
export const CORRECTION_METHODS: ReadonlyMap<string, string> = new Map([
  ['01', 'Rectificación íntegra'],
  ['02', 'Rectificación por diferencias'],
  ['03', 'Rectificación por descuento por volumen de operaciones durante un periodo'],
  ['04', 'Autorizadas por la Agencia Tributaria'],
]);

/**
 * `TaxTypeCodeType` codes fiscalkit writes and reads, with the tax name fiscalkit gives the tax when
 * it reads the code: `01` IVA, `02` IPSI (Ceuta and Melilla), `03` IGIC (Canary Islands) as outputs
 * (the line's `vat` kind), `04` IRPF and `28` IRNR as withholdings. The other 24 codes (excise duties,
 * local taxes) have no place in fiscalkit's one-VAT-per-line model (taxmath.md §3.1).
 */
export const OUTPUT_TAX_NAMES: ReadonlyMap<string, string> = new Map([
  ['01', 'IVA'],
  ['02', 'IPSI'],
  ['03', 'IGIC'],
]);

/** The withholding `TaxTypeCodeType` codes fiscalkit writes and reads (see {@link OUTPUT_TAX_NAMES}). */
export const WITHHELD_TAX_NAMES: ReadonlyMap<string, string> = new Map([
  ['04', 'IRPF'],
  ['28', 'IRNR'],
]);

/**
 * The output tax code of a `vat` tax: by its category first (EN 16931 `L` is IGIC, `M` IPSI), then by
 * its name (`IGIC …`, `IPSI …`), else IVA.
 *
 * @example
 * ```ts
 * outputTaxCode('IGIC', 'S'); // '03'
 * outputTaxCode('VAT', null); // '01'
 * ```
 */
export function outputTaxCode(name: string, category: string | null): string {
  const upper = name.trim().toUpperCase();
  if (category === 'L' || upper.startsWith('IGIC')) return '03';
  if (category === 'M' || upper.startsWith('IPSI')) return '02';
  return '01';
}

/**
 * The withholding tax code of a `withholding` tax: IRNR (the non-residents' income tax) by name, else
 * IRPF.
 *
 * @example
 * ```ts
 * withheldTaxCode('IRPF'); // '04'
 * withheldTaxCode('IRNR'); // '28'
 * ```
 */
export function withheldTaxCode(name: string): string {
  return name.trim().toUpperCase().startsWith('IRNR') ? '28' : '04';
}

/**
 * How a `vat` tax's UNCL5305 category (api-notes.md §10; the SII generator reads the same ones) is
 * written: `subject` as a plain tax; `exempt` (`SpecialTaxableEventCode` 01, "taxable and exempt")
 * and `not_subject` (02, "non-taxable") with the reason the schema requires; `reverse_charge` (the
 * Spanish *inversión del sujeto pasivo*) at 0 % with the legal literal of art. 6.1.m RD 1619/2012.
 */
export type CategoryTreatment = 'subject' | 'exempt' | 'not_subject' | 'reverse_charge';

/** The categories of {@link categoryTreatment}, for messages. */
export const KNOWN_CATEGORIES =
  'S, Z, H, AA, AAA, L, M (subject), AE (reverse charge), E, K, G (exempt), O or NS (not subject)';

/**
 * The {@link CategoryTreatment} of a category (upper case; null for none), or null when Facturae has no
 * place for it.
 *
 * @example
 * ```ts
 * categoryTreatment('K'); // 'exempt'
 * categoryTreatment(null); // 'subject'
 * categoryTreatment('X'); // null
 * ```
 */
export function categoryTreatment(category: string | null): CategoryTreatment | null {
  switch (category) {
    case null:
    case 'S':
    case 'Z':
    case 'H':
    case 'AA':
    case 'AAA':
    case 'L':
    case 'M':
      return 'subject';
    case 'AE':
      return 'reverse_charge';
    case 'E':
    case 'K':
    case 'G':
      return 'exempt';
    case 'O':
    case 'NS':
      return 'not_subject';
    default:
      return null;
  }
}

/**
 * The `SpecialTaxableEventReason` fiscalkit writes for an exempt or not-subject line (the schema
 * requires a reason; a line tax has no field for one): the legal basis of each category, as the
 * `LegalReference` annotation asks ("Operación exenta por aplicación del artículo … de la Ley
 * 37/1992"). The reader maps each text back to its category; another text reads as `E` or `O`.
 */
export const SPECIAL_EVENT_REASONS: ReadonlyMap<string, string> = new Map([
  ['E', 'Operación exenta de IVA (Ley 37/1992)'],
  ['K', 'Operación exenta por aplicación del artículo 25 de la Ley 37/1992 (entrega intracomunitaria)'],
  ['G', 'Operación exenta por aplicación del artículo 21 de la Ley 37/1992 (exportación)'],
  ['O', 'Operación no sujeta a IVA (Ley 37/1992)'],
  ['NS', 'Operación no sujeta a IVA (Ley 37/1992)'],
]);

/**
 * The legal literal of a reverse-charge invoice (art. 6.1.m RD 1619/2012: the invoice states
 * "inversión del sujeto pasivo"), written once in `LegalLiterals` when a line's VAT is `AE`.
 */
export const REVERSE_CHARGE_LITERAL = 'Inversión del sujeto pasivo (art. 84.Uno.2º Ley 37/1992)';

/**
 * `UnitOfMeasureType` by UN/ECE Recommendation 20 / 21 code (the codes the XSD's own annotations name,
 * `Hours-HUR`, `Kilograms-KGM`, …; a Recommendation 21 package code also with its EN 16931 `X` prefix),
 * and the Facturae codes themselves. `C62` (one) and `H87` / `EA` (piece, each) are units (`01`).
 */
const UNITS: readonly (readonly [string, string])[] = [
  ['01', 'C62'],
  ['02', 'HUR'],
  ['03', 'KGM'],
  ['04', 'LTR'],
  ['05', 'ZZ'],
  ['06', 'XBX'],
  ['07', 'XDS'],
  ['08', 'XBA'],
  ['09', 'XJY'],
  ['10', 'XBG'],
  ['11', 'XCO'],
  ['12', 'XBO'],
  ['13', 'XCI'],
  ['15', 'CLT'],
  ['16', 'CMT'],
  ['17', 'XBI'],
  ['18', 'DZN'],
  ['19', 'XCS'],
  ['20', 'XDJ'],
  ['21', 'GRM'],
  ['22', 'KMT'],
  ['23', 'XCA'],
  ['24', 'XBH'],
  ['25', 'MTR'],
  ['26', 'MMT'],
  ['28', 'XPK'],
  ['30', 'XRO'],
  ['31', 'XEN'],
  ['32', 'XTB'],
  ['33', 'MTQ'],
  ['34', 'SEC'],
  ['35', 'WTT'],
  ['36', 'KWH'],
];

const UNIT_BY_CODE: ReadonlyMap<string, string> = new Map(UNITS);
const CODE_BY_UNIT: ReadonlyMap<string, string> = new Map([
  ...UNITS.map(([code, unit]) => [unit, code] as const),
  // Recommendation 21 codes without the EN 16931 prefix, and the other ways of saying "a unit".
  ...UNITS.filter(([, unit]) => unit.length === 3 && unit.startsWith('X')).map(
    ([code, unit]) => [unit.slice(1), code] as const,
  ),
  ['H87', '01'],
  ['EA', '01'],
  // Every Facturae code as itself (14 Tetra Briks, 27 6-packs and 29 portions have no UN/ECE code).
  ...Array.from({ length: 36 }, (_, index) => {
    const code = String(index + 1).padStart(2, '0');
    return [code, code] as const;
  }),
]);

/**
 * The Facturae `UnitOfMeasure` of a line's `unit`, or undefined when the unit is none of
 * {@link UNITS}' (a free text such as `pcs` has no Facturae code; the element is optional and left out).
 *
 * @example
 * ```ts
 * facturaeUnit('HUR'); // '02'
 * facturaeUnit('pcs'); // undefined
 * ```
 */
export function facturaeUnit(unit: string | null | undefined): string | undefined {
  if (unit === null || unit === undefined) return undefined;
  return CODE_BY_UNIT.get(unit.trim().toUpperCase());
}

/**
 * The `unit` fiscalkit reads from a Facturae `UnitOfMeasure`: the UN/ECE code where there is one,
 * else the Facturae code itself (which the writer takes back as it is).
 *
 * @example
 * ```ts
 * unitOfFacturae('02'); // 'HUR'
 * unitOfFacturae('14'); // '14'
 * ```
 */
export function unitOfFacturae(code: string): string {
  return UNIT_BY_CODE.get(code) ?? code;
}

/**
 * `PaymentMeansType` by the invoice's `payment_method` words (the values fiscalkit's own arbitraries
 * and the service's clients send), by UNTDID 4461 code (EN 16931 BT-81), and by Facturae code.
 */
const PAYMENT_MEANS: ReadonlyMap<string, string> = new Map([
  ['cash', '01'],
  ['direct_debit', '02'],
  ['debit', '02'],
  ['transfer', '04'],
  ['credit_transfer', '04'],
  ['bank_transfer', '04'],
  ['sepa_credit_transfer', '04'],
  ['cheque', '11'],
  ['check', '11'],
  ['card', '19'],
  ['credit_card', '19'],
  ['debit_card', '19'],
  // The service's own payment codes (its payment method guide), as src/ksef/generate/payment.ts and
  // src/einvoice/semantic/paymentMeans.ts read them: 1 cash, 2 direct debit, 4 transfer.
  ['1', '01'],
  ['2', '02'],
  ['4', '04'],
  // UNTDID 4461.
  ['10', '01'],
  ['20', '11'],
  ['30', '04'],
  ['31', '04'],
  ['42', '04'],
  ['48', '19'],
  ['49', '02'],
  ['54', '19'],
  ['55', '19'],
  ['58', '04'],
  ['59', '02'],
  // Facturae's own codes (two digits; UNTDID 4461 has no two-digit code below 10).
  ...Array.from({ length: 19 }, (_, index) => {
    const code = String(index + 1).padStart(2, '0');
    return [code, code] as const;
  }),
]);

/** The `payment_method` the reader gives each Facturae code it has a word for. */
const PAYMENT_METHOD_WORDS: ReadonlyMap<string, string> = new Map([
  ['01', 'cash'],
  ['02', 'direct_debit'],
  ['04', 'transfer'],
  ['11', 'cheque'],
  ['19', 'card'],
]);

/** The `payment_method` values the writer accepts, for messages. */
export const KNOWN_PAYMENT_METHODS =
  'transfer, direct_debit, cash, card, cheque, a UNTDID 4461 code (30, 58, 49, …) or a Facturae PaymentMeans code 01 … 19';

/**
 * The Facturae `PaymentMeans` of a `payment_method` (case-insensitive), or null when it names none.
 *
 * @example
 * ```ts
 * paymentMeansCode('transfer'); // '04'
 * paymentMeansCode('58'); // '04'
 * paymentMeansCode('paypal'); // null
 * ```
 */
export function paymentMeansCode(method: string): string | null {
  return PAYMENT_MEANS.get(method.trim().toLowerCase()) ?? null;
}

/**
 * The `payment_method` read from a Facturae `PaymentMeans`: a word where fiscalkit has one, else the
 * code (which the writer takes back as it is).
 *
 * @example
 * ```ts
 * paymentMethodOf('04'); // 'transfer'
 * paymentMethodOf('13'); // '13'
 * ```
 */
export function paymentMethodOf(code: string): string {
  return PAYMENT_METHOD_WORDS.get(code) ?? code;
}

/**
 * The `CountryType` enumeration of the 3.2.2 XSD (ISO 3166-1 alpha-3 as of 2009): 235 codes. It lacks
 * the newer codes (`SSD`, `CUW`, `SXM`, `BES`, …) and keeps two withdrawn ones (`ANT`, `ZAR`).
 */
const XSD_COUNTRIES = new Set(
  (
    'AFG ALB DZA ASM AND AGO AIA ATG ARG ARM ABW AUS AUT AZE BHS BHR BGD BRB BLR BEL BLZ BEN BMU BTN BOL ' +
    'BIH BWA BRA BRN BGR BFA BDI KHM CMR CAN CPV CYM CAF TCD CHL CHN COD COL COM COG COK CRI CIV HRV CUB ' +
    'CYP CZE DNK DJI DMA DOM ECU EGY SLV GNQ ERI EST ETH FLK FRO FJI FIN FRA GUF PYF GAB GMB GEO GGY DEU ' +
    'GHA GIB GRC GRL GRD GLP GUM GTM GIN GNB GUY HTI HND HKG HUN ISL IND IDN IMN IRN IRQ IRL ISR ITA JAM ' +
    'JEY JPN JOR KAZ KEN KIR PRK KOR KWT KGZ LAO LVA LBN LSO LBR LBY LIE LTU LUX MAC MKD MDG MWI MYS MDV ' +
    'MLI MLT MHL MTQ MRT MUS MYT MEX FSM MDA MCO MNE MNG MSR MAR MOZ MMR NAM NRU NPL NLD ANT NCL NZL NIC ' +
    'NER NGA NIU NFK MNP NOR OMN PAK PLW PAN PNG PRY PSE PER PHL PCN POL PRT PRI QAT REU ROU RUS RWA KNA ' +
    'LCA VCT WSM SMR STP SAU SEN SRB SYC SLE SGP SVK SVN SLB SOM ZAF ESP LKA SHN SPM SDN SUR SJM SWZ SWE ' +
    'CHE SYR TWN TJK TZA THA TGO TKL TON TTO TUN TUR TKM TLS TCA TUV UGA UKR ARE GBR USA URY UZB VUT VAT ' +
    'VEN VNM VGB VIR WLF ESH YEM ZAR ZMB ZWE'
  ).split(' '),
);

const COUNTRY_DATA = getCountryDataList();
const ALPHA3_BY_ALPHA2: ReadonlyMap<string, string> = new Map(
  COUNTRY_DATA.filter(({ iso3 }) => XSD_COUNTRIES.has(iso3)).map(({ iso2, iso3 }) => [iso2, iso3]),
);
const ALPHA2_BY_ALPHA3: ReadonlyMap<string, string> = new Map([
  ...COUNTRY_DATA.map(({ iso2, iso3 }) => [iso3, iso2] as const),
  // The XSD's withdrawn code for the Democratic Republic of the Congo (Zaire).
  ['ZAR', 'CD'],
]);

/**
 * The Facturae `CountryCode` (ISO 3166-1 alpha-3, from the XSD's `CountryType`) of an alpha-2 country,
 * or null when the XSD has no code for it (South Sudan, Curaçao, Sint Maarten, …).
 *
 * @example
 * ```ts
 * facturaeCountry('ES'); // 'ESP'
 * facturaeCountry('SS'); // null
 * ```
 */
export function facturaeCountry(country: string): string | null {
  return ALPHA3_BY_ALPHA2.get(country) ?? null;
}

/**
 * The alpha-2 country of a Facturae `CountryCode`, or null (the XSD's `ANT`, the Netherlands Antilles,
 * which no longer exists).
 *
 * @example
 * ```ts
 * countryOfFacturae('FRA'); // 'FR'
 * countryOfFacturae('ANT'); // null
 * ```
 */
export function countryOfFacturae(code: string): string | null {
  return ALPHA2_BY_ALPHA3.get(code) ?? null;
}

/**
 * `ResidenceTypeCode` of a country (the XSD annotation: `R` resident in Spain, `U` resident in another
 * EU member state, `E` foreign), as Facturae-PHP and gobl.facturae decide it.
 *
 * @example
 * ```ts
 * residenceTypeCode('ES'); // 'R'
 * residenceTypeCode('GR'); // 'U'
 * residenceTypeCode('US'); // 'E'
 * ```
 */
export function residenceTypeCode(country: string): 'R' | 'U' | 'E' {
  if (country === 'ES') return 'R';
  return euVatPrefixOf(country) === null ? 'E' : 'U';
}

/**
 * The `CurrencyCodeType` enumeration of the 3.2.2 XSD (ISO 4217 as of 2009): currencies issued since
 * (`GHS`, `RSD`, `ZMW`, …) have no code.
 */
const XSD_CURRENCIES = new Set(
  (
    'AFN ALL AMD ANG AOA ARS AUD AWG AZN BAD BBD BDT BGN BHD BIF BMD BND BOB BRL BRR BSD BWP BYR BZD CAD ' +
    'CDF CDP CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DRP DZD EEK EGP ESP ETB EUR FJD FKP GBP GEK GHC ' +
    'GIP GMD GNF GTQ GWP GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW ' +
    'KRW KWD KYD KZT LAK LBP LKR LRD LSL LTL LVL LYD MAD MDL MGF MNC MNT MOP MRO MUR MVR MWK MXN MYR MZM ' +
    'NGN NIC NIO NIS NOK NPR NZD OMR PAB PEI PEN PES PGK PHP PKR PLN PYG QAR RMB RON RUB RWF SAR SBD SCR ' +
    'SDP SEK SGD SHP SKK SLL SOL SOS SRD STD SVC SYP SZL THB TJS TMM TND TOP TPE TRY TTD TWD TZS UAH UGS ' +
    'USD UYP UYU VEF VND VUV WST XAF XCD XOF YER ZAR ZMK ZWD'
  ).split(' '),
);

/**
 * Whether the 3.2.2 XSD's `CurrencyCodeType` lists a currency.
 *
 * @example
 * ```ts
 * isFacturaeCurrency('EUR'); // true
 * isFacturaeCurrency('GHS'); // false: issued after the schema's list
 * ```
 */
export function isFacturaeCurrency(code: string): boolean {
  return XSD_CURRENCIES.has(code);
}

/** `LanguageCodeType` of the 3.2.2 XSD (ISO 639-1). */
const XSD_LANGUAGES = new Set(
  'ar be bg ca cs da de el en es et eu fi fr ga gl hr hu is it lv lt mk mt nl no pl pt ro ru sk sl sq sr sv tr uk'.split(
    ' ',
  ),
);

/**
 * Whether the 3.2.2 XSD's `LanguageCodeType` lists a language (ISO 639-1, lower case).
 *
 * @example
 * ```ts
 * isFacturaeLanguage('ca'); // true
 * isFacturaeLanguage('ja'); // false
 * ```
 */
export function isFacturaeLanguage(code: string): boolean {
  return XSD_LANGUAGES.has(code);
}

/**
 * The Spanish provinces by the first two digits of their postal code (the INE province number, which
 * Correos' codes start with), as a `Province` (`TextMax20Type`: the two longest INE names are written in
 * their usual short forms). Used when a Spanish address gives no province: `AddressInSpain/Province` is
 * required.
 */
const PROVINCES: readonly string[] = [
  'Araba/Álava',
  'Albacete',
  'Alicante/Alacant',
  'Almería',
  'Ávila',
  'Badajoz',
  'Illes Balears',
  'Barcelona',
  'Burgos',
  'Cáceres',
  'Cádiz',
  'Castellón/Castelló',
  'Ciudad Real',
  'Córdoba',
  'A Coruña',
  'Cuenca',
  'Girona',
  'Granada',
  'Guadalajara',
  'Gipuzkoa',
  'Huelva',
  'Huesca',
  'Jaén',
  'León',
  'Lleida',
  'La Rioja',
  'Lugo',
  'Madrid',
  'Málaga',
  'Murcia',
  'Navarra',
  'Ourense',
  'Asturias',
  'Palencia',
  'Las Palmas',
  'Pontevedra',
  'Salamanca',
  'S.C. Tenerife',
  'Cantabria',
  'Segovia',
  'Sevilla',
  'Soria',
  'Tarragona',
  'Teruel',
  'Toledo',
  'Valencia/València',
  'Valladolid',
  'Bizkaia',
  'Zamora',
  'Zaragoza',
  'Ceuta',
  'Melilla',
];

/**
 * The province of a Spanish postal code (five digits, `01` … `52` first), or null.
 *
 * @example
 * ```ts
 * provinceOfPostCode('28023'); // 'Madrid'
 * provinceOfPostCode('99000'); // null
 * ```
 */
export function provinceOfPostCode(postCode: string): string | null {
  if (!/^\d{5}$/.test(postCode)) return null;
  // money-safe: a province number read from two digits, not an amount.
  return PROVINCES[Number.parseInt(postCode.slice(0, 2), 10) - 1] ?? null;
}
