import { type SchemaTextType, schemaText } from './schemaText.js';

/**
 * The FA(3) text types a Ksef tax report's text fields are written as (`schemat_FA(3)_v1-0E.xsd`;
 * ksef-fa3.md §2), with the lengths the builder's table (`src/ksef/build/fa3Types.ts`) checks: the
 * `TZnakowy*` types are `xsd:token`s (measured after whitespace collapse), `TTekstowy` an
 * `xsd:string`. Each length is an FA(3) fact, whose rule id names the type (`fa3.TZnakowy512`).
 */
export const KSEF_TEXT_TYPES = {
  TZnakowy: { name: 'TZnakowy', max: 256, token: true, rule: 'fa3.TZnakowy' },
  TZnakowy512: { name: 'TZnakowy512', max: 512, token: true, rule: 'fa3.TZnakowy512' },
  TZnakowy50: { name: 'TZnakowy50', max: 50, token: true, rule: 'fa3.TZnakowy50' },
  TZnakowy20: { name: 'TZnakowy20', max: 20, token: true, rule: 'fa3.TZnakowy20' },
  TNumerTelefonu: { name: 'TNumerTelefonu', max: 16, token: true, rule: 'fa3.TNumerTelefonu' },
  BDO: { name: 'BDO', max: 9, token: true, rule: 'fa3.BDO' },
  TTekstowy: { name: 'TTekstowy', max: 3500, token: false, rule: 'fa3.TTekstowy' },
} as const satisfies Record<string, SchemaTextType>;

/** The name of an FA(3) text type of {@link KSEF_TEXT_TYPES}. */
export type KsefTextType = keyof typeof KSEF_TEXT_TYPES;

/**
 * A Ksef report's text field, as long as its FA(3) element allows, measured as the schema measures
 * it (issue #18 item 13: a `P_7` of 577 characters that collapse to 500 is valid `TZnakowy512`).
 *
 * @example
 * ```ts
 * ksefText('TZnakowy512').safeParse(`lodówka${' '.repeat(600)}Zimnotech`).success; // true: 17 after collapse
 * ksefText('TZnakowy', { required: true }).safeParse(' ').success; // false: 422 parameter_blank
 * ```
 */
export function ksefText(type: KsefTextType, options: { required?: boolean } = {}) {
  return schemaText(KSEF_TEXT_TYPES[type], options);
}
