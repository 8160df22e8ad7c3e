/**
 * fast-check arbitraries of Ksef tax reports (FA(3), `shared/reference/ksef-fa3.md`):
 * {@link validKsefReportArb} gives reports that `fa3Issues` accepts and whose XML the official XSD
 * accepts, for every type code (`VAT`, `KOR`, `ZAL`, `ROZ`, `UPR`, `KOR_ZAL`, `KOR_ROZ`), with random
 * texts (XML-special, Polish and astral characters, inner tabs and new lines, texts exactly at the
 * schema's length limits), amounts spelt in every way the schema's integer and fraction digits
 * allow, every rate and bucket, 0–30 lines, third parties identified each way, foreign currencies
 * with their rates. {@link defectiveKsefReportArb} breaks one thing on purpose and says where
 * `fa3Issues` must report it.
 *
 * Every decimal is built from an integer count of units ({@link decimalArb}), never from a JS float.
 */
import * as fc from 'fast-check';
import { KSEF_TYPE_CODES, type KsefTypeCode } from '../codelists/invoiceTypes.js';
import {
  KSEF_GTU_CODES,
  KSEF_MARGIN_SCHEMES,
  KSEF_PAYMENT_METHODS,
  KSEF_PROCEDURES,
} from '../codelists/ksefCodes.js';
import { KSEF_BUCKETS, KSEF_TAX_RATES, type KsefBucket, type KsefTaxRate } from '../codelists/ksefRates.js';
import type { ErrorCode } from '../errors/catalog.js';
import { TNIP_ID_WEW } from '../ksef/build/fa3Types.js';
import { FA3_EU_CODES } from '../ksef/partyIdentification.js';
import type { KsefTaxReportCreate } from '../model/ksefTaxReport.js';
import { KSEF_THIRD_PARTY_ROLES, type KsefThirdParty } from '../model/ksefThirdParty.js';
import { decimalArb, digitsArb, unitsToDecimal } from './decimal.js';
import { validNipArb, validRegon9Arb, validRegon14Arb } from './polishIdentifiers.js';

type Report = KsefTaxReportCreate;
type Line = NonNullable<Report['lines']>[number];
type OrderLine = NonNullable<Report['order_lines']>[number];
type Breakdown = NonNullable<Report['tax_breakdowns']>[number];

/** `arb` or null, null about a third of the time. */
function opt<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.option(arb, { nil: null, freq: 3 });
}

/** One code point each: letters, digits, Polish letters, XML specials, inner white space, astral. */
const TEXT_UNITS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ',
  '&',
  '<',
  '>',
  '"',
  "'",
  ' ',
  ' ',
  '\t',
  '\n',
  '-',
  '/',
  '.',
  ',',
  '€',
  '\u00A0',
  '😀',
];

/** No white space, so its length is its length after token collapsing. */
const DENSE = ['Ż', '&', '<', 'ó', '>', '"', "'", '😀', 'ł', 'x'];

/**
 * A text of 1 to `max` characters (code points) that is not blank: random, or exactly `max`
 * characters of XML-special, Polish and astral characters (the schema's limit itself).
 *
 * @example
 * ```ts
 * // My FA(3) writer escapes every text and keeps it within the schema's limit:
 * fc.assert(fc.property(ksefTextArb(256), (text) => {
 *   expect(unescapeXml(myEscape(text))).toBe(text);
 * }));
 * ```
 */
export function ksefTextArb(max: number): fc.Arbitrary<string> {
  // money-safe: cycles through the dense characters by position (an index), not an amount
  const full = Array.from({ length: max }, (_, index) => DENSE[index % DENSE.length]).join('');
  return fc
    .oneof(
      {
        weight: 8,
        arbitrary: fc.string({
          unit: fc.constantFrom(...TEXT_UNITS),
          minLength: 1,
          maxLength: Math.min(max, 40),
        }),
      },
      { weight: 1, arbitrary: fc.constant(full) },
    )
    .filter((text) => text.trim() !== '');
}

/**
 * An FA(3) amount (`TKwotowy`): up to 16 integer digits and 2 decimals, signed, sometimes spelt
 * with leading zeros or a `+`, which the builder must write canonically.
 *
 * @example
 * ```ts
 * // My FA(3) writer spells every amount as fiscalkit's builder does ('+007.10' → '7.10'):
 * fc.assert(fc.property(ksefAmountArb(), (amount) => myTKwotowy(amount) === new Decimal(amount).toFixed(2)));
 * ```
 */
export function ksefAmountArb(options: { signed?: boolean } = {}): fc.Arbitrary<string> {
  return spelt(decimalArb({ decimals: [0, 1, 2], maxIntegerDigits: 16, signed: options.signed ?? true }));
}

/** A `TKwotowy2` unit price: up to 14 integer digits and 8 decimals. */
const unitPriceArb = spelt(decimalArb({ decimals: [0, 2, 4, 8], maxIntegerDigits: 14, signed: true }));
/** A `TIlosci` quantity: up to 16 integer digits and 6 decimals. */
const quantityArb = spelt(decimalArb({ decimals: [0, 3, 6], maxIntegerDigits: 16, signed: true }));
/** An exchange rate: `TIlosci`, greater than zero. */
const rateArb = decimalArb({ decimals: [0, 4, 6], maxIntegerDigits: 4, nonZero: true });
/** A `TProcentowy` 0–100 with up to `decimals` decimals. */
function percentArb(decimals: number): fc.Arbitrary<string> {
  return fc
    .bigInt({ min: 0n, max: 100n * 10n ** BigInt(decimals) })
    .map((units) => unitsToDecimal(units, decimals));
}

/** Sometimes a leading `+` or leading zeros on a canonical decimal. */
function spelt(arb: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(arb, fc.constantFrom('', '', '', '', '', '', '0', '00', '+', '+0'))
    .map(([value, prefix]) =>
      value.startsWith('-')
        ? prefix.startsWith('+')
          ? value
          : `-${prefix}${value.slice(1)}`
        : `${prefix}${value}`,
    );
}

/** A date `YYYY-MM-DD` between `min` and `max` (both included, and both generated). */
function dateArb(min: string, max: string): fc.Arbitrary<string> {
  const random = fc
    .record({
      // money-safe: calendar years read from 'YYYY-MM-DD' bounds, not amounts
      year: fc.integer({ min: Number(min.slice(0, 4)), max: Number(max.slice(0, 4)) }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
    })
    .map(
      ({ year, month, day }) =>
        `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    )
    .filter((date) => date >= min && date <= max);
  return fc.oneof({ weight: 1, arbitrary: fc.constantFrom(min, max) }, { weight: 8, arbitrary: random });
}

/** `TDataT`. */
const dateTArb = dateArb('2006-01-01', '2050-01-01');
/** `TDataU`. */
const dateUArb = dateArb('1990-01-01', '2050-01-01');
/** `TData`. */
const dateDArb = dateArb('2016-07-01', '2050-01-01');

/** Upper-case hex digits. */
function hexArb(length: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...'0123456789ABCDEF'), minLength: length, maxLength: length });
}

/**
 * A KSeF number (`TNumerKSeF`, ksef-fa3.md): a NIP, `M` + 9 digits or 3 letters + 7 digits, the
 * date, and the hexadecimal parts; the middle dash optional.
 *
 * @example
 * ```ts
 * // My reference parser reads every KSeF number FA(3) allows:
 * fc.assert(fc.property(ksefNumberArb, (number) => myParseKsefNumber(number) !== null));
 * ```
 */
export const ksefNumberArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      validNipArb,
      digitsArb(9).map((digits) => `M${digits}`),
      fc
        .tuple(
          fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 3, maxLength: 3 }),
          digitsArb(7),
        )
        .map(([letters, digits]) => letters + digits),
    ),
    dateArb('2020-01-01', '2050-01-01'),
    hexArb(6),
    fc.constantFrom('-', ''),
    hexArb(6),
    hexArb(2),
  )
  .map(([id, date, a, dash, b, c]) => `${id}-${date.replaceAll('-', '')}-${a}${dash}${b}-${c}`);

/** A NIP as people write it: compact, with `PL`, with dashes. */
const nipSpellingArb: fc.Arbitrary<string> = fc
  .tuple(validNipArb, fc.constantFrom('plain', 'PL', 'dashes', 'PL dashes'))
  .map(([nip, style]) => {
    const dashed = `${nip.slice(0, 3)}-${nip.slice(3, 6)}-${nip.slice(6, 8)}-${nip.slice(8)}`;
    if (style === 'PL') return `PL${nip}`;
    if (style === 'dashes') return dashed;
    if (style === 'PL dashes') return `PL ${dashed}`;
    return nip;
  });

/** An EU VAT number with its prefix (not PL): `DE123456789`, `EL…`, `XI…`. */
const euVatArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...FA3_EU_CODES.filter((code) => code !== 'PL')),
    fc.string({
      unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+*'),
      minLength: 1,
      maxLength: 12,
    }),
  )
  .map(([prefix, number]) => prefix + number);

/** An id that is not an internal id (`TNIPIdWew`, what `thirdPartyIdentification` reads as `IDWew`): 1–50 characters. */
const otherIdArb = ksefTextArb(50).filter((id) => !TNIP_ID_WEW.test(id.trim()));

/** A country code FA(3) takes. */
const countryArb = fc.constantFrom('PL', 'DE', 'GR', 'CZ', 'FR', 'IE', 'US', 'GB', 'UA', 'CN');

/** An e-mail address fitting `etd:TAdresEmail`. */
const emailArb = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(...'abcxyz019._+&'), minLength: 1, maxLength: 20 }),
    fc.string({ unit: fc.constantFrom(...'abcxyzżó019-'), minLength: 1, maxLength: 20 }),
  )
  .map(([local, domain]) => `${local}@${domain}.pl`);

/** A phone (`TNumerTelefonu`, at most 16). */
const phoneArb = fc
  .string({ unit: fc.constantFrom(...'0123456789+ ()-'), minLength: 1, maxLength: 16 })
  .filter((phone) => phone.trim() !== '');

/** An address: street line, postcode, city (each optional). */
const addressArb = fc.record({
  address: opt(ksefTextArb(512)),
  postalcode: opt(
    fc.oneof(
      digitsArb(5).map((digits) => `${digits.slice(0, 2)}-${digits.slice(2)}`),
      ksefTextArb(32),
    ),
  ),
  city: opt(ksefTextArb(100)),
});

/** The buyer: each identification kind, with or without name and address. */
const buyerArb: fc.Arbitrary<Partial<Report>> = fc
  .record({
    kind: fc.constantFrom('nip', 'nip_derived', 'eu_vat', 'other', 'none'),
    nip: nipSpellingArb,
    euVat: euVatArb,
    otherId: otherIdArb,
    otherCountry: opt(countryArb),
    name: opt(ksefTextArb(512)),
    address: addressArb,
    country: countryArb,
    email: opt(emailArb),
    phone: opt(phoneArb),
    number: opt(ksefTextArb(256)),
    flag: fc.constantFrom('none', 'none', 'jst', 'gv'),
  })
  .map((buyer) => {
    const hasAddress =
      buyer.address.address !== null || buyer.address.postalcode !== null || buyer.address.city !== null;
    const identification: Partial<Report> =
      buyer.kind === 'nip'
        ? { customer_party_id_type: 'nip', customer_party_tax_id: buyer.nip }
        : buyer.kind === 'nip_derived'
          ? { customer_party_tax_id: buyer.nip }
          : buyer.kind === 'eu_vat'
            ? { customer_party_id_type: 'eu_vat', customer_party_tax_id: buyer.euVat }
            : buyer.kind === 'other'
              ? { customer_party_id_type: 'other', customer_party_tax_id: buyer.otherId }
              : { customer_party_id_type: 'none' };
    const country =
      buyer.kind === 'nip_derived'
        ? 'PL'
        : buyer.kind === 'other'
          ? buyer.otherCountry
          : hasAddress
            ? buyer.country
            : null;
    return {
      ...identification,
      customer_party_name: buyer.name,
      customer_party_address: buyer.address.address,
      customer_party_postalcode: buyer.address.postalcode,
      customer_party_city: buyer.address.city,
      customer_party_country: hasAddress ? (country ?? buyer.country) : country,
      customer_party_email: buyer.email,
      customer_party_phone: buyer.phone,
      customer_party_number: buyer.number,
      customer_party_jst: buyer.flag === 'jst',
      customer_party_gv: buyer.flag === 'gv',
    };
  });

/**
 * A Ksef report's third party (`Podmiot3`, ksef-fa3.md §6.3) identified each way (`NIP`, `IDWew`,
 * EU VAT, `NrID`, none), with any role.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(validKsefReportArb(), ksefThirdPartyArb, (report, party) =>
 *   fa3Issues({ ...report, additional_third_parties: [party] }).length === 0,
 * ));
 * ```
 */
export const ksefThirdPartyArb: fc.Arbitrary<KsefThirdParty> = fc
  .record({
    kind: fc.constantFrom('nip', 'internal', 'eu_vat', 'other_tax', 'other_id', 'none'),
    role: fc.constantFrom(...KSEF_THIRD_PARTY_ROLES),
    nip: validNipArb,
    unit: digitsArb(5),
    euVat: euVatArb,
    otherId: otherIdArb,
    name: opt(ksefTextArb(512)),
    address: addressArb,
    country: countryArb,
    share: opt(percentArb(6)),
  })
  .map((party) => {
    const identification: Partial<KsefThirdParty> =
      party.kind === 'nip'
        ? { tax_id: party.nip, tax_scheme: 'NIP' }
        : party.kind === 'internal'
          ? { id: `${party.nip}-${party.unit}` }
          : party.kind === 'eu_vat'
            ? { tax_id: party.euVat, tax_scheme: 'VAT' }
            : party.kind === 'other_tax'
              ? { tax_id: party.otherId, tax_scheme: 'TAX' }
              : party.kind === 'other_id'
                ? { id: party.otherId, scheme: '0088' }
                : {};
    return {
      role: party.role,
      ...identification,
      name: party.name,
      country: party.country,
      ...party.address,
      share: party.share,
    };
  });

/** The flat `third_party_*` fields of a third party. */
function flatThirdParty(party: KsefThirdParty): Partial<Report> {
  return {
    third_party_role: party.role,
    third_party_name: party.name,
    third_party_id: party.id,
    third_party_scheme: party.scheme,
    third_party_tax_id: party.tax_id,
    third_party_tax_scheme: party.tax_scheme,
    third_party_country: party.country,
    third_party_address: party.address,
    third_party_postalcode: party.postalcode,
    third_party_city: party.city,
    third_party_share: party.share,
  };
}

/** The fields a line and an order line share. */
const commonLineArb = fc.record({
  uuid: opt(ksefTextArb(50)),
  description: opt(ksefTextArb(512)),
  item_code: opt(ksefTextArb(50)),
  gtin: opt(ksefTextArb(20)),
  pkwiu: opt(ksefTextArb(50)),
  cn: opt(ksefTextArb(50)),
  pkob: opt(ksefTextArb(50)),
  unit: opt(ksefTextArb(256)),
  quantity: opt(quantityArb),
  price: opt(unitPriceArb),
  net_amount: opt(ksefAmountArb()),
  tax_amount: opt(ksefAmountArb()),
  tax_category: opt(fc.constantFrom(...KSEF_TAX_RATES)),
  oss_percent: opt(percentArb(2)),
  gtu: opt(fc.constantFrom(...KSEF_GTU_CODES)),
  line_number: opt(fc.integer({ min: 1, max: 99_999_999_999_999 })),
  before_correction: opt(fc.boolean()),
});

/** An invoice line; in a foreign currency, a line at a percentage rate gets its rate when the report has none. */
function lineArb(foreign: boolean, reportRate: boolean): fc.Arbitrary<Line> {
  return fc
    .record({
      common: commonLineArb,
      tax_point_date: opt(dateTArb),
      gross_price: opt(unitPriceArb),
      discount: opt(unitPriceArb),
      gross_amount: opt(ksefAmountArb()),
      procedure: opt(fc.constantFrom(...KSEF_PROCEDURES)),
      exchange_rate: opt(rateArb),
      fallbackRate: rateArb,
    })
    .map(({ common, fallbackRate, exchange_rate, ...rest }) => {
      const numeric = common.tax_category !== null && /^\d+$/.test(common.tax_category);
      const rate = exchange_rate ?? (foreign && numeric && !reportRate ? fallbackRate : null);
      return { ...common, ...rest, exchange_rate: rate };
    });
}

/** An order line (`ProceduraZ` has no `I_42` / `I_63`). */
const orderLineArb: fc.Arbitrary<OrderLine> = fc
  .record({
    common: commonLineArb,
    procedure: opt(fc.constantFrom(...KSEF_PROCEDURES.filter((code) => code !== 'I_42' && code !== 'I_63'))),
  })
  .map(({ common, procedure }) => ({ ...common, procedure }));

/** Header buckets: a set of distinct buckets in any order, each with the amounts FA(3) needs. */
function breakdownsArb(foreign: boolean): fc.Arbitrary<Breakdown[]> {
  return fc.shuffledSubarray([...KSEF_BUCKETS], { minLength: 0, maxLength: 5 }).chain((buckets) =>
    fc.tuple(
      ...buckets.map((bucket: KsefBucket) =>
        fc
          .record({
            base: ksefAmountArb(),
            tax: ksefAmountArb(),
            pln: ksefAmountArb(),
            withTax: fc.boolean(),
          })
          .map(({ base, tax, pln, withTax }): Breakdown => {
            const taxed = ['1', '2', '3', '4'].includes(bucket) || (bucket === '5' && withTax);
            return {
              bucket,
              taxable_base: base,
              tax_amount: taxed ? tax : null,
              tax_amount_pln: foreign && ['1', '2', '3', '4'].includes(bucket) ? pln : null,
            };
          }),
      ),
    ),
  );
}

/** A bank account (`TNrRB` 10–34 characters, `SWIFT_Type`). */
const bankAccountArb = fc.record({
  account_number: fc.string({ unit: fc.constantFrom(...'0123456789ABCDEFPL'), minLength: 10, maxLength: 34 }),
  bic: opt(
    fc
      .tuple(
        fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 6, maxLength: 6 }),
        fc.string({ unit: fc.constantFrom(...'ABCXYZ0129'), minLength: 2, maxLength: 2 }),
        fc.constantFrom('', 'XXX', 'A1B'),
      )
      .map((parts) => parts.join('')),
  ),
  bank_name: opt(ksefTextArb(256)),
  description: opt(ksefTextArb(256)),
});

const FOREIGN = ['EUR', 'USD', 'GBP', 'CHF', 'CZK', 'JPY', 'BHD'];

/**
 * A Ksef tax report (the body of a `Ksef` tax report, spec §2.7) that can become schema-valid
 * FA(3): `fa3Issues` finds nothing and the XML `buildFa3` writes validates against the XSD. `type`
 * picks the type code (any of `KSEF_TYPE_CODES` when absent); the rest (seller, buyer, third
 * parties, header, buckets, 0–30 lines, corrections, advances, payment, terms, footer) is random
 * within the schema's rules.
 *
 * @example
 * ```ts
 * // My KSeF pipeline accepts every report fiscalkit accepts, for every type code:
 * for (const type of KSEF_TYPE_CODES)
 *   fc.assert(fc.property(validKsefReportArb(type), (report) => {
 *     expect(fa3Issues(report)).toEqual([]);
 *     expect(myKsefValidator(report).ok).toBe(true);
 *   }), { numRuns: 100 });
 * ```
 */
export function validKsefReportArb(type?: KsefTypeCode): fc.Arbitrary<Report> {
  return fc
    .record({
      type: type === undefined ? fc.constantFrom(...KSEF_TYPE_CODES) : fc.constant(type),
      currency: fc.oneof(
        { weight: 2, arbitrary: fc.constant('PLN') },
        { weight: 1, arbitrary: fc.constantFrom(...FOREIGN) },
      ),
      reportRate: fc.boolean(),
    })
    .chain(({ type: code, currency, reportRate }) => {
      const foreign = currency !== 'PLN';
      const correction = code === 'KOR' || code === 'KOR_ZAL' || code === 'KOR_ROZ';
      const advance = code === 'ZAL' || code === 'KOR_ZAL';
      const settlement = code === 'ROZ' || code === 'KOR_ROZ';
      const withReportRate = reportRate || (code === 'ZAL' && foreign);
      return fc
        .record({
          number: ksefTextArb(256),
          date: dateTArb,
          issue_place: opt(ksefTextArb(256)),
          despatch: opt(ksefTextArb(256)),
          supplyDate: fc.oneof(
            fc.constant({}),
            dateTArb.map((date) => ({ tax_point_date: date })),
            fc
              .tuple(dateTArb, dateTArb)
              .map(([start, end]) => ({ invoicing_period_start: start, invoicing_period_end: end })),
          ),
          exchange_rate: rateArb,
          seller: fc.record({
            supplier_party_tax_id: nipSpellingArb,
            supplier_party_name: ksefTextArb(512),
            supplier_party_address: ksefTextArb(512),
            supplier_party_postalcode: opt(
              fc.oneof(
                digitsArb(5).map((d) => `${d.slice(0, 2)}-${d.slice(2)}`),
                ksefTextArb(32),
              ),
            ),
            supplier_party_city: opt(ksefTextArb(256)),
            supplier_party_country: countryArb,
            supplier_contact_email: opt(emailArb),
            supplier_contact_phone: opt(phoneArb),
            supplier_party_vat_prefix: opt(fc.boolean()),
          }),
          buyer: buyerArb,
          flatThirdParty: opt(ksefThirdPartyArb),
          additionalThirdParties: fc.array(ksefThirdPartyArb, { maxLength: 3 }),
          breakdowns: breakdownsArb(foreign),
          total: ksefAmountArb(),
          flags: fc.record({
            cash_accounting: opt(fc.boolean()),
            self_billing: opt(fc.boolean()),
            reverse_charge: opt(fc.boolean()),
            split_payment: opt(fc.boolean()),
            triangular_procedure: opt(fc.boolean()),
            receipt_invoice: opt(fc.boolean()),
            related_parties: opt(fc.boolean()),
            margin_scheme: opt(fc.constantFrom(...KSEF_MARGIN_SCHEMES)),
          }),
          exemption: fc.record({
            exemption_basis: ksefTextArb(256),
            exemption_basis_type: opt(fc.constantFrom('A', 'B', 'C') as fc.Arbitrary<'A' | 'B' | 'C'>),
          }),
          withExemption: fc.boolean(),
          lines: fc
            .integer({ min: 0, max: advance ? 3 : 30 })
            .chain((count) =>
              fc.array(lineArb(foreign, withReportRate), { minLength: count, maxLength: count }),
            ),
          orderLines: fc.array(orderLineArb, { minLength: 1, maxLength: 5 }),
          orderTotal: ksefAmountArb({ signed: false }),
          correction: fc.record({
            correction_reason: opt(ksefTextArb(256)),
            correction_type: opt(fc.constantFrom('1', '2', '3') as fc.Arbitrary<'1' | '2' | '3'>),
            corrected_period: opt(ksefTextArb(256)),
            corrected_invoices: fc.array(
              fc.record({ date: dateTArb, number: ksefTextArb(256), registration_code: opt(ksefNumberArb) }),
              { minLength: 1, maxLength: 3 },
            ),
            previous_advance_total: ksefAmountArb(),
          }),
          prepayments: fc.array(
            fc.oneof(
              ksefNumberArb.map((code) => ({ registration_code: code })),
              ksefTextArb(256).map((number) => ({ number })),
              fc.record({ number: ksefTextArb(256), registration_code: ksefNumberArb }),
            ),
            { minLength: 1, maxLength: 3 },
          ),
          notes: fc.array(
            fc.record({
              line_number: opt(fc.integer({ min: 1, max: 10_000 })),
              key: ksefTextArb(256),
              value: ksefTextArb(256),
            }),
            { maxLength: 3 },
          ),
          payment: fc.record({
            paid: fc.boolean(),
            payment_date: dateDArb,
            due_date: opt(dateDArb),
            method: fc.oneof(
              fc.constant({}),
              fc.constantFrom(...KSEF_PAYMENT_METHODS).map((payment_method) => ({ payment_method })),
              ksefTextArb(256).map((payment_method_description) => ({ payment_method_description })),
            ),
            bank_accounts: fc.array(bankAccountArb, { maxLength: 2 }),
          }),
          terms: fc.record({
            contract_number: opt(ksefTextArb(256)),
            contract_date: opt(dateUArb),
            purchase_order_number: opt(ksefTextArb(256)),
            purchase_order_date: opt(dateUArb),
          }),
          footer: fc.record({
            footer_text: opt(
              fc.oneof(ksefTextArb(3500), fc.constant(`Kapitał zakładowy\n\t5 000 000 zł & <więcej>`)),
            ),
            supplier_party_krs: opt(digitsArb(10)),
            supplier_party_regon: opt(fc.oneof(validRegon9Arb, validRegon14Arb)),
            supplier_party_bdo: opt(
              fc.string({ unit: fc.constantFrom(...'0123456789ABC&<'), minLength: 1, maxLength: 9 }),
            ),
          }),
        })
        .map((parts): Report => {
          const exempt =
            parts.lines.some((line) => line.tax_category === 'zw') ||
            (advance && parts.orderLines.some((line) => line.tax_category === 'zw')) ||
            parts.breakdowns.some((breakdown) => breakdown.bucket === '7');
          const flat = parts.flatThirdParty;
          return {
            type: 'Ksef',
            invoice_type_code: code,
            number: parts.number,
            date: parts.date,
            issue_place: parts.issue_place,
            currency,
            despatch_advice_reference: parts.despatch,
            ...parts.supplyDate,
            exchange_rate: withReportRate ? parts.exchange_rate : null,
            ...parts.seller,
            ...parts.buyer,
            ...(flat === null ? {} : flatThirdParty(flat)),
            additional_third_parties: parts.additionalThirdParties,
            tax_breakdowns: parts.breakdowns,
            total_amount: parts.total,
            ...parts.flags,
            ...(exempt || parts.withExemption ? parts.exemption : {}),
            ...(correction ? { ...parts.correction } : {}),
            previous_advance_total:
              code === 'KOR_ZAL' || code === 'KOR_ROZ' ? parts.correction.previous_advance_total : null,
            lines: parts.lines,
            ...(advance ? { order_total_amount: parts.orderTotal, order_lines: parts.orderLines } : {}),
            prepayment_references: settlement ? parts.prepayments : [],
            additional_info: parts.notes,
            paid: parts.payment.paid,
            payment_date: parts.payment.paid ? parts.payment.payment_date : null,
            due_date: parts.payment.due_date,
            ...parts.payment.method,
            bank_accounts: parts.payment.bank_accounts,
            ...parts.terms,
            ...parts.footer,
          };
        });
    });
}

/** A deliberate defect: the report broken, and the code and param `fa3Issues` must report. */
export interface KsefDefect {
  /** The defect's name (one of {@link KSEF_DEFECTS}). */
  name: string;
  /** The defective report. */
  report: Report;
  /** The catalog code `fa3Issues` must report. */
  code: ErrorCode;
  /** The param it must report it at (as on the wire). */
  param: string;
}

/** A value the defect may use (an index into a list, a bad text). */
interface Pick {
  index: number;
  badChar: string;
}

/** The defects: each takes a valid report and breaks one thing. */
const DEFECTS: ReadonlyArray<{
  name: string;
  applies?: (report: Report) => boolean;
  apply: (report: Report, pick: Pick) => { report: Report; code: ErrorCode; param: string };
}> = [
  {
    name: 'number blank',
    apply: (report) => ({ report: { ...report, number: '  ' }, code: 'parameter_blank', param: 'number' }),
  },
  {
    name: 'seller NIP with a wrong check digit',
    apply: (report) => {
      const nip = (report.supplier_party_tax_id ?? '').replace(/\D/g, '').slice(-10);
      // money-safe: the next check digit around the ten digits, not an amount
      const wrong = nip.slice(0, 9) + String((Number(nip.charAt(9)) + 1) % 10);
      return {
        report: { ...report, supplier_party_tax_id: wrong },
        code: 'parameter_invalid',
        param: 'supplier_party_tax_id',
      };
    },
  },
  {
    name: 'date before 2006',
    apply: (report) => ({
      report: { ...report, date: '2005-12-31' },
      code: 'parameter_invalid',
      param: 'date',
    }),
  },
  {
    name: 'an unknown rate code on a line',
    applies: (report) => (report.lines ?? []).length > 0,
    apply: (report, pick) => {
      const lines = [...(report.lines ?? [])];
      // money-safe: a line index picked modulo the number of lines, not an amount
      const index = pick.index % lines.length;
      lines[index] = { ...(lines[index] as Line), tax_category: '0' as KsefTaxRate };
      return {
        report: { ...report, lines },
        code: 'parameter_inclusion',
        param: `lines[${index}].tax_category`,
      };
    },
  },
  {
    name: 'a foreign-currency line at an exchange rate of zero',
    apply: (report) => {
      const line: Line = { description: 'x', net_amount: '1', tax_category: '23', exchange_rate: '0.000' };
      const lines = [...(report.lines ?? []), line];
      return {
        report: { ...report, currency: 'EUR', lines },
        code: 'parameter_invalid',
        param: `lines[${lines.length - 1}].exchange_rate`,
      };
    },
  },
  {
    name: 'a control character in the seller name',
    apply: (report, pick) => ({
      report: { ...report, supplier_party_name: `ABC${pick.badChar}D` },
      code: 'parameter_invalid',
      param: 'supplier_party_name',
    }),
  },
  {
    name: 'a total with 17 integer digits',
    apply: (report) => ({
      report: { ...report, total_amount: '12345678901234567' },
      code: 'parameter_invalid',
      param: 'total_amount',
    }),
  },
  {
    name: 'a unit price with 15 integer digits',
    applies: (report) => (report.lines ?? []).length > 0,
    apply: (report, pick) => {
      const lines = [...(report.lines ?? [])];
      // money-safe: a line index picked modulo the number of lines, not an amount
      const index = pick.index % lines.length;
      lines[index] = { ...(lines[index] as Line), price: '100000000000000' };
      return { report: { ...report, lines }, code: 'parameter_invalid', param: `lines[${index}].price` };
    },
  },
  {
    name: 'a bank account of 9 characters',
    apply: (report) => ({
      report: { ...report, bank_accounts: [{ account_number: '123456789' }] },
      code: 'parameter_invalid',
      param: 'bank_accounts[0].account_number',
    }),
  },
  {
    name: 'a lower-case BIC',
    apply: (report) => ({
      report: { ...report, bank_accounts: [{ account_number: '1234567890', bic: 'wbkpplpp' }] },
      code: 'parameter_invalid',
      param: 'bank_accounts[0].bic',
    }),
  },
  {
    name: 'a KRS of 9 digits',
    apply: (report) => ({
      report: { ...report, supplier_party_krs: '000009999' },
      code: 'parameter_invalid',
      param: 'supplier_party_krs',
    }),
  },
  {
    name: 'a bucket twice',
    apply: (report) => {
      const breakdowns: Breakdown[] = [
        ...(report.tax_breakdowns ?? []).filter((breakdown) => breakdown.bucket !== '8'),
        { bucket: '8', taxable_base: '1' },
        { bucket: '8', taxable_base: '2' },
      ];
      return {
        report: { ...report, tax_breakdowns: breakdowns },
        code: 'parameter_invalid',
        param: `tax_breakdowns[${breakdowns.length - 1}].bucket`,
      };
    },
  },
  {
    name: 'a correction reason without corrected invoices',
    apply: (report) => ({
      report: { ...report, correction_reason: 'obniżka ceny', corrected_invoices: [] },
      code: 'parameter_blank',
      param: 'corrected_invoices',
    }),
  },
  {
    name: 'tax_point_date with an invoicing period',
    apply: (report) => ({
      report: {
        ...report,
        tax_point_date: '2026-02-01',
        invoicing_period_start: '2026-01-01',
        invoicing_period_end: '2026-01-31',
      },
      code: 'parameter_invalid',
      param: 'tax_point_date',
    }),
  },
  {
    name: 'an exemption basis longer than TZnakowy',
    apply: (report) => ({
      report: {
        ...report,
        exemption_basis: `art. 43 ${'x'.repeat(256)}`,
        lines: [...(report.lines ?? []), { description: 'x', tax_category: 'zw' }],
      },
      code: 'parameter_invalid',
      param: 'exemption_basis',
    }),
  },
  {
    name: 'an advance reference with a malformed KSeF number',
    apply: (report) => ({
      report: { ...report, prepayment_references: [{ registration_code: '9999999999-2026-01-01' }] },
      code: 'parameter_invalid',
      param: 'prepayment_references[0].registration_code',
    }),
  },
  {
    name: 'a phone of 17 characters',
    apply: (report) => ({
      report: { ...report, supplier_contact_phone: '+48 123 456 789 0' },
      code: 'parameter_invalid',
      param: 'supplier_contact_phone',
    }),
  },
  {
    name: 'an e-mail without @',
    apply: (report) => ({
      report: { ...report, customer_party_email: 'jan.kowalski.pl' },
      code: 'parameter_invalid',
      param: 'customer_party_email',
    }),
  },
  {
    name: 'order lines without order_total_amount',
    apply: (report) => ({
      report: { ...report, order_total_amount: null, order_lines: [{ description: 'x' }] },
      code: 'parameter_blank',
      param: 'order_total_amount',
    }),
  },
  {
    name: 'a text longer than TZnakowy',
    apply: (report) => ({
      report: { ...report, issue_place: 'x'.repeat(257) },
      code: 'parameter_invalid',
      param: 'issue_place',
    }),
  },
  {
    name: 'a buyer EU VAT number that cannot be split',
    apply: (report) => ({
      report: {
        ...report,
        customer_party_id_type: 'eu_vat',
        customer_party_tax_id: '123456',
        customer_party_country: 'US',
      },
      code: 'parameter_invalid',
      param: 'customer_party_tax_id',
    }),
  },
];

/**
 * The names of the defects {@link defectiveKsefReportArb} produces.
 *
 * @example
 * ```ts
 * KSEF_DEFECTS.includes('a KRS of 9 digits'); // true
 * ```
 */
export const KSEF_DEFECTS: readonly string[] = DEFECTS.map((defect) => defect.name);

/** Options of {@link defectiveKsefReportArb}. */
export interface DefectiveKsefReportArbOptions {
  /** The type code of the report broken; default any. */
  type?: KsefTypeCode;
  /** One defect of {@link KSEF_DEFECTS}; default any. */
  defect?: string;
}

/**
 * A valid report (see {@link validKsefReportArb}) with one deliberate defect, and the code and param
 * `fa3Issues` must report for it (possibly among other issues). Throws for an unknown defect name.
 *
 * @example
 * ```ts
 * // My KSeF validator refuses every report fiscalkit refuses, at the same field:
 * fc.assert(fc.property(defectiveKsefReportArb(), ({ report, code, param }) => {
 *   expect(fa3Issues(report)).toContainEqual(expect.objectContaining({ code, param }));
 *   expect(myKsefValidator(report).errors.map((error) => error.field)).toContain(param);
 * }));
 * ```
 */
export function defectiveKsefReportArb(
  options: DefectiveKsefReportArbOptions = {},
): fc.Arbitrary<KsefDefect> {
  const defects =
    options.defect === undefined ? DEFECTS : DEFECTS.filter(({ name }) => name === options.defect);
  if (defects.length === 0) throw new Error(`unknown KSeF defect ${String(options.defect)}`);
  return fc
    .tuple(
      validKsefReportArb(options.type),
      fc.constantFrom(...defects),
      fc.integer({ min: 0, max: 1000 }),
      fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000B', '\u001F', '\u007F', '\uFFFF', '\uD800'),
    )
    .filter(([report, defect]) => defect.applies === undefined || defect.applies(report))
    .map(([report, defect, index, badChar]) => ({
      name: defect.name,
      ...defect.apply(report, { index, badChar }),
    }));
}
