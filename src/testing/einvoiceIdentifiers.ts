/**
 * fast-check arbitraries of the party identifiers e-invoices carry (issue #22), each with its check
 * digit computed by the algorithm its register publishes, so that a generated identifier passes the
 * official rules that check it:
 *
 * - Peppol BIS 3 `PEPPOL-COMMON-R040` (GLN, ICD/EAS `0088`, GS1 check digit), `R041` (Norwegian
 *   organisation number `0192`, mod 11), `R042` (Danish CVR `0184`), `R043` (Belgian enterprise number
 *   `0208`, mod 97), `R047` (Italian partita IVA `0211`), `R049` (Swedish organisation number `0007`,
 *   Luhn) — `../shared/en16931/schematron/peppol/PEPPOL-EN16931-UBL.sch`, functions `u:gln`,
 *   `u:mod11`, `u:mod97-0208`, `u:checkPIVAseIT`, `u:checkSEOrgnr`;
 * - `NO-R-001` (a Norwegian VAT number is `NO` + organisation number + `MVA`);
 * - the national VAT numbers no rule set checks but every tax administration does (German USt-IdNr
 *   ISO 7064 MOD 11,10; Austrian UID; French key; Dutch elfproef; Portuguese NIF), so that a host that
 *   validates them (VIES-style) accepts what the arbitraries give;
 * - IBANs with their ISO 13616 MOD 97-10 check digits (and the national BBAN checks ibantools applies,
 *   through fixed accounts where a BBAN has one), and German Leitweg-IDs (ISO 7064 MOD 97-10, KoSIT
 *   "Format-Spezifikation Leitweg-ID" 2.0.2).
 *
 * Every identifier is built from random digits plus its computed check digits, never from a list of
 * known numbers (except the IBANs of countries with national BBAN checks).
 *
 * @module
 */
import * as fc from 'fast-check';
import { digitsArb } from './decimal.js';

const ZERO = 48;

/** The digits of a string of ASCII digits. */
function digitsOf(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0) - ZERO);
}

/** The sum of the digits of a number below 100 (a doubled digit, Luhn). */
function digitSum(value: number): number {
  // money-safe: check-digit arithmetic on single digits
  return value > 9 ? value - 9 : value;
}

/** The remainder of a long digit string by 97, digit by digit (Horner), as in ISO 7064 MOD 97-10. */
function mod97(text: string): number {
  let remainder = 0;
  for (const digit of digitsOf(text)) {
    // money-safe: check-digit arithmetic, values below 970
    remainder = (remainder * 10 + digit) % 97;
  }
  return remainder;
}

/** Letters as ISO 7064 numbers (`A` = 10 … `Z` = 35), digits as themselves. */
function alphanumericDigits(text: string): string {
  return [...text.toUpperCase()]
    .map((char) => (char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - 55) : char))
    .join('');
}

/** Two-digit zero-padded. */
function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * The GS1 check digit of a GLN body (12 digits): weights 3 and 1 from the right, `(10 − Σ mod 10) mod
 * 10` (GS1 General Specifications §7.9; Peppol `u:gln`).
 *
 * @example
 * ```ts
 * glnCheckDigit('590123412345'); // '7' (GLN 5901234123457)
 * ```
 */
export function glnCheckDigit(body: string): string {
  const digits = digitsOf(body).reverse();
  let sum = 0;
  digits.forEach((digit, index) => {
    // money-safe: check-digit arithmetic (weights 3 and 1)
    sum += digit * (index % 2 === 0 ? 3 : 1);
  });
  // money-safe: check-digit arithmetic
  return String((10 - (sum % 10)) % 10);
}

/**
 * Valid 13-digit GLNs (Global Location Numbers, ICD / EAS `0088`), passing `PEPPOL-COMMON-R040`.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(glnArb, (gln) => /^\d{13}$/.test(gln) && glnCheckDigit(gln.slice(0, 12)) === gln[12]));
 * ```
 */
export const glnArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('84', '40', '54', '30', '57', '59', '76', '50', '87', '70'), digitsArb(10))
  .map(([prefix, rest]) => prefix + rest + glnCheckDigit(prefix + rest));

/**
 * The Belgian enterprise number of its first eight digits: the last two are `97 − (n mod 97)`
 * (Crossroads Bank for Enterprises; Peppol `u:mod97-0208`). The Belgian VAT number is `BE` + it.
 *
 * @example
 * ```ts
 * belgianEnterpriseNumber('04035759'); // '0403575923'
 * ```
 */
export function belgianEnterpriseNumber(firstEight: string): string {
  return firstEight + twoDigits(97 - mod97(firstEight));
}

/**
 * Valid Belgian enterprise numbers (ICD / EAS `0208`, 10 digits starting 0 or 1), passing
 * `PEPPOL-COMMON-R043`.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(belgianEnterpriseNumberArb, (number) => /^[01]\d{9}$/.test(number)));
 * ```
 */
export const belgianEnterpriseNumberArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('0', '1'), digitsArb(7))
  .map(([first, rest]) => belgianEnterpriseNumber(first + rest));

/** Peppol `u:mod11`: weights 2…7 from the right; `null` when no digit fits (remainder 1). */
function mod11Check(body: string): string | null {
  let sum = 0;
  digitsOf(body)
    .reverse()
    .forEach((digit, index) => {
      // money-safe: check-digit arithmetic (weights 2…7)
      sum += digit * ((index % 6) + 2);
    });
  // money-safe: check-digit arithmetic
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? null : String(check);
}

/**
 * Valid Norwegian organisation numbers (ICD / EAS `0192`: 9 digits, mod 11, starting 8 or 9),
 * passing `PEPPOL-COMMON-R041`. The Norwegian VAT number is `NO` + it + `MVA` (`NO-R-001`).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(norwegianOrganisationNumberArb, (number) => /^[89]\d{8}$/.test(number)));
 * ```
 */
export const norwegianOrganisationNumberArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('8', '9'), digitsArb(7))
  .map(([first, rest]) => first + rest)
  .filter((body) => mod11Check(body) !== null)
  .map((body) => body + (mod11Check(body) ?? ''));

/**
 * Valid Danish CVR numbers (ICD / EAS `0184`: 8 digits, weights 2 7 6 5 4 3 2 1, Σ ≡ 0 mod 11;
 * `PEPPOL-COMMON-R042` checks the shape). The Danish VAT number is `DK` + it.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(danishCvrArb, (cvr) => /^[1-9]\d{7}$/.test(cvr)));
 * ```
 */
export const danishCvrArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...'123456789'), digitsArb(6))
  .map(([first, rest]) => {
    const body = first + rest;
    const weights = [2, 7, 6, 5, 4, 3, 2];
    // money-safe: check-digit arithmetic
    const sum = digitsOf(body).reduce((total, digit, index) => total + digit * (weights[index] ?? 0), 0);
    // money-safe: check-digit arithmetic
    const check = (11 - (sum % 11)) % 11;
    return { body, check };
  })
  .filter(({ check }) => check < 10)
  .map(({ body, check }) => body + String(check));

/**
 * The Luhn check digit of a digit string (ISO/IEC 7812-1): double every second digit from the right.
 *
 * @example
 * ```ts
 * luhnCheckDigit('556036079'); // '3' (organisation number 5560360793)
 * ```
 */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  digitsOf(body)
    .reverse()
    .forEach((digit, index) => {
      // money-safe: check-digit arithmetic (doubling)
      sum += index % 2 === 0 ? digitSum(digit * 2) : digit;
    });
  // money-safe: check-digit arithmetic
  return String((10 - (sum % 10)) % 10);
}

/**
 * Valid Swedish organisation numbers of limited companies (ICD / EAS `0007`: `556` + 6 digits + Luhn),
 * passing `PEPPOL-COMMON-R049` and `SE-R-013`. The Swedish VAT number is `SE` + it + `01`.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(swedishOrganisationNumberArb, (number) => luhnCheckDigit(number.slice(0, 9)) === number[9]));
 * ```
 */
export const swedishOrganisationNumberArb: fc.Arbitrary<string> = digitsArb(6).map((rest) => {
  const body = `556${rest}`;
  return body + luhnCheckDigit(body);
});

/**
 * Valid French SIREN numbers (ICD / EAS `0002`: 9 digits, Luhn).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(frenchSirenArb, (siren) => luhnCheckDigit(siren.slice(0, 8)) === siren[8]));
 * ```
 */
export const frenchSirenArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...'3456789'), digitsArb(7))
  .map(([first, rest]) => first + rest + luhnCheckDigit(first + rest));

/**
 * A SIRET (ICD / EAS `0009`) of a SIREN: the SIREN, a 4-digit establishment number, and the digit that
 * makes all 14 pass Luhn.
 *
 * @example
 * ```ts
 * frenchSiret('732829320', '0007'); // '73282932000074'
 * ```
 */
export function frenchSiret(siren: string, establishment: string): string {
  const body = siren + establishment;
  return body + luhnCheckDigit(body);
}

/**
 * The French VAT number of a SIREN: `FR` + key + SIREN, key = (12 + 3 × (SIREN mod 97)) mod 97
 * (Code général des impôts, annexe IV, art. 242 nonies).
 *
 * @example
 * ```ts
 * frenchVatNumber('404833048'); // 'FR83404833048'
 * ```
 */
export function frenchVatNumber(siren: string): string {
  // money-safe: check-digit arithmetic, values below 400
  return `FR${twoDigits((12 + 3 * mod97(siren)) % 97)}${siren}`;
}

/**
 * Valid German VAT numbers (USt-IdNr, `DE` + 9 digits, the last an ISO 7064 MOD 11,10 check digit,
 * Bundeszentralamt für Steuern).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(germanVatNumberArb, (vat) => /^DE[1-9]\d{8}$/.test(vat)));
 * ```
 */
export const germanVatNumberArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...'123456789'), digitsArb(7))
  .map(([first, rest]) => {
    const body = first + rest;
    let product = 10;
    for (const digit of digitsOf(body)) {
      // money-safe: check-digit arithmetic (ISO 7064 MOD 11,10)
      let sum = (digit + product) % 10;
      if (sum === 0) sum = 10;
      // money-safe: check-digit arithmetic
      product = (2 * sum) % 11;
    }
    const check = 11 - product;
    return `DE${body}${check === 10 ? 0 : check}`;
  });

/**
 * Valid Austrian VAT numbers (UID, `ATU` + 8 digits, the last `(96 − Σ) mod 10` over the digits with
 * every second one doubled and digit-summed, Bundesministerium für Finanzen).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(austrianVatNumberArb, (vat) => /^ATU\d{8}$/.test(vat)));
 * ```
 */
export const austrianVatNumberArb: fc.Arbitrary<string> = digitsArb(7).map((body) => {
  let sum = 0;
  digitsOf(body).forEach((digit, index) => {
    // money-safe: check-digit arithmetic
    sum += index % 2 === 1 ? digitSum(digit * 2) : digit;
  });
  // money-safe: check-digit arithmetic
  return `ATU${body}${(96 - sum + 1000) % 10}`;
});

/**
 * Valid Italian VAT numbers (partita IVA, 11 digits: 7 of the company, 3 of the provincial office
 * 001–100, and a Luhn-style check; ICD / EAS `0211`), passing `PEPPOL-COMMON-R047` with or without
 * the `IT` prefix.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(italianVatNumberArb, (piva) => /^\d{11}$/.test(piva)));
 * ```
 */
export const italianVatNumberArb: fc.Arbitrary<string> = fc
  .tuple(digitsArb(7), fc.integer({ min: 1, max: 100 }))
  .map(([company, office]) => {
    const body = company + String(office).padStart(3, '0');
    let sum = 0;
    digitsOf(body).forEach((digit, index) => {
      // money-safe: check-digit arithmetic (positions 2, 4, … doubled)
      sum += index % 2 === 1 ? digitSum(digit * 2) : digit;
    });
    // money-safe: check-digit arithmetic
    return body + String((10 - (sum % 10)) % 10);
  });

/**
 * Valid Dutch VAT numbers of the older form (`NL` + 9 digits passing the elfproef + `B01`…`B09`).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(dutchVatNumberArb, (vat) => /^NL\d{9}B0\d$/.test(vat)));
 * ```
 */
export const dutchVatNumberArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...'123456789'), digitsArb(7), fc.integer({ min: 1, max: 9 }))
  .map(([first, rest, branch]) => {
    const body = first + rest;
    // money-safe: check-digit arithmetic (weights 9…2)
    const sum = digitsOf(body).reduce((total, digit, index) => total + digit * (9 - index), 0);
    // money-safe: check-digit arithmetic
    return { body, check: sum % 11, branch };
  })
  .filter(({ check }) => check < 10)
  .map(({ body, check, branch }) => `NL${body}${check}B0${branch}`);

/**
 * Valid Dutch Chamber of Commerce numbers (KvK, ICD / EAS `0106`: 8 digits; the register publishes no
 * check digit), which `NL-R-003` / `NL-R-005` require as a Dutch party's legal registration.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(dutchKvkArb, (kvk) => /^\d{8}$/.test(kvk)));
 * ```
 */
export const dutchKvkArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...'123456789'), digitsArb(7))
  .map(([first, rest]) => first + rest);

/**
 * Valid Portuguese tax numbers of companies (NIF / NIPC, 9 digits starting 5, mod 11 check; the
 * Portuguese VAT number is `PT` + it).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(portugueseNifArb, (nif) => /^5\d{8}$/.test(nif)));
 * ```
 */
export const portugueseNifArb: fc.Arbitrary<string> = digitsArb(7).map((rest) => {
  const body = `5${rest}`;
  // money-safe: check-digit arithmetic (weights 9…2)
  const sum = digitsOf(body).reduce((total, digit, index) => total + digit * (9 - index), 0);
  // money-safe: check-digit arithmetic
  const check = 11 - (sum % 11);
  return body + String(check >= 10 ? 0 : check);
});

/**
 * The IBAN of a country and a BBAN: check digits `98 − (BBAN + country + 00 mod 97)` (ISO 13616-1,
 * ISO 7064 MOD 97-10). The BBAN must already satisfy the country's own format and checks.
 *
 * @example
 * ```ts
 * ibanOf('DE', '370400440532013000'); // 'DE89370400440532013000'
 * ```
 */
export function ibanOf(country: string, bban: string): string {
  const check = 98 - mod97(alphanumericDigits(`${bban}${country}00`));
  return `${country}${twoDigits(check)}${bban}`;
}

/**
 * Accounts of countries whose BBAN has a national check (ibantools checks the Spanish, Belgian, French,
 * Italian, Polish, Portuguese and Dutch ones): published specimen IBANs, each with its bank's BIC.
 */
const SPECIMEN_ACCOUNTS: Readonly<Record<string, readonly { iban: string; bic: string }[]>> = {
  ES: [
    { iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX' },
    { iban: 'ES7921000813610123456789', bic: 'CAIXESBBXXX' },
    { iban: 'ES6000491500051234567892', bic: 'BSCHESMMXXX' },
  ],
  BE: [
    { iban: 'BE68539007547034', bic: 'GEBABEBB' },
    { iban: 'BE71096123456769', bic: 'GKCCBEBB' },
  ],
  FR: [{ iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPPAR' }],
  IT: [{ iban: 'IT60X0542811101000000123456', bic: 'BPMOIT22XXX' }],
  PL: [{ iban: 'PL61109010140000071219812874', bic: 'WBKPPLPP' }],
  PT: [{ iban: 'PT50000201231234567890154', bic: 'CGDIPTPL' }],
  NL: [{ iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' }],
};

/** BICs of banks of the countries whose accounts are generated (any bank code is valid there). */
const GENERATED_ACCOUNT_BICS: Readonly<Record<string, { digits: number; bic: string }>> = {
  DE: { digits: 18, bic: 'COBADEFFXXX' },
  AT: { digits: 16, bic: 'BKAUATWW' },
};

/** A bank account: an IBAN with valid check digits and its bank's BIC. */
export interface GeneratedBankAccount {
  readonly iban: string;
  readonly bic: string;
}

/**
 * Bank accounts of `country` (`ES`, `DE`, `BE`, `FR`, `AT`, `IT`, `PL`, `PT`, `NL`; others get a
 * German one): German and Austrian IBANs from random BBANs with computed check digits, the others from
 * published specimen accounts (their BBANs carry national checks). Every one passes `checkIban` and
 * XRechnung `BR-DE-19`.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(bankAccountArb('DE'), ({ iban }) => checkIban(iban).valid));
 * ```
 */
export function bankAccountArb(country: string): fc.Arbitrary<GeneratedBankAccount> {
  const specimens = SPECIMEN_ACCOUNTS[country];
  if (specimens !== undefined) return fc.constantFrom(...specimens);
  const generated = GENERATED_ACCOUNT_BICS[country] ?? GENERATED_ACCOUNT_BICS.DE;
  const { digits, bic } = generated as { digits: number; bic: string };
  const code = country in GENERATED_ACCOUNT_BICS ? country : 'DE';
  return fc
    .tuple(fc.constantFrom(...'123456789'), digitsArb(digits - 1))
    .map(([first, rest]) => ({ iban: ibanOf(code, first + rest), bic }));
}

/**
 * The Leitweg-ID of a coarse address and an optional fine address: `coarse[-fine]-check`, the check
 * two digits of ISO 7064 MOD 97-10 over both parts (letters as 10…35), so that the whole, read as a
 * number, leaves 1 mod 97 (KoSIT, "Format-Spezifikation Leitweg-ID" 2.0.2, §2.3).
 *
 * @example
 * ```ts
 * leitwegId('04011000', '1234512345'); // '04011000-1234512345-06'
 * ```
 */
export function leitwegId(coarse: string, fine?: string): string {
  const body = coarse + (fine ?? '');
  const check = 98 - mod97(`${alphanumericDigits(body)}00`);
  return fine === undefined ? `${coarse}-${twoDigits(check)}` : `${coarse}-${fine}-${twoDigits(check)}`;
}

/**
 * Valid Leitweg-IDs (the routing id of German public buyers, XRechnung BT-10, EAS `0204`): a Land's
 * (two-digit Land key and district digits, with an optional fine address of digits and capital letters)
 * or the federation's (`991-` and a five-digit fine address), with the check digits of
 * {@link leitwegId}.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(leitwegIdArb, (id) => /^\d{2,12}(-[0-9A-Z]{1,30})?-\d{2}$/.test(id)));
 * ```
 */
export const leitwegIdArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('01', '02', '03', '04', '05', '06', '07', '08', '09', '10'),
    digitsArb(6),
    fc.option(fc.stringMatching(/^[0-9A-Z]{1,12}$/), { nil: undefined }),
    digitsArb(5),
  )
  .chain(([land, district, fine, federal]) =>
    fc.constantFrom(leitwegId(land + district, fine), leitwegId('991', federal)),
  );
