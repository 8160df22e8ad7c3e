import { isCountryCode } from '../codelists/countries.js';
import { KSEF_TYPE_CODES } from '../codelists/invoiceTypes.js';
import {
  KSEF_CORRECTION_TYPES,
  KSEF_EXEMPTION_BASES,
  KSEF_GTU_CODES,
  KSEF_MARGIN_SCHEMES,
  KSEF_PAYMENT_METHODS,
  KSEF_PROCEDURES,
} from '../codelists/ksefCodes.js';
import {
  KSEF_BUCKETS,
  KSEF_BUCKETS_WITH_LOCAL_TAX,
  KSEF_BUCKETS_WITH_TAX,
  KSEF_TAX_RATES,
} from '../codelists/ksefRates.js';
import { IssueCollector } from '../errors/issueCollector.js';
import type { ValidationIssue } from '../errors/validationIssue.js';
import { checkPolishNip } from '../identifiers/polishNip.js';
import type { KsefTaxReportCreate } from '../model/ksefTaxReport.js';
import { KSEF_THIRD_PARTY_ROLES } from '../model/ksefThirdParty.js';
import { isCurrencyCode } from '../money/currencies.js';
import { isPresent } from '../rules/issue.js';
import {
  BDO,
  type Fa3DateType,
  type Fa3DecimalType,
  type Fa3TextType,
  ORDER_LINE_PROCEDURES,
  SWIFT,
  TADRES_EMAIL,
  TDATA,
  TDATA_T,
  TDATA_U,
  TILOSCI,
  TKWOTOWY,
  TKWOTOWY2,
  TNATURALNY_MAX,
  TNIP_ID_WEW,
  TNR_IDENTYFIKACJI,
  TNR_KRS,
  TNR_RB,
  TNR_REGON,
  TNR_VAT_UE,
  TNUMER_KSEF,
  TNUMER_TELEFONU,
  TTEKSTOWY,
  TZNAKOWY,
  TZNAKOWY20,
  TZNAKOWY50,
  TZNAKOWY512,
} from './build/fa3Types.js';
import {
  FA3_UNLISTED_CURRENCIES,
  fa3Decimal,
  fa3Percent,
  fa3TextLength,
  isFa3Date,
  isFa3Email,
  isPositiveDecimal,
  isXmlText,
} from './build/fa3Values.js';
import {
  addressLines,
  customerIdentification,
  type Fa3Identification,
  thirdPartyIdentification,
} from './partyIdentification.js';

/** A path to a field as `IssueCollector.add` takes it: `['lines', 3, 'tax_category']`. */
type Path = readonly (string | number)[];

/** The correction types whose `P_15ZK` is written, inside the correction block (ksef-fa3.md §6.8, §6.9). */
const WITH_PREVIOUS_TOTAL: readonly string[] = ['KOR_ZAL', 'KOR_ROZ'];

/** The advance type codes: `Fa/Zamowienie` is theirs (ksef-fa3.md §6.8). */
const ADVANCES: readonly string[] = ['ZAL', 'KOR_ZAL'];

/** The buyer identification types of `customer_party_id_type`. */
const CUSTOMER_ID_TYPES: readonly string[] = ['nip', 'eu_vat', 'other', 'none'];

/** The XSD's repetition limits (ksef-fa3.md §5). */
const MAX_LINES = 10_000;
const MAX_CORRECTED_INVOICES = 50_000;
const MAX_ADDITIONAL_INFO = 10_000;
const MAX_BANK_ACCOUNTS = 100;
const MAX_PREPAYMENTS = 100;
const MAX_THIRD_PARTIES = 100;

/**
 * The rule id of an element's occurrence in the schema (`minOccurs`, a choice, a sequence):
 * `Fa/OkresFa/P_6_Do` → `fa3.Fa.OkresFa.P_6_Do`, from the same element path the message cites.
 */
function elementRule(element: string): string {
  return `fa3.${element.split('/').join('.')}`;
}

/**
 * Collects issues (the shared {@link IssueCollector}) and checks single values against the FA(3)
 * types. Every check answers the value as FA(3) will get it (trimmed text, canonical decimal), or
 * null when it is absent or refused, so that the cross-field rules only look at usable values. A
 * value that does not fit its type is rule `fa3.<XSD type>` (`fa3.TZnakowy`, `fa3.TKwotowy`, …); a
 * required element that is absent is rule `fa3.<element path>` (`fa3.Fa.P_1`).
 */
class Checker extends IssueCollector {
  blank(rule: string, path: Path, message: string): void {
    this.add(rule, 'parameter_blank', path, message);
  }

  invalid(rule: string, path: Path, message: string): void {
    this.add(rule, 'parameter_invalid', path, message);
  }

  inclusion(rule: string, path: Path, message: string): void {
    this.add(rule, 'parameter_inclusion', path, message);
  }

  /** A required value that is absent; true when it was. */
  missing(path: Path, value: unknown, required: boolean, element: string): boolean {
    if (isPresent(value)) return false;
    if (required) this.blank(elementRule(element), path, `is required (FA(3) ${element})`);
    return true;
  }

  /** A text of an FA(3) text type: XML-safe, within the type's length as the schema measures it. */
  text(path: Path, value: unknown, type: Fa3TextType, element: string, required = false): string | null {
    if (this.missing(path, value, required, element)) return null;
    if (typeof value !== 'string') {
      this.invalid(`fa3.${type.name}`, path, `must be a string (FA(3) ${element})`);
      return null;
    }
    const written = value.trim();
    if (!isXmlText(written)) {
      // KSeF refuses what XML 1.0 cannot carry and discouraged characters (ksef-fa3.md §4).
      this.invalid(
        'ksef.4.characters',
        path,
        `contains a character an XML 1.0 document cannot carry or that KSeF refuses (a control character, a lone surrogate or a noncharacter; FA(3) ${element})`,
      );
      return null;
    }
    const length = fa3TextLength(written, type);
    if (length < type.min || length > type.max) {
      // Plain words, with the length as the schema measures it (issue #18 item 13).
      const measured = `is ${String(length)} characters long${type.token ? ' after whitespace collapse' : ''}`;
      this.invalid(
        `fa3.${type.name}`,
        path,
        type.min > 1
          ? `${measured}; the schema allows ${String(type.min)}–${String(type.max)} (FA(3) ${element}, ${type.name})`
          : `${measured}; the schema allows at most ${String(type.max)} (FA(3) ${element}, ${type.name})`,
      );
      return null;
    }
    return written;
  }

  /** A text that must also match a pattern of the XSD, the rule `rule` (`fa3.TNrKRS`). */
  pattern(
    rule: string,
    path: Path,
    value: unknown,
    type: Fa3TextType,
    pattern: RegExp,
    element: string,
    shape: string,
    required = false,
  ): string | null {
    const written = this.text(path, value, type, element, required);
    if (written === null) return null;
    if (!pattern.test(written)) {
      this.invalid(rule, path, `must be ${shape} (FA(3) ${element})`);
      return null;
    }
    return written;
  }

  /** A decimal of an FA(3) decimal type, in its canonical spelling. */
  decimal(
    path: Path,
    value: unknown,
    type: Fa3DecimalType,
    element: string,
    required = false,
  ): string | null {
    if (this.missing(path, value, required, element)) return null;
    const canonical = fa3Decimal(value, type);
    if (canonical === null)
      this.invalid(
        `fa3.${type.name}`,
        path,
        `must be a decimal string with at most ${String(type.integerDigits)} integer digits and ${String(type.fractionDigits)} decimals (FA(3) ${element}, ${type.name})`,
      );
    return canonical;
  }

  /**
   * An exchange rate: `TIlosci` and greater than zero (`ksefRate` of the model; the XSD allows a
   * negative `TIlosci`, taxmath.md §3.10 refuses a rate ≤ 0).
   */
  rate(path: Path, value: unknown, element: string, required = false): string | null {
    const canonical = this.decimal(path, value, TILOSCI, element, required);
    if (canonical === null) return null;
    if (!isPositiveDecimal(canonical)) {
      this.invalid('taxmath.3.10.positive-rate', path, `must be greater than zero (FA(3) ${element})`);
      return null;
    }
    return canonical;
  }

  /** A `TProcentowy` percentage, 0–100. */
  percent(path: Path, value: unknown, element: string): string | null {
    if (this.missing(path, value, false, element)) return null;
    const canonical = fa3Percent(value);
    if (canonical === null)
      this.invalid(
        'fa3.TProcentowy',
        path,
        `must be a percentage from 0 to 100 with at most 6 decimals (FA(3) ${element}, TProcentowy)`,
      );
    return canonical;
  }

  /** A date of an FA(3) date type. */
  date(path: Path, value: unknown, type: Fa3DateType, element: string, required = false): string | null {
    if (this.missing(path, value, required, element)) return null;
    if (!isFa3Date(value, type)) {
      this.invalid(
        `fa3.${type.name}`,
        path,
        `must be a date written YYYY-MM-DD from ${type.min} to ${type.max} (FA(3) ${element}, ${type.name})`,
      );
      return null;
    }
    return value as string;
  }

  /** A value of a closed code list, the rule `rule` (the list's XSD type, `fa3.TRodzajFaktury`). */
  code(
    rule: string,
    path: Path,
    value: unknown,
    codes: readonly string[],
    element: string,
    required = false,
  ): string | null {
    if (this.missing(path, value, required, element)) return null;
    if (typeof value !== 'string' || !codes.includes(value)) {
      this.inclusion(rule, path, `must be one of ${codes.join(', ')} (FA(3) ${element})`);
      return null;
    }
    return value;
  }

  /** A `TNaturalny` line number: a whole number from 1 to 14 digits. */
  lineNumber(path: Path, value: unknown, element: string): void {
    if (value === null || value === undefined) return;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > TNATURALNY_MAX)
      this.invalid(
        'fa3.TNaturalny',
        path,
        `must be a whole number from 1 to ${String(TNATURALNY_MAX)} (FA(3) ${element}, TNaturalny)`,
      );
  }

  /**
   * A list: absent (`[]`), or an array of at most `max` elements; null when it is neither. `rule` is
   * the repeated element's occurrence (`fa3.Fa.FaWiersz`, `maxOccurs`).
   */
  list<T>(
    rule: string,
    path: Path,
    value: readonly T[] | null | undefined,
    max: number,
    element: string,
  ): readonly T[] | null {
    if (value === null || value === undefined) return [];
    if (!Array.isArray(value)) {
      this.invalid(rule, path, `must be a list (FA(3) ${element})`);
      return null;
    }
    if (value.length > max) {
      this.invalid(rule, path, `must hold at most ${String(max)} elements (FA(3) ${element})`);
      return null;
    }
    return value;
  }

  /** A string that is read but not written (a scheme): trimmed, or null when absent. */
  string(path: Path, value: unknown): string | null {
    if (!isPresent(value)) return null;
    if (typeof value !== 'string') {
      this.invalid('fiscalkit.ksef.text-field', path, 'must be a string');
      return null;
    }
    return value.trim();
  }
}

/**
 * Everything that would stop a Ksef tax report from becoming a schema-valid FA(3) document, found
 * before any XML exists (ksef-fa3.md §2, §5, §6), each at the report's own field as on the wire:
 * `parameter_blank` for a missing required value, `parameter_invalid` for a value the schema would
 * refuse, `parameter_inclusion` for a value outside an FA(3) code list. The report is typed, but it
 * may not have come through the zod schema (the importer and the generator construct it), so
 * every value is checked as it is. The business rules of spec §2.7 (`ksefTaxReportIssues`) are
 * not repeated here: this is what the XSD and KSeF's own checks (§4) demand, and nothing more, so
 * that every document KSeF accepts can be imported and written back (issue #18 item 12: the VAT
 * act's content rules — exemption basis, corrected invoice, PLN conversion — are
 * `ksefInvoiceContentIssues` in `src/rules`, for reports created directly or generated).
 *
 * Issues come in document order: header, seller, buyer, third parties, amounts, annotations,
 * correction, notes and advances, lines, payment, terms, order, footer.
 *
 * @example
 * ```ts
 * fa3Issues({ type: 'Ksef', invoice_type_code: 'VAT', number: 'FV/1' })[0];
 * // { rule: 'fa3.Fa.P_1', code: 'parameter_blank', param: 'date', message: 'date is required (FA(3) Fa/P_1)' }
 * ```
 */
export function fa3Issues(report: KsefTaxReportCreate): ValidationIssue[] {
  const check = new Checker();
  const header = headerIssues(check, report);
  sellerIssues(check, report);
  buyerIssues(check, report);
  thirdPartyIssues(check, report);
  bucketIssues(check, report);
  annotationIssues(check, report);
  correctionIssues(check, report, header.type);
  noteAndAdvanceIssues(check, report);
  lineIssues(check, report);
  paymentIssues(check, report);
  termsIssues(check, report);
  orderIssues(check, report, header.type);
  footerIssues(check, report);
  return check.issues;
}

/** What later rules need to know of the header. */
interface Header {
  type: string | null;
}

/** `Fa`: type, number, dates, currency, total, and the exchange rate. */
function headerIssues(check: Checker, report: KsefTaxReportCreate): Header {
  const type = check.code(
    'fa3.TRodzajFaktury',
    ['invoice_type_code'],
    report.invoice_type_code,
    KSEF_TYPE_CODES,
    'Fa/RodzajFaktury',
    true,
  );
  check.text(['number'], report.number, TZNAKOWY, 'Fa/P_2', true);
  check.date(['date'], report.date, TDATA_T, 'Fa/P_1', true);
  currencyIssues(check, report.currency);
  check.decimal(['total_amount'], report.total_amount, TKWOTOWY, 'Fa/P_15', true);
  check.text(['issue_place'], report.issue_place, TZNAKOWY, 'Fa/P_1M');
  check.text(['despatch_advice_reference'], report.despatch_advice_reference, TZNAKOWY, 'Fa/WZ');
  check.date(['tax_point_date'], report.tax_point_date, TDATA_T, 'Fa/P_6');
  check.date(['invoicing_period_start'], report.invoicing_period_start, TDATA_T, 'Fa/OkresFa/P_6_Od');
  check.date(['invoicing_period_end'], report.invoicing_period_end, TDATA_T, 'Fa/OkresFa/P_6_Do');
  // `P_6 | OkresFa` is an xsd:choice, and `OkresFa` needs both of its dates (ksef-fa3.md §5).
  const hasStart = isPresent(report.invoicing_period_start);
  const hasEnd = isPresent(report.invoicing_period_end);
  if (isPresent(report.tax_point_date) && (hasStart || hasEnd))
    check.invalid(
      'fa3.Fa.P_6-OkresFa',
      ['tax_point_date'],
      'cannot be given together with invoicing_period_start / invoicing_period_end (FA(3) Fa/P_6 or Fa/OkresFa, not both)',
    );
  if (hasStart && !hasEnd)
    check.blank(
      'fa3.Fa.OkresFa.P_6_Do',
      ['invoicing_period_end'],
      'is required with invoicing_period_start (FA(3) Fa/OkresFa/P_6_Do)',
    );
  if (hasEnd && !hasStart)
    check.blank(
      'fa3.Fa.OkresFa.P_6_Od',
      ['invoicing_period_start'],
      'is required with invoicing_period_end (FA(3) Fa/OkresFa/P_6_Od)',
    );
  check.rate(['exchange_rate'], report.exchange_rate, 'Fa/KursWalutyZ or Fa/FaWiersz/KursWaluty');
  // `KursWalutyZ` is optional in the XSD and KSeF does not ask for it: that a ZAL in a foreign
  // currency states its rate is the rule `ksefForeignCurrencyIssues` (src/rules), not a schema check.
  return { type };
}

/** `KodWaluty`: an ISO 4217 code that FA(3)'s closed `TKodWaluty` list also has. */
function currencyIssues(check: Checker, value: unknown): string | null {
  if (check.missing(['currency'], value, true, 'Fa/KodWaluty')) return null;
  if (typeof value !== 'string' || !isCurrencyCode(value) || FA3_UNLISTED_CURRENCIES.includes(value)) {
    check.inclusion(
      'fa3.TKodWaluty',
      ['currency'],
      'must be an ISO 4217 currency code listed by FA(3) TKodWaluty (FA(3) Fa/KodWaluty; SLE, VED and ZWG are not)',
    );
    return null;
  }
  return value;
}

/** A country code: ISO 3166-1 alpha-2, upper case; FA(3) `etd:TKodKraju` lists every one of them. */
function countryIssues(
  check: Checker,
  path: Path,
  value: unknown,
  element: string,
  required = false,
): string | null {
  if (check.missing(path, value, required, element)) return null;
  if (typeof value !== 'string' || !isCountryCode(value)) {
    check.inclusion(
      'fa3.TKodKraju',
      path,
      `must be an ISO 3166-1 alpha-2 country code in upper case (FA(3) ${element})`,
    );
    return null;
  }
  return value;
}

/** A field of a party: its path on the wire and its value. */
interface Field {
  path: Path;
  value: unknown;
}

/** A party's fields by their name without prefix (`address` → `supplier_party_address`). */
type Fields = (name: string) => Field;

/** The fields of a report named `<prefix><name>`. */
function prefixedFields(report: KsefTaxReportCreate, prefix: string): Fields {
  const values = report as Record<string, unknown>;
  return (name) => ({ path: [`${prefix}${name}`], value: values[`${prefix}${name}`] });
}

/**
 * The address of a party (`TAdres`: `KodKraju`, `AdresL1`, `AdresL2`): each line within
 * `TZnakowy512`, "postcode city" measured as written (ksef-fa3.md §6.1). `KodKraju` is mandatory in
 * `TAdres`, so an address without a country cannot be written: a **fiscalkit choice** to refuse it
 * at the country rather than drop the address silently. `country` is the caller's checked value.
 */
function addressIssues(
  check: Checker,
  field: Fields,
  country: string | null,
  element: string,
  required: boolean,
): void {
  const address = field('address');
  const postalcode = field('postalcode');
  const city = field('city');
  check.text(address.path, address.value, TZNAKOWY512, `${element}/Adres/AdresL1`, required);
  const code = check.text(postalcode.path, postalcode.value, TZNAKOWY512, `${element}/Adres/AdresL2`);
  const town = check.text(city.path, city.value, TZNAKOWY512, `${element}/Adres/AdresL2`);
  const [, second] = addressLines(null, code, town);
  if (second !== null && fa3TextLength(second, TZNAKOWY512) > TZNAKOWY512.max)
    check.invalid(
      'fa3.TZnakowy512',
      city.path,
      `makes "postcode city" longer than 512 characters (FA(3) ${element}/Adres/AdresL2)`,
    );
  const anyLine = [address, postalcode, city].some((line) => isPresent(line.value));
  const countryField = field('country');
  if (!required && anyLine && country === null && !isPresent(countryField.value))
    check.blank(
      'fa3.TAdres.KodKraju',
      countryField.path,
      `is required with an address (FA(3) ${element}/Adres/KodKraju)`,
    );
}

/** `Podmiot1`: NIP (with its checksum), name, the mandatory address, contacts. */
function sellerIssues(check: Checker, report: KsefTaxReportCreate): void {
  const nip = check.text(
    ['supplier_party_tax_id'],
    report.supplier_party_tax_id,
    TZNAKOWY,
    'Podmiot1/DaneIdentyfikacyjne/NIP',
    true,
  );
  // KSeF checks the seller's NIP checksum in production (ksef-fa3.md §4); TNrNIP is 10 digits.
  if (nip !== null && !checkPolishNip(nip).valid)
    check.invalid(
      'ksef.4.nip-checksum',
      ['supplier_party_tax_id'],
      'must be a valid Polish NIP: 10 digits with a correct check digit, a PL prefix and dashes allowed (FA(3) Podmiot1/DaneIdentyfikacyjne/NIP)',
    );
  check.text(
    ['supplier_party_name'],
    report.supplier_party_name,
    TZNAKOWY512,
    'Podmiot1/DaneIdentyfikacyjne/Nazwa',
    true,
  );
  const country = countryIssues(
    check,
    ['supplier_party_country'],
    report.supplier_party_country,
    'Podmiot1/Adres/KodKraju',
    true,
  );
  addressIssues(check, prefixedFields(report, 'supplier_party_'), country, 'Podmiot1', true);
  emailIssues(
    check,
    ['supplier_contact_email'],
    report.supplier_contact_email,
    'Podmiot1/DaneKontaktowe/Email',
  );
  check.text(
    ['supplier_contact_phone'],
    report.supplier_contact_phone,
    TNUMER_TELEFONU,
    'Podmiot1/DaneKontaktowe/Telefon',
  );
}

/** An e-mail address of `DaneKontaktowe` (`etd:TAdresEmail`). */
function emailIssues(check: Checker, path: Path, value: unknown, element: string): void {
  const email = check.text(path, value, TADRES_EMAIL, element);
  if (email !== null && !isFa3Email(email))
    check.invalid(
      'fa3.TAdresEmail',
      path,
      `must be an e-mail address with text on both sides of an @ (FA(3) ${element})`,
    );
}

/** `Podmiot2`: identification, name, address, contacts, customer number. */
function buyerIssues(check: Checker, report: KsefTaxReportCreate): void {
  const element = 'Podmiot2/DaneIdentyfikacyjne';
  const type = check.code(
    'fiscalkit.ksef.customer-id-type',
    ['customer_party_id_type'],
    report.customer_party_id_type,
    CUSTOMER_ID_TYPES,
    element,
  );
  const taxId = check.text(
    ['customer_party_tax_id'],
    report.customer_party_tax_id,
    TNR_IDENTYFIKACJI,
    element,
  );
  const country = countryIssues(
    check,
    ['customer_party_country'],
    report.customer_party_country,
    'Podmiot2/Adres/KodKraju',
  );
  const usable = [
    [type, report.customer_party_id_type],
    [taxId, report.customer_party_tax_id],
    [country, report.customer_party_country],
  ].every(([checked, given]) => checked !== null || !isPresent(given));
  if (usable) {
    const identification = customerIdentification({
      customer_party_id_type: type as CustomerIdType | null,
      customer_party_tax_id: taxId,
      customer_party_country: country,
    });
    if (identification === null) {
      if (taxId === null)
        check.blank(
          'fa3.Podmiot2.DaneIdentyfikacyjne',
          ['customer_party_tax_id'],
          `is required when customer_party_id_type is ${String(type)} (FA(3) ${element})`,
        );
      else
        check.invalid(
          'fa3.TKodyKrajowUE',
          ['customer_party_tax_id'],
          `cannot be written as an EU VAT number: it has no EU country prefix and customer_party_country is not an EU country (FA(3) ${element}/KodUE)`,
        );
    } else identificationIssues(check, ['customer_party_tax_id'], identification, element);
  }
  check.text(['customer_party_name'], report.customer_party_name, TZNAKOWY512, `${element}/Nazwa`);
  addressIssues(check, prefixedFields(report, 'customer_party_'), country, 'Podmiot2', false);
  emailIssues(check, ['customer_party_email'], report.customer_party_email, 'Podmiot2/DaneKontaktowe/Email');
  check.text(
    ['customer_party_phone'],
    report.customer_party_phone,
    TNUMER_TELEFONU,
    'Podmiot2/DaneKontaktowe/Telefon',
  );
  check.text(['customer_party_number'], report.customer_party_number, TZNAKOWY, 'Podmiot2/NrKlienta');
}

/** The identification types of `customer_party_id_type`. */
type CustomerIdType = 'nip' | 'eu_vat' | 'other' | 'none';

/**
 * What the schema and KSeF demand of a resolved identification: a NIP with its checksum (KSeF checks
 * it for Podmiot2 and Podmiot3 too, and the NIP part of `IDWew`; ksef-fa3.md §4), an EU VAT number
 * that fits `TNrVatUE`, an internal id that fits `TNIPIdWew`, another id of at most 50 characters.
 */
function identificationIssues(
  check: Checker,
  path: Path,
  identification: Fa3Identification,
  element: string,
): void {
  switch (identification.kind) {
    case 'nip':
      if (!checkPolishNip(identification.nip).valid)
        check.invalid(
          'ksef.4.nip-checksum',
          path,
          `must be a valid Polish NIP: 10 digits with a correct check digit (FA(3) ${element}/NIP)`,
        );
      return;
    case 'eu_vat':
      if (!TNR_VAT_UE.test(identification.number))
        check.invalid(
          'fa3.TNrVatUE',
          path,
          `must be an EU VAT number of at most 12 letters, digits, + or * after its country prefix (FA(3) ${element}/NrVatUE)`,
        );
      return;
    case 'internal':
      if (!TNIP_ID_WEW.test(identification.id) || !checkPolishNip(identification.id.slice(0, 10)).valid)
        check.invalid(
          'fa3.TNIPIdWew',
          path,
          `must be an internal id NIP-NNNNN with a valid NIP (FA(3) ${element}/IDWew)`,
        );
      return;
    case 'other':
    case 'none':
      // `NrID` was measured as the tax id or id itself (TNrIdentyfikacjiPodatkowej, at most 50).
      return;
  }
}

/**
 * `Podmiot3`: the flat `third_party_*` one and `additional_third_parties`, at most 100 in all. A
 * `Podmiot3` needs a role (`Rola`, ksef-fa3.md §6.3), so third-party data without `third_party_role`
 * could not be written: refused at the role rather than dropping the party silently, under the id
 * the invoice generator gives the same fact (`ksef.6.3.third-party-role`, ksef/generate/parties.ts).
 */
function thirdPartyIssues(check: Checker, report: KsefTaxReportCreate): void {
  const flat = prefixedFields(report, 'third_party_');
  const hasFlat = isPresent(report.third_party_role);
  if (hasFlat) partyIssues(check, flat, 'Podmiot3');
  else if (
    ['name', 'id', 'tax_id', 'address', 'postalcode', 'city', 'share'].some((name) =>
      isPresent(flat(name).value),
    )
  )
    check.blank(
      'ksef.6.3.third-party-role',
      ['third_party_role'],
      'is required to write the third party (FA(3) Podmiot3/Rola)',
    );
  const additional = check.list(
    'fa3.Podmiot3',
    ['additional_third_parties'],
    report.additional_third_parties,
    MAX_THIRD_PARTIES - (hasFlat ? 1 : 0),
    'Podmiot3: at most 100 with the third_party_* one',
  );
  (additional ?? []).forEach((party, index) => {
    if (!isObject(party)) {
      check.invalid(
        'fa3.Podmiot3',
        ['additional_third_parties', index],
        'must be an object (FA(3) Podmiot3)',
      );
      return;
    }
    const values = party as Record<string, unknown>;
    partyIssues(
      check,
      (name) => ({ path: ['additional_third_parties', index, name], value: values[name] }),
      'Podmiot3',
    );
  });
}

/** One third party: role, identification, name, address, share. */
function partyIssues(check: Checker, field: Fields, element: string): void {
  const role = field('role');
  check.code('fa3.TRolaPodmiotu3', role.path, role.value, KSEF_THIRD_PARTY_ROLES, `${element}/Rola`, true);
  const ids = 'DaneIdentyfikacyjne';
  const taxId = field('tax_id');
  const id = field('id');
  const countryField = field('country');
  const given = {
    tax_id: check.text(taxId.path, taxId.value, TNR_IDENTYFIKACJI, `${element}/${ids}`),
    id: check.text(id.path, id.value, TNR_IDENTYFIKACJI, `${element}/${ids}`),
    scheme: check.string(field('scheme').path, field('scheme').value),
    tax_scheme: check.string(field('tax_scheme').path, field('tax_scheme').value),
    country: countryIssues(check, countryField.path, countryField.value, `${element}/Adres/KodKraju`),
  };
  const usable = (Object.keys(given) as (keyof typeof given)[]).every(
    (name) => given[name] !== null || !isPresent(field(name).value),
  );
  if (usable) {
    const identification = thirdPartyIdentification(given);
    if (identification === null)
      check.invalid(
        'fa3.TKodyKrajowUE',
        taxId.path,
        `cannot be written as an EU VAT number: it has no EU country prefix and the country is not an EU country (FA(3) ${element}/${ids}/KodUE)`,
      );
    // thirdPartyIdentification reads tax_id first, then id.
    else
      identificationIssues(
        check,
        given.tax_id !== null ? taxId.path : id.path,
        identification,
        `${element}/${ids}`,
      );
  }
  const name = field('name');
  check.text(name.path, name.value, TZNAKOWY512, `${element}/${ids}/Nazwa`);
  addressIssues(check, field, given.country, element, false);
  const share = field('share');
  check.percent(share.path, share.value, `${element}/Udzial`);
}

/** Whether a list element is an object (an unparsed report may hold anything). */
function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

/**
 * `P_13_x` / `P_14_x` / `P_14_xW` (ksef-fa3.md §5, §6.5): one entry per bucket; `P_14_x` exists for
 * buckets 1–5 and is mandatory with `P_13_x` for 1–4 (the XSD sequences `P_13_1 P_14_1 P_14_1W?`;
 * `P_14_5` is optional); `P_14_xW` exists for 1–4 only, and is written only in a foreign currency.
 */
function bucketIssues(check: Checker, report: KsefTaxReportCreate): void {
  const breakdowns = check.list(
    'fa3.Fa.P_13_x',
    ['tax_breakdowns'],
    report.tax_breakdowns,
    KSEF_BUCKETS.length,
    'Fa/P_13_x',
  );
  const seen = new Set<string>();
  (breakdowns ?? []).forEach((breakdown, index) => {
    const at = (name: string): Path => ['tax_breakdowns', index, name];
    if (!isObject(breakdown)) {
      check.invalid('fa3.Fa.P_13_x', ['tax_breakdowns', index], 'must be an object (FA(3) Fa/P_13_x)');
      return;
    }
    const bucket = check.code(
      'fa3.Fa.P_13_x',
      at('bucket'),
      breakdown.bucket,
      KSEF_BUCKETS,
      'Fa/P_13_x',
      true,
    );
    const x = bucket ?? 'x';
    check.decimal(at('taxable_base'), breakdown.taxable_base, TKWOTOWY, `Fa/P_13_${x}`, true);
    check.decimal(at('tax_amount'), breakdown.tax_amount, TKWOTOWY, `Fa/P_14_${x}`);
    check.decimal(at('tax_amount_pln'), breakdown.tax_amount_pln, TKWOTOWY, `Fa/P_14_${x}W`);
    if (bucket === null) return;
    if (seen.has(bucket))
      check.invalid(
        'fa3.Fa.P_13_x',
        at('bucket'),
        `repeats bucket ${bucket}: each P_13_x occurs once (FA(3) Fa/P_13_${bucket})`,
      );
    seen.add(bucket);
    const hasTax = isPresent(breakdown.tax_amount);
    const hasLocal = isPresent(breakdown.tax_amount_pln);
    const withTax = (KSEF_BUCKETS_WITH_TAX as readonly string[]).includes(bucket);
    const withLocal = (KSEF_BUCKETS_WITH_LOCAL_TAX as readonly string[]).includes(bucket);
    if (hasTax && !withTax)
      check.invalid(
        'fa3.Fa.P_14_x',
        at('tax_amount'),
        `must be absent for bucket ${bucket}: FA(3) has P_14_x only for buckets 1–5`,
      );
    if (!hasTax && withLocal)
      check.blank(
        'fa3.Fa.P_14_x',
        at('tax_amount'),
        `is required for bucket ${bucket} (FA(3) Fa/P_14_${bucket} follows P_13_${bucket})`,
      );
    if (hasLocal && !withLocal)
      check.invalid(
        'fa3.Fa.P_14_xW',
        at('tax_amount_pln'),
        `must be absent for bucket ${bucket}: FA(3) has P_14_xW only for buckets 1–4`,
      );
    // `P_14_xW` beside `P_14_x` in a foreign currency is art. 106e ust. 11, not the XSD (it is
    // optional there) nor KSeF (CIRFMF/ksef-api #837, postponed): the rule `ksefForeignCurrencyIssues`.
  });
}

/**
 * `Adnotacje`: the codes of the exemption basis and the margin scheme, and the exemption basis
 * itself as a `TZnakowy` (`Zwolnienie/P_19` + `P_19A|B|C` when given, else `P_19N`; ksef-fa3.md
 * §6.5).
 */
function annotationIssues(check: Checker, report: KsefTaxReportCreate): void {
  const type = check.code(
    'fa3.Adnotacje.Zwolnienie',
    ['exemption_basis_type'],
    report.exemption_basis_type,
    KSEF_EXEMPTION_BASES,
    'Adnotacje/Zwolnienie/P_19A|P_19B|P_19C',
  );
  check.text(
    ['exemption_basis'],
    report.exemption_basis,
    TZNAKOWY,
    `Adnotacje/Zwolnienie/P_19${type ?? 'A'}`,
  );
  check.code(
    'fa3.Adnotacje.PMarzy',
    ['margin_scheme'],
    report.margin_scheme,
    KSEF_MARGIN_SCHEMES,
    'Adnotacje/PMarzy',
  );
  // An exempt line with `P_19N=1` is schema-valid and KSeF takes it; that a `zw` line names its legal
  // basis is art. 106e ust. 1 pkt 19, the rule `ksefExemptionBasisIssues` (src/rules).
}

/** A KSeF number (`TNumerKSeF`), as the messages describe it. */
const KSEF_NUMBER_SHAPE = 'a KSeF number {NIP}-YYYYMMDD-XXXXXX-XXXXXX-XX (TNumerKSeF)';

/**
 * The correction block (`PrzyczynaKorekty? TypKorekty? DaneFaKorygowanej{1..50000}
 * OkresFaKorygowanej? … P_15ZK?`): any field of the block needs at least one corrected invoice, the
 * block being one optional sequence with `DaneFaKorygowanej` mandatory inside (ksef-fa3.md §5, §6.7).
 */
function correctionIssues(check: Checker, report: KsefTaxReportCreate, type: string | null): void {
  check.text(['correction_reason'], report.correction_reason, TZNAKOWY, 'Fa/PrzyczynaKorekty');
  check.code(
    'fa3.TTypKorekty',
    ['correction_type'],
    report.correction_type,
    KSEF_CORRECTION_TYPES,
    'Fa/TypKorekty',
  );
  check.text(['corrected_period'], report.corrected_period, TZNAKOWY, 'Fa/OkresFaKorygowanej');
  check.decimal(['previous_advance_total'], report.previous_advance_total, TKWOTOWY, 'Fa/P_15ZK');
  const element = 'Fa/DaneFaKorygowanej';
  const corrected = check.list(
    'fa3.Fa.DaneFaKorygowanej',
    ['corrected_invoices'],
    report.corrected_invoices,
    MAX_CORRECTED_INVOICES,
    element,
  );
  if (corrected === null) return;
  corrected.forEach((invoice, index) => {
    const at = (name: string): Path => ['corrected_invoices', index, name];
    if (!isObject(invoice)) {
      check.invalid(
        'fa3.Fa.DaneFaKorygowanej',
        ['corrected_invoices', index],
        `must be an object (FA(3) ${element})`,
      );
      return;
    }
    check.date(at('date'), invoice.date, TDATA_T, `${element}/DataWystFaKorygowanej`, true);
    check.text(at('number'), invoice.number, TZNAKOWY, `${element}/NrFaKorygowanej`, true);
    check.pattern(
      'fa3.TNumerKSeF',
      at('registration_code'),
      invoice.registration_code,
      TZNAKOWY,
      TNUMER_KSEF,
      `${element}/NrKSeFFaKorygowanej`,
      KSEF_NUMBER_SHAPE,
    );
  });
  if (corrected.length > 0) return;
  // A correction without `DaneFaKorygowanej` is schema-valid and KSeF takes it (ksef-fa3.md §4: it
  // checks no correction references); that a correction names what it corrects is art. 106j ust. 2,
  // the rule `ksefCorrectedInvoicesIssues` (src/rules). But the block's other fields cannot be
  // written without one: `DaneFaKorygowanej` is mandatory inside the optional sequence.
  const values = report as Record<string, unknown>;
  const blockFields = ['correction_reason', 'correction_type', 'corrected_period'].filter((name) =>
    isPresent(values[name]),
  );
  if (type !== null && WITH_PREVIOUS_TOTAL.includes(type) && isPresent(report.previous_advance_total))
    blockFields.push('previous_advance_total');
  if (blockFields.length > 0)
    check.blank(
      'fa3.Fa.DaneFaKorygowanej',
      ['corrected_invoices'],
      `must hold at least one corrected invoice when ${blockFields.join(', ')} is given (FA(3) ${element})`,
    );
}

/** `DodatkowyOpis`, `FakturaZaliczkowa`. */
function noteAndAdvanceIssues(check: Checker, report: KsefTaxReportCreate): void {
  const notes = check.list(
    'fa3.Fa.DodatkowyOpis',
    ['additional_info'],
    report.additional_info,
    MAX_ADDITIONAL_INFO,
    'Fa/DodatkowyOpis',
  );
  (notes ?? []).forEach((note, index) => {
    const at = (name: string): Path => ['additional_info', index, name];
    if (!isObject(note)) {
      check.invalid(
        'fa3.Fa.DodatkowyOpis',
        ['additional_info', index],
        'must be an object (FA(3) Fa/DodatkowyOpis)',
      );
      return;
    }
    check.lineNumber(at('line_number'), note.line_number, 'Fa/DodatkowyOpis/NrWiersza');
    check.text(at('key'), note.key, TZNAKOWY, 'Fa/DodatkowyOpis/Klucz', true);
    check.text(at('value'), note.value, TZNAKOWY, 'Fa/DodatkowyOpis/Wartosc', true);
  });
  const element = 'Fa/FakturaZaliczkowa';
  const references = check.list(
    'fa3.Fa.FakturaZaliczkowa',
    ['prepayment_references'],
    report.prepayment_references,
    Number.MAX_SAFE_INTEGER,
    element,
  );
  if (references === null) return;
  // Elements marked `_destroy` are removed by the update, so they are not written.
  const kept = references.filter((reference) => !isObject(reference) || reference._destroy !== true);
  if (kept.length > MAX_PREPAYMENTS) {
    check.invalid(
      'fa3.Fa.FakturaZaliczkowa',
      ['prepayment_references'],
      `must hold at most ${String(MAX_PREPAYMENTS)} elements (FA(3) ${element})`,
    );
    return;
  }
  references.forEach((reference, index) => {
    const at = (name: string): Path => ['prepayment_references', index, name];
    if (!isObject(reference)) {
      check.invalid(
        'fa3.Fa.FakturaZaliczkowa',
        ['prepayment_references', index],
        `must be an object (FA(3) ${element})`,
      );
      return;
    }
    if (reference._destroy === true) return;
    check.pattern(
      'fa3.TNumerKSeF',
      at('registration_code'),
      reference.registration_code,
      TZNAKOWY,
      TNUMER_KSEF,
      `${element}/NrKSeFFaZaliczkowej`,
      KSEF_NUMBER_SHAPE,
    );
    check.text(at('number'), reference.number, TZNAKOWY, `${element}/NrFaZaliczkowej`);
    // `NrKSeFFaZaliczkowej | NrKSeFZN + NrFaZaliczkowej` is a choice: one of the two is needed.
    if (!isPresent(reference.registration_code) && !isPresent(reference.number))
      check.blank(
        'fa3.Fa.FakturaZaliczkowa',
        at('number'),
        `is required when registration_code is absent (FA(3) ${element}/NrFaZaliczkowej)`,
      );
  });
}

/** What a line and an order line share, as this module reads them. */
interface AnyLine {
  line_number?: unknown;
  uuid?: unknown;
  description?: unknown;
  item_code?: unknown;
  gtin?: unknown;
  pkwiu?: unknown;
  cn?: unknown;
  pkob?: unknown;
  unit?: unknown;
  quantity?: unknown;
  price?: unknown;
  net_amount?: unknown;
  tax_amount?: unknown;
  tax_category?: unknown;
  oss_percent?: unknown;
  gtu?: unknown;
  procedure?: unknown;
}

/**
 * The fields a line and an order line share (ksef-fa3.md §5 `FaWiersz`, `ZamowienieWiersz`, whose
 * elements carry a `Z` suffix). An order line's `ProceduraZ` (`TOznaczenieProceduryZ`) has no
 * `I_42` / `I_63`.
 */
function commonLineIssues(check: Checker, line: AnyLine, at: (name: string) => Path, order: boolean): void {
  const z = order ? 'Z' : '';
  const el = (name: string) => (order ? `Fa/Zamowienie/ZamowienieWiersz/${name}` : `Fa/FaWiersz/${name}`);
  check.lineNumber(at('line_number'), line.line_number, el(order ? 'NrWierszaZam' : 'NrWierszaFa'));
  check.text(at('uuid'), line.uuid, TZNAKOWY50, el(`UU_ID${z}`));
  check.text(at('description'), line.description, TZNAKOWY512, el(`P_7${z}`));
  check.text(at('item_code'), line.item_code, TZNAKOWY50, el(`Indeks${z}`));
  check.text(at('gtin'), line.gtin, TZNAKOWY20, el(`GTIN${z}`));
  check.text(at('pkwiu'), line.pkwiu, TZNAKOWY50, el(`PKWiU${z}`));
  check.text(at('cn'), line.cn, TZNAKOWY50, el(`CN${z}`));
  check.text(at('pkob'), line.pkob, TZNAKOWY50, el(`PKOB${z}`));
  check.text(at('unit'), line.unit, TZNAKOWY, el(`P_8A${z}`));
  check.decimal(at('quantity'), line.quantity, TILOSCI, el(`P_8B${z}`));
  check.decimal(at('price'), line.price, TKWOTOWY2, el(`P_9A${z}`));
  check.decimal(at('net_amount'), line.net_amount, TKWOTOWY, el(order ? 'P_11NettoZ' : 'P_11'));
  check.decimal(at('tax_amount'), line.tax_amount, TKWOTOWY, el(order ? 'P_11VatZ' : 'P_11Vat'));
  check.code('fa3.TStawkaPodatku', at('tax_category'), line.tax_category, KSEF_TAX_RATES, el(`P_12${z}`));
  check.percent(at('oss_percent'), line.oss_percent, el(`P_12${z}_XII`));
  check.code('fa3.TGTU', at('gtu'), line.gtu, KSEF_GTU_CODES, el(`GTU${z}`));
  check.code(
    order ? 'fa3.TOznaczenieProceduryZ' : 'fa3.TOznaczenieProcedury',
    at('procedure'),
    line.procedure,
    order ? ORDER_LINE_PROCEDURES : KSEF_PROCEDURES,
    el(`Procedura${z}`),
  );
}

/**
 * `FaWiersz` (at most 10,000): the values. `KursWaluty` is optional in the XSD; that every line at a
 * percentage rate of a foreign-currency invoice has one is the rule `ksefForeignCurrencyIssues`.
 */
function lineIssues(check: Checker, report: KsefTaxReportCreate): void {
  const lines = check.list('fa3.Fa.FaWiersz', ['lines'], report.lines, MAX_LINES, 'Fa/FaWiersz');
  (lines ?? []).forEach((line, index) => {
    const at = (name: string): Path => ['lines', index, name];
    if (!isObject(line)) {
      check.invalid('fa3.Fa.FaWiersz', ['lines', index], 'must be an object (FA(3) Fa/FaWiersz)');
      return;
    }
    commonLineIssues(check, line, at, false);
    check.date(at('tax_point_date'), line.tax_point_date, TDATA_T, 'Fa/FaWiersz/P_6A');
    check.decimal(at('gross_price'), line.gross_price, TKWOTOWY2, 'Fa/FaWiersz/P_9B');
    check.decimal(at('discount'), line.discount, TKWOTOWY2, 'Fa/FaWiersz/P_10');
    check.decimal(at('gross_amount'), line.gross_amount, TKWOTOWY, 'Fa/FaWiersz/P_11A');
    check.rate(at('exchange_rate'), line.exchange_rate, 'Fa/FaWiersz/KursWaluty');
  });
}

/**
 * `Platnosc`: `Zaplacono=1` and `DataZaplaty` go together (one sequence), `FormaPlatnosci` and
 * `PlatnoscInna` + `OpisPlatnosci` are a choice, bank accounts fit `TNrRB` and `SWIFT_Type`.
 */
function paymentIssues(check: Checker, report: KsefTaxReportCreate): void {
  const paid = report.paid === true;
  const date = check.date(['payment_date'], report.payment_date, TDATA, 'Fa/Platnosc/DataZaplaty');
  if (paid && !isPresent(report.payment_date))
    check.blank(
      'fa3.Fa.Platnosc.Zaplacono',
      ['payment_date'],
      'is required when paid is true (FA(3) Fa/Platnosc/Zaplacono=1 + DataZaplaty)',
    );
  if (!paid && date !== null)
    check.invalid(
      'fa3.Fa.Platnosc.Zaplacono',
      ['payment_date'],
      'is written only when paid is true (FA(3) Fa/Platnosc/Zaplacono=1 + DataZaplaty)',
    );
  check.date(['due_date'], report.due_date, TDATA, 'Fa/Platnosc/TerminPlatnosci/Termin');
  const method = check.code(
    'fa3.TFormaPlatnosci',
    ['payment_method'],
    report.payment_method,
    KSEF_PAYMENT_METHODS,
    'Fa/Platnosc/FormaPlatnosci',
  );
  const description = check.text(
    ['payment_method_description'],
    report.payment_method_description,
    TZNAKOWY,
    'Fa/Platnosc/OpisPlatnosci',
  );
  if (method !== null && description !== null)
    check.invalid(
      'fa3.Fa.Platnosc.FormaPlatnosci',
      ['payment_method_description'],
      'cannot be given together with payment_method (FA(3) Fa/Platnosc: FormaPlatnosci or PlatnoscInna + OpisPlatnosci)',
    );
  const element = 'Fa/Platnosc/RachunekBankowy';
  const accounts = check.list(
    'fa3.Fa.Platnosc.RachunekBankowy',
    ['bank_accounts'],
    report.bank_accounts,
    MAX_BANK_ACCOUNTS,
    element,
  );
  (accounts ?? []).forEach((account, index) => {
    const at = (name: string): Path => ['bank_accounts', index, name];
    if (!isObject(account)) {
      check.invalid(
        'fa3.Fa.Platnosc.RachunekBankowy',
        ['bank_accounts', index],
        `must be an object (FA(3) ${element})`,
      );
      return;
    }
    check.text(at('account_number'), account.account_number, TNR_RB, `${element}/NrRB`, true);
    check.pattern(
      'fa3.SWIFT_Type',
      at('bic'),
      account.bic,
      TZNAKOWY,
      SWIFT,
      `${element}/SWIFT`,
      'a BIC of 8 or 11 upper-case letters and digits (SWIFT_Type)',
    );
    check.text(at('bank_name'), account.bank_name, TZNAKOWY, `${element}/NazwaBanku`);
    check.text(at('description'), account.description, TZNAKOWY, `${element}/OpisRachunku`);
  });
}

/** `WarunkiTransakcji/Umowy` and `Zamowienia`. */
function termsIssues(check: Checker, report: KsefTaxReportCreate): void {
  const element = 'Fa/WarunkiTransakcji';
  check.date(['contract_date'], report.contract_date, TDATA_U, `${element}/Umowy/DataUmowy`);
  check.text(['contract_number'], report.contract_number, TZNAKOWY, `${element}/Umowy/NrUmowy`);
  check.date(
    ['purchase_order_date'],
    report.purchase_order_date,
    TDATA_U,
    `${element}/Zamowienia/DataZamowienia`,
  );
  check.text(
    ['purchase_order_number'],
    report.purchase_order_number,
    TZNAKOWY,
    `${element}/Zamowienia/NrZamowienia`,
  );
}

/**
 * `Zamowienie`: `WartoscZamowienia` and at least one `ZamowienieWiersz` are both mandatory in it,
 * so order lines need `order_total_amount`, and on `ZAL` / `KOR_ZAL`, where the order total is
 * written (ksef-fa3.md §6.8), the order total needs order lines (a **fiscalkit choice**: refused
 * rather than left out; on other types `order_total_amount` is unused, spec §2.7).
 */
function orderIssues(check: Checker, report: KsefTaxReportCreate, type: string | null): void {
  const element = 'Fa/Zamowienie';
  const total = check.decimal(
    ['order_total_amount'],
    report.order_total_amount,
    TKWOTOWY,
    `${element}/WartoscZamowienia`,
  );
  const lines = check.list(
    'fa3.Fa.Zamowienie.ZamowienieWiersz',
    ['order_lines'],
    report.order_lines,
    MAX_LINES,
    `${element}/ZamowienieWiersz`,
  );
  if (lines === null) return;
  lines.forEach((line, index) => {
    if (!isObject(line)) {
      check.invalid(
        'fa3.Fa.Zamowienie.ZamowienieWiersz',
        ['order_lines', index],
        `must be an object (FA(3) ${element}/ZamowienieWiersz)`,
      );
      return;
    }
    commonLineIssues(check, line, (name) => ['order_lines', index, name], true);
  });
  if (lines.length > 0 && !isPresent(report.order_total_amount))
    check.blank(
      'fa3.Fa.Zamowienie.WartoscZamowienia',
      ['order_total_amount'],
      `is required with order_lines (FA(3) ${element}/WartoscZamowienia)`,
    );
  if (lines.length === 0 && total !== null && type !== null && ADVANCES.includes(type))
    check.blank(
      'fiscalkit.ksef.order-lines',
      ['order_lines'],
      `must hold at least one order line beside order_total_amount on a ${type} invoice (FA(3) ${element}/ZamowienieWiersz)`,
    );
}

/** `Stopka`: footer text and the registers (KRS 10 digits, REGON 9 or 14, BDO at most 9). */
function footerIssues(check: Checker, report: KsefTaxReportCreate): void {
  check.text(['footer_text'], report.footer_text, TTEKSTOWY, 'Stopka/Informacje/StopkaFaktury');
  check.pattern(
    'fa3.TNrKRS',
    ['supplier_party_krs'],
    report.supplier_party_krs,
    TZNAKOWY,
    TNR_KRS,
    'Stopka/Rejestry/KRS',
    '10 digits (TNrKRS)',
  );
  check.pattern(
    'fa3.TNrREGON',
    ['supplier_party_regon'],
    report.supplier_party_regon,
    TZNAKOWY,
    TNR_REGON,
    'Stopka/Rejestry/REGON',
    '9 or 14 digits (TNrREGON)',
  );
  check.text(['supplier_party_bdo'], report.supplier_party_bdo, BDO, 'Stopka/Rejestry/BDO');
}
