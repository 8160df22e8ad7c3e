import { z } from 'zod';
import { SCHEMA_RULES } from '../errors/ruleId.js';
import { optional, schemeCodeField, text } from './fields.js';

/** The five slots of `routing_codes` (spec §2.2, §8: "Additional company identifiers · 5"). */
export const ROUTING_CODE_SLOTS = [1, 2, 3, 4, 5] as const;

const nullableValue = text().nullish();
const nullableScheme = optional(schemeCodeField());

const SHAPE = {
  cin1_value: nullableValue,
  cin1_scheme: nullableScheme,
  cin2_value: nullableValue,
  cin2_scheme: nullableScheme,
  cin3_value: nullableValue,
  cin3_scheme: nullableScheme,
  cin4_value: nullableValue,
  cin4_scheme: nullableScheme,
  cin5_value: nullableValue,
  cin5_scheme: nullableScheme,
};

const EXTRA_SLOT = /^cin(\d+)_(?:value|scheme)$/;

/**
 * `routing_codes` of an account or contact (spec §2.2, §2.3): up to five additional company
 * identifiers `cinN_value` + `cinN_scheme`, strings, nullable; schemes stored zero-padded to four
 * characters. A sixth slot (`cin6_value`) is `parameter_invalid` (the limit of §8); any other
 * unknown key inside the wrapper is unexpected structure (`invalid_request_params`). The pairing
 * rule (value needs scheme and the reverse) is `routingCodeIssues` in `src/rules`.
 */
export const RoutingCodesSchema = z
  .preprocess((input, context) => {
    // zod drops an own `__proto__` key before any refinement sees it; it is an unknown key like any
    // other, so it is reported here.
    if (typeof input === 'object' && input !== null && Object.hasOwn(input, '__proto__'))
      context.issues.push({
        code: 'custom',
        path: ['__proto__'],
        message: 'is not a known field of routing_codes',
        params: { code: 'invalid_request_params', rule: SCHEMA_RULES.unknownField },
        input,
      });
    return input;
  }, z.looseObject(SHAPE))
  .superRefine((codes, context) => {
    for (const key of Object.keys(codes)) {
      if (Object.hasOwn(SHAPE, key)) continue;
      const extra = EXTRA_SLOT.test(key);
      context.addIssue({
        code: 'custom',
        path: [key],
        message: extra
          ? 'is beyond the limit of 5 additional company identifiers (cin1 … cin5)'
          : 'is not a known field of routing_codes',
        // Spec §8 "Additional company identifiers · 5" (and §2.2 "Up to 5").
        params: extra
          ? { code: 'parameter_invalid', rule: 'spec.8.routing-codes' }
          : { code: 'invalid_request_params', rule: SCHEMA_RULES.unknownField },
      });
    }
  })
  .transform((codes) => {
    const known: Partial<Record<keyof typeof SHAPE, string | null>> = {};
    for (const key of Object.keys(SHAPE) as (keyof typeof SHAPE)[]) {
      const value = codes[key];
      if (value !== undefined) known[key] = value;
    }
    return known;
  });

/** `routing_codes` as parsed: only the slots that were sent. */
export type RoutingCodes = z.output<typeof RoutingCodesSchema>;
