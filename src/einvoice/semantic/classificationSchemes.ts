/**
 * The item classification (BT-158) of a line: `classification_code` with its scheme
 * `classification_code_scheme`, which EN 16931 requires (BR-65) and takes from UNTDID 7143 only
 * (BR-CL-13, {@link CLASSIFICATION_SCHEMES}: `STI`, `HS`, `CG`, `ZZZ`, …). `CPV` (the EU Common
 * Procurement Vocabulary, the scheme public buyers ask for) is the one word read besides the codes: the
 * EN 16931 and CIUS guides (PT-CIUS, Peppol) write CPV codes under 7143 `STI`.
 *
 * @module
 */

/** UNTDID 7143 as BR-CL-13 of the CEN/TC 434 rules 1.3.16 lists it. */
export const CLASSIFICATION_SCHEMES: ReadonlySet<string> = new Set(
  (
    'AA AB AC AD AE AF AG AH AI AJ AK AL AM AN AO AP AQ AR AS AT AU AV AW AX AY AZ BA BB BC BD BE BF ' +
    'BG BH BI BJ BK BL BM BN BO BP BQ BR BS BT BU BV BW BX BY BZ CC CG CL CR CV DR DW EC EF EMD EN ' +
    'FS GB GN GMN GS HS IB IN IS IT IZ MA MF MN MP NB ON PD PL PO PPI PV QS RC RN RU RY SA SG SK SN ' +
    'SRS SRT SRU SRV SRW SRX SRY SRZ SS SSA SSB SSC SSD SSE SSF SSG SSH SSI SSJ SSK SSL SSM SSN SSO ' +
    'SSP SSQ SSR SSS SST SSU SSV SSW SSX SSY SSZ ST STA STB STC STD STE STF STG STH STI STJ STK STL ' +
    'STM STN STO STP STQ STR STS STT STU STV STW STX STY STZ SUA SUB SUC SUD SUE SUF SUG SUH SUI SUJ ' +
    'SUK SUL SUM TG TSN TSO TSP TSQ TSR TSS TST TSU UA UP VN VP VS VX ZZZ'
  ).split(' '),
);

/** Scheme words → UNTDID 7143 codes. */
const SCHEME_WORDS: Readonly<Record<string, string>> = { CPV: 'STI' };

/**
 * The UNTDID 7143 code of a `classification_code_scheme` (a code in any case, or `CPV`), or undefined
 * when it is neither.
 *
 * @example
 * ```ts
 * classificationScheme('cpv'); // 'STI'
 * classificationScheme('HS'); // 'HS'
 * classificationScheme('UNSPSC'); // undefined
 * ```
 */
export function classificationScheme(scheme: string): string | undefined {
  const code = scheme.trim().toUpperCase();
  if (Object.hasOwn(SCHEME_WORDS, code)) return SCHEME_WORDS[code];
  return CLASSIFICATION_SCHEMES.has(code) ? code : undefined;
}
