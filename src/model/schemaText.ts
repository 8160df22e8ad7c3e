import { z } from 'zod';

/**
 * How an XML Schema length facet measures a text (XSD 1.1 Part 2 §4.3.1, §4.3.6): in characters
 * (code points, not UTF-16 units), and for an `xsd:token` after whitespace collapse — runs of space,
 * tab, CR and LF count as one space, none at either end. `token: false` measures an `xsd:string` as
 * written.
 *
 * @example
 * ```ts
 * schemaTextLength('a  \n b', true); // 3: 'a b'
 * schemaTextLength('a  \n b', false); // 6
 * schemaTextLength('😀', true); // 1
 * ```
 */
export function schemaTextLength(text: string, token: boolean): number {
  const measured = token ? text.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '') : text;
  let count = 0;
  for (const _ of measured) count += 1;
  return count;
}

/** The simple type a {@link schemaText} field is written as. */
export interface SchemaTextType {
  /** The type's name, for messages (`TZnakowy512`). */
  readonly name: string;
  /** Its `maxLength`. */
  readonly max: number;
  /** Whether it is an `xsd:token` (whitespace collapsed before the length is measured). */
  readonly token: boolean;
  /**
   * The rule id of its length (`src/errors/ruleId.ts`), e.g. `fa3.TZnakowy512`; without one, the
   * generic schema rule of `parameter_invalid`.
   */
  readonly rule?: string;
}

/**
 * A text field written into an XML element of `type` (issue #18 item 13): at most `type.max`
 * characters as the schema measures the text the builder writes (trimmed; {@link schemaTextLength}),
 * so that a field accepts exactly what its element does — a 577-character description whose spaces
 * collapse to 500 fits `TZnakowy512`. Longer is `parameter_invalid`, in plain words: `is 612
 * characters long after whitespace collapse; the schema allows at most 512 (TZnakowy512)`.
 * `required` makes an absent, empty or blank value `parameter_blank`.
 *
 * @example
 * ```ts
 * const description = schemaText({ name: 'TZnakowy512', max: 512, token: true });
 * description.safeParse(`${'a'.repeat(250)}${' '.repeat(78)}${'b'.repeat(249)}`).success; // true: 577 characters, 500 after collapse
 * description.safeParse('a'.repeat(513)).success; // false: 422 parameter_invalid
 * ```
 */
export function schemaText(type: SchemaTextType, options: { required?: boolean } = {}) {
  const base = options.required === true ? z.string().min(1) : z.string();
  return base.superRefine((value, context) => {
    if (options.required === true && value !== '' && value.trim() === '') {
      // A string of spaces is as blank as an empty one (spec §7.2), as `requiredText` has it.
      context.addIssue({ code: 'custom', message: 'must not be blank', params: { code: 'parameter_blank' } });
      return;
    }
    const length = schemaTextLength(value.trim(), type.token);
    if (length > type.max)
      context.addIssue({
        code: 'custom',
        message: `is ${String(length)} characters long${type.token ? ' after whitespace collapse' : ''}; the schema allows at most ${String(type.max)} (${type.name})`,
        params:
          type.rule === undefined
            ? { code: 'parameter_invalid' }
            : { code: 'parameter_invalid', rule: type.rule },
      });
  });
}
