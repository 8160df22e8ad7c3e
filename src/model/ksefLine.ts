import { z } from 'zod';
import { KSEF_GTU_CODES, KSEF_PROCEDURES } from '../codelists/ksefCodes.js';
import { KSEF_TAX_RATES } from '../codelists/ksefRates.js';
import { decimal, identifier, isoDate, oneOf, optional } from './fields.js';
import { ksefText } from './ksefText.js';

/**
 * An FA(3) amount (`TKwotowy`, 2 decimals; ksef-fa3.md §2). The decimal fields of FA(3) go by schema
 * type: an amount 2 decimals, a unit price (`TKwotowy2`) 8, a quantity or an exchange rate (`TIlosci`)
 * 6. The integer digits the schema allows (16, 14 for unit prices) are checked by `fa3Issues` in
 * `src/ksef`.
 *
 * @example
 * ```ts
 * ksefAmount().safeParse('12.345').success; // false
 * ```
 */
export function ksefAmount() {
  return decimal({ maxDecimals: 2 });
}

/**
 * An FA(3) unit price or discount (`TKwotowy2`, 8 decimals).
 *
 * @example
 * ```ts
 * ksefUnitPrice().parse('10.12345678'); // '10.12345678'
 * ```
 */
export function ksefUnitPrice() {
  return decimal({ maxDecimals: 8 });
}

/**
 * An FA(3) quantity (`TIlosci`, 6 decimals).
 *
 * @example
 * ```ts
 * ksefQuantity().safeParse('1.1234567').success; // false
 * ```
 */
export function ksefQuantity() {
  return decimal({ maxDecimals: 6 });
}

/**
 * An FA(3) exchange rate (`TIlosci`, 6 decimals, greater than zero).
 *
 * @example
 * ```ts
 * ksefRate().parse('4.5005'); // '4.5005'
 * ```
 */
export function ksefRate() {
  return decimal({ maxDecimals: 6, sign: 'positive' });
}

/**
 * One invoice line of a Ksef tax report: FA(3) `Fa/FaWiersz` (ksef-fa3.md §6.5). The report carries
 * its lines as FA(3) prints them, so an imported document keeps its figures digit for digit and a
 * generated one carries the totals engine's printed amounts. **fiscalkit fields** (the spec shows no
 * line fields for a Ksef report, §2.7 "Other common fields: not shown"), each named in the service's
 * line vocabulary (spec §2.4) and documented with its element.
 */
export const KsefLineSchema = z.object({
  /**
   * `NrWierszaFa`. Defaults to the position (1, 2, …). A correction's before/after pair shares one
   * number (ksef-fa3.md §6.7), which is why it can be given.
   */
  line_number: optional(identifier()),
  /** `UU_ID`, the line's universally unique id (`TZnakowy50`). */
  uuid: ksefText('TZnakowy50').nullish(),
  /** `P_6A`, the delivery date of this line when lines differ. */
  tax_point_date: optional(isoDate()),
  /** `P_7` (`TZnakowy512`). */
  description: ksefText('TZnakowy512').nullish(),
  /** `Indeks`, the seller's item code (`TZnakowy50`). */
  item_code: ksefText('TZnakowy50').nullish(),
  /** `GTIN` (`TZnakowy20`). */
  gtin: ksefText('TZnakowy20').nullish(),
  /** `PKWiU` (`TZnakowy50`). */
  pkwiu: ksefText('TZnakowy50').nullish(),
  /** `CN` (`TZnakowy50`). */
  cn: ksefText('TZnakowy50').nullish(),
  /** `PKOB` (`TZnakowy50`). */
  pkob: ksefText('TZnakowy50').nullish(),
  /** `P_8A`, the unit of measure. */
  unit: ksefText('TZnakowy').nullish(),
  /** `P_8B`. */
  quantity: optional(ksefQuantity()),
  /** `P_9A`, the net unit price. */
  price: optional(ksefUnitPrice()),
  /** `P_9B`, the gross unit price (prices including VAT, art. 106e ust. 7 and art. 106e ust. 8). */
  gross_price: optional(ksefUnitPrice()),
  /** `P_10`, a discount not included in the price. */
  discount: optional(ksefUnitPrice()),
  /** `P_11`, the line net amount. */
  net_amount: optional(ksefAmount()),
  /** `P_11A`, the line gross amount (gross-priced invoices). */
  gross_amount: optional(ksefAmount()),
  /** `P_11Vat`, the line VAT (art. 106e ust. 10 only). */
  tax_amount: optional(ksefAmount()),
  /** `P_12`: a rate code of FA(3), a category as much as a percent (ksef-fa3.md §6.5). */
  tax_category: optional(oneOf(KSEF_TAX_RATES)),
  /** `P_12_XII`, the OSS/IOSS rate in percent (0–100, 6 decimals in FA(3) `TProcentowy`). */
  oss_percent: optional(decimal({ maxDecimals: 6, sign: 'non_negative' })),
  /** `GTU`. */
  gtu: optional(oneOf(KSEF_GTU_CODES)),
  /** `Procedura`. */
  procedure: optional(oneOf(KSEF_PROCEDURES)),
  /** `KursWaluty`, PLN per unit of the invoice currency for this line (ksef-fa3.md §6.6). */
  exchange_rate: optional(ksefRate()),
  /** `StanPrzed=1`: the "before" row of a correction's before/after pair. */
  before_correction: z.boolean().nullish(),
});

/** A line of a Ksef tax report. */
export type KsefLine = z.output<typeof KsefLineSchema>;

/**
 * One order line of an advance invoice (`ZAL`, `KOR_ZAL`): FA(3) `Fa/Zamowienie/ZamowienieWiersz`
 * (ksef-fa3.md §6.8). Same vocabulary as {@link KsefLineSchema}; the amounts are the order's net and
 * VAT per line (`P_11NettoZ`, `P_11VatZ`).
 */
export const KsefOrderLineSchema = z.object({
  /** `NrWierszaZam`; defaults to the position. */
  line_number: optional(identifier()),
  /** `UU_IDZ`. */
  uuid: ksefText('TZnakowy50').nullish(),
  /** `P_7Z`. */
  description: ksefText('TZnakowy512').nullish(),
  /** `IndeksZ`. */
  item_code: ksefText('TZnakowy50').nullish(),
  /** `GTINZ`. */
  gtin: ksefText('TZnakowy20').nullish(),
  /** `PKWiUZ`. */
  pkwiu: ksefText('TZnakowy50').nullish(),
  /** `CNZ`. */
  cn: ksefText('TZnakowy50').nullish(),
  /** `PKOBZ`. */
  pkob: ksefText('TZnakowy50').nullish(),
  /** `P_8AZ`. */
  unit: ksefText('TZnakowy').nullish(),
  /** `P_8BZ`. */
  quantity: optional(ksefQuantity()),
  /** `P_9AZ`. */
  price: optional(ksefUnitPrice()),
  /** `P_11NettoZ`. */
  net_amount: optional(ksefAmount()),
  /** `P_11VatZ`. */
  tax_amount: optional(ksefAmount()),
  /** `P_12Z`. */
  tax_category: optional(oneOf(KSEF_TAX_RATES)),
  /** `P_12Z_XII`. */
  oss_percent: optional(decimal({ maxDecimals: 6, sign: 'non_negative' })),
  /** `GTUZ`. */
  gtu: optional(oneOf(KSEF_GTU_CODES)),
  /** `ProceduraZ`. */
  procedure: optional(oneOf(KSEF_PROCEDURES)),
  /** `StanPrzedZ=1`: the order line as it was before a `KOR_ZAL` correction. */
  before_correction: z.boolean().nullish(),
});

/** An order line of a Ksef tax report. */
export type KsefOrderLine = z.output<typeof KsefOrderLineSchema>;
