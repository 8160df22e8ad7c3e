import { z } from 'zod';
import { SCHEMA_RULES } from '../errors/ruleId.js';
import type { Validated, ValidationIssue } from '../errors/validationIssue.js';
import { checkSpanishTin } from '../identifiers/spanishTin.js';
import { identifier, oneOf } from './fields.js';
import { parseWith } from './parse.js';

/** The states of a TIN verification (spec §2.10, §3.1): `pending`, then `success` or `failed`. */
export const TIN_VERIFICATION_STATUSES = ['pending', 'success', 'failed'] as const;

/** A TIN verification's status. */
export type TinVerificationStatus = (typeof TIN_VERIFICATION_STATUSES)[number];

/**
 * The terminal states (spec §3.1: "`success` and `failed` are terminal"); the only ones
 * `tin_verification.finished` reports (spec §6).
 */
export const FINISHED_TIN_VERIFICATION_STATUSES = ['success', 'failed'] as const;

/** Most `{tin, name}` pairs in one request (spec §4.3, §8: "Pairs per request · at most 20,000"). */
export const MAX_TIN_VERIFICATION_PAIRS = 20_000;

/**
 * Longest `tin` accepted: a NIF is 9 characters, and the submitted form may add an `ES` prefix and
 * separators (es-tin.md §1); 64 is the length of every other TIN field (`tin_value`).
 */
const MAX_TIN_LENGTH = 64;
/** Longest `name` accepted: the length of every other name field of the model. */
const MAX_NAME_LENGTH = 255;

/**
 * A required string of a pair: absent, null, `""` or only whitespace is `parameter_blank` (the
 * presence rule of `isPresent`: blank is as good as absent), a non-string `invalid_request_params`.
 * The value is kept as sent: `tin` is echoed "as submitted" (spec §2.10).
 */
function pairText(max: number) {
  return z
    .string()
    .min(1, { abort: true })
    .max(max, { message: `must be at most ${String(max)} characters` })
    .refine((value) => value.trim() !== '', {
      message: 'must not be blank',
      params: { code: 'parameter_blank' },
    });
}

/**
 * One element of the POST /tin_verifications body (spec §4.3): `{tin, name}`, both required strings
 * (api-notes.md §6: "`name` is required"). Unknown keys are dropped.
 */
export const TinPairSchema = z.object({
  tin: pairText(MAX_TIN_LENGTH),
  name: pairText(MAX_NAME_LENGTH),
});

/** One `{tin, name}` pair to verify. */
export type TinPair = z.output<typeof TinPairSchema>;

/**
 * The body of POST /tin_verifications (spec §4.3): a bare JSON array of 1 to 20,000 pairs. An empty
 * array is `parameter_empty`, a longer one `parameter_invalid`; both at param `''` (see
 * {@link parseTinVerificationRequest}). zod checks the length before the elements, so an oversized
 * body yields one issue, not one per element.
 */
export const TinVerificationBodySchema = z.array(TinPairSchema).min(1).max(MAX_TIN_VERIFICATION_PAIRS, {
  message: `must hold at most 20,000 {tin, name} pairs (spec §4.3)`,
});

/** The query of POST /tin_verifications: `country`, whose only supported value is `es` (spec §4.3). */
const TinVerificationQuerySchema = z.object({
  country: z
    .string()
    .trim()
    .min(1, { abort: true })
    .toLowerCase()
    .refine((value) => value === 'es', {
      message: 'must be es: Spain is the only country TIN verification supports (spec §4.3)',
      params: { code: 'parameter_inclusion', rule: 'spec.4.3.country' },
    })
    .transform(() => 'ES' as const),
});

/** A parsed TIN verification request. */
export interface TinVerificationRequest {
  /** The census country, upper case as every country of the model; only Spain (spec §4.3). */
  country: 'ES';
  /** The pairs in the order sent (duplicates kept: each gets its own result). */
  pairs: TinPair[];
}

/** The two parts of POST /tin_verifications as the HTTP layer receives them. */
export interface TinVerificationRequestInput {
  /** The `country` query parameter as read from the URL (a string, an array when repeated, or absent). */
  country: unknown;
  /** The JSON body, already parsed. */
  body: unknown;
}

/**
 * Parses POST /tin_verifications (spec §4.3): the `country` query and the bare-array body, which
 * arrive separately at the HTTP layer.
 *
 * Params: the query parameter is `country` (missing or blank → `parameter_blank`, anything but `es`
 * in any case → `parameter_inclusion`). The body has no field name of its own, so a problem with the
 * body as a whole has param `''`, which the error body writes as `param: null` (`apiErrorFromIssues`)
 * and the message calls "the input": not an array → `invalid_request_params`, no pairs →
 * `parameter_empty`, more than 20,000 → `parameter_invalid`. A problem inside an element is named by
 * its index, as `formatParam` writes a path that starts with one: `[3].tin`, `[3].name`, or `[3]`
 * for an element that is not an object (`invalid_request_params`; a `null` element is a missing pair,
 * `parameter_blank`, as a `null` field is everywhere else). Query issues come first.
 *
 * @example
 * ```ts
 * const result = parseTinVerificationRequest({ country: 'ES', body: [{ tin: 'B12345674', name: 'ACME SL' }] });
 * result.success && result.data.pairs.length; // 1
 * parseTinVerificationRequest({ country: 'es', body: [] });
 * // { success: false, issues: [{ code: 'parameter_empty', param: '', … }] }
 * ```
 */
export function parseTinVerificationRequest(
  input: TinVerificationRequestInput,
): Validated<TinVerificationRequest> {
  const issues: ValidationIssue[] = [];
  const query = parseWith(TinVerificationQuerySchema, { country: input.country });
  if (!query.success) issues.push(...query.issues);
  // Anything but an array (an object, a string, `null`, no body at all) is the wrong structure
  // (spec §7.2 invalid_request_params): there is no list of pairs to judge.
  if (!Array.isArray(input.body)) {
    issues.push({
      rule: SCHEMA_RULES.type,
      code: 'invalid_request_params',
      param: '',
      message: 'the input must be a JSON array of {tin, name} objects',
    });
    return { success: false, issues };
  }
  const body = parseWith(TinVerificationBodySchema, input.body);
  if (!body.success) issues.push(...body.issues);
  if (!query.success || !body.success) return { success: false, issues };
  return { success: true, data: { country: query.data.country, pairs: body.data } };
}

/**
 * The `Resultado` values of the AEAT census (VNifV2), es-tin.md §4.3, written canonically.
 */
export const CENSUS_RESULTS = [
  'IDENTIFICADO',
  'IDENTIFICADO-BAJA',
  'IDENTIFICADO-REVOCADO',
  'NO IDENTIFICADO',
  'NO IDENTIFICADO-SIMILAR',
  'NO PROCESADO',
  'NO IDENTIFICABLE',
] as const;

/** One census `Resultado`. */
export type CensusResult = (typeof CENSUS_RESULTS)[number];

/** The comparison key of es-tin.md §4.3: upper-cased, whitespace removed. */
function censusKey(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const CENSUS_RESULT_BY_KEY: ReadonlyMap<string, CensusResult> = new Map(
  CENSUS_RESULTS.map((result) => [censusKey(result), result]),
);

/**
 * The results that count as a census match (es-tin.md §5): the NIF exists in the census, including
 * deregistered (`-BAJA`) and revoked (`-REVOCADO`) ones, which callers should warn about.
 */
const MATCHING_RESULTS: ReadonlySet<CensusResult> = new Set([
  'IDENTIFICADO',
  'IDENTIFICADO-BAJA',
  'IDENTIFICADO-REVOCADO',
]);

/**
 * The canonical form of a census `Resultado` as AEAT wrote it, or `null` for a value that is none of
 * es-tin.md §4.3. AEAT may use mixed case and stray spaces ("No identificado -similar"), so values
 * are compared upper-cased with whitespace removed.
 *
 * @example
 * ```ts
 * normalizeCensusResult('No identificado -similar'); // 'NO IDENTIFICADO-SIMILAR'
 * normalizeCensusResult('identificado'); // 'IDENTIFICADO'
 * normalizeCensusResult('MAYBE'); // null
 * ```
 */
export function normalizeCensusResult(value: string): CensusResult | null {
  return CENSUS_RESULT_BY_KEY.get(censusKey(value)) ?? null;
}

/**
 * `census_match` of a result (spec §2.10; es-tin.md §5): true for `IDENTIFICADO`,
 * `IDENTIFICADO-BAJA` and `IDENTIFICADO-REVOCADO`, in any case and spacing; false for every other
 * value, for an unrecognised one, and when the census was not asked (`null`).
 *
 * @example
 * ```ts
 * censusMatch('IDENTIFICADO-BAJA'); // true
 * censusMatch('Identificado - Revocado'); // true
 * censusMatch('NO IDENTIFICADO-SIMILAR'); // false
 * ```
 */
export function censusMatch(result: string | null | undefined): boolean {
  if (result === null || result === undefined) return false;
  const canonical = normalizeCensusResult(result);
  return canonical !== null && MATCHING_RESULTS.has(canonical);
}

/** The census answer for one pair (VNifV2 `Contribuyente` of the response, es-tin.md §4.2). */
export interface CensusAnswer {
  /** `Nombre`: the census name for legal persons; for natural persons possibly the input echoed. */
  name: string;
  /** `Resultado` as AEAT wrote it (see {@link CENSUS_RESULTS}). */
  result: string;
}

/**
 * The `name` of a result (spec §2.10 rule): the census name when `census_match` is true, otherwise
 * the submitted name. With no census answer (the TIN was not sent to the census), or a matching
 * answer whose `Nombre` is blank, the submitted name is kept: a result never has an empty name.
 *
 * @example
 * ```ts
 * resultName('acme', { name: 'ACME SOCIEDAD LIMITADA', result: 'IDENTIFICADO' }); // 'ACME SOCIEDAD LIMITADA'
 * resultName('Jon Perez', { name: 'PEREZ JUAN', result: 'NO IDENTIFICADO-SIMILAR' }); // 'Jon Perez'
 * ```
 */
export function resultName(submitted: string, census: CensusAnswer | null | undefined): string {
  if (census === null || census === undefined || !censusMatch(census.result)) return submitted;
  return census.name.trim() === '' ? submitted : census.name;
}

/** One element of `results` on the wire (spec §2.10): exactly the five fields of the spec. */
export const TinResultSchema = z.object({
  /** As submitted. */
  tin: z.string(),
  /** `"ES"` + the compact national form, for every input (es-tin.md §5). */
  normalized_tin: z.string(),
  /** The census name on a match, else the submitted name ({@link resultName}). */
  name: z.string(),
  tin_format_valid: z.boolean(),
  census_match: z.boolean(),
});

/** A result element as the API returns it. */
export type TinResult = z.output<typeof TinResultSchema>;

/** "Empty while pending" (spec §2.10): a pending verification has no results yet. */
function resultsEmptyWhilePending(verification: {
  status: TinVerificationStatus;
  results: readonly unknown[];
}) {
  return verification.status !== 'pending' || verification.results.length === 0;
}

/**
 * The TIN verification resource (spec §2.10) returned by POST /tin_verifications (202, `pending`)
 * and GET /tin_verifications/{id}.
 */
export const TinVerificationSchema = z
  .object({
    id: identifier(),
    status: oneOf(TIN_VERIFICATION_STATUSES),
    results: z.array(TinResultSchema),
  })
  .refine(resultsEmptyWhilePending, { message: 'must be empty while pending', path: ['results'] });

/** A TIN verification as the API returns it. */
export type TinVerification = z.output<typeof TinVerificationSchema>;

/**
 * One result as fiscalkit keeps it: the five API fields plus `census_result`, the normalised census
 * `Resultado` (`null` when the census was not asked or answered with an unknown value), so callers
 * can warn about deregistered or revoked NIFs that still count as a match (es-tin.md §5). The API
 * serializer ({@link toTinVerificationResource}) emits only the five spec fields.
 */
export const TinOutcomeSchema = TinResultSchema.extend({
  census_result: oneOf(CENSUS_RESULTS).nullable(),
});

/** A result as stored, with its census result. */
export type TinOutcome = z.output<typeof TinOutcomeSchema>;

/** A TIN verification as stored: the resource with {@link TinOutcome} results. */
export const TinVerificationRecordSchema = z
  .object({
    id: identifier(),
    status: oneOf(TIN_VERIFICATION_STATUSES),
    results: z.array(TinOutcomeSchema),
  })
  .refine(resultsEmptyWhilePending, { message: 'must be empty while pending', path: ['results'] });

/** A stored TIN verification. */
export type TinVerificationRecord = z.output<typeof TinVerificationRecordSchema>;

/**
 * The result of one pair (spec §2.10; es-tin.md §5): `tin` as submitted, `normalized_tin` = `"ES"` +
 * compact form (for every input), `tin_format_valid` from the local NIF check, `census_match` and
 * `name` from the census answer, and the normalised `census_result`. Pass `null` when the TIN was
 * not sent to the census (es-tin.md §5 recommends sending only format-valid TINs): the result is then
 * no match with the submitted name. A census answer is trusted even for a TIN the local check calls
 * invalid, because the census is the authority on whether a NIF exists (es-tin.md §2).
 *
 * @example
 * ```ts
 * tinOutcome({ tin: 'b-12345674', name: 'Acme' }, { name: 'ACME SL', result: 'IDENTIFICADO' });
 * // { tin: 'b-12345674', normalized_tin: 'ESB12345674', name: 'ACME SL', tin_format_valid: true,
 * //   census_match: true, census_result: 'IDENTIFICADO' }
 * ```
 */
export function tinOutcome(pair: TinPair, census: CensusAnswer | null): TinOutcome {
  const check = checkSpanishTin(pair.tin);
  return {
    tin: pair.tin,
    normalized_tin: check.normalized,
    name: resultName(pair.name, census),
    tin_format_valid: check.valid,
    census_match: census !== null && censusMatch(census.result),
    census_result: census === null ? null : normalizeCensusResult(census.result),
  };
}

/**
 * The API shape of a stored verification (spec §2.10): each result reduced to the five spec fields,
 * `census_result` left out.
 *
 * @example
 * ```ts
 * toTinVerificationResource({ id: 7, status: 'pending', results: [] }); // { id: 7, status: 'pending', results: [] }
 * ```
 */
export function toTinVerificationResource(record: TinVerificationRecord): TinVerification {
  return {
    id: record.id,
    status: record.status,
    results: record.results.map((outcome) => ({
      tin: outcome.tin,
      normalized_tin: outcome.normalized_tin,
      name: outcome.name,
      tin_format_valid: outcome.tin_format_valid,
      census_match: outcome.census_match,
    })),
  };
}

/**
 * A TIN verification as the service stores it (issue #7): the record of {@link TinVerificationRecord}
 * plus what the background job needs and what the API does not show: the owning `account_id`
 * (DESIGN.md "Tenancy"; POST /tin_verifications has no account in its path, the API key names it),
 * the `pairs` as submitted, `created_at`, `finished_at` (null while pending) and `failure`, why the
 * verification `failed` (null otherwise; never shown on the wire, spec §2.10).
 */
export interface StoredTinVerification extends TinVerificationRecord {
  /**
   * The tenant: an account, or — through the HTTP binding, where POST /tin_verifications names no
   * account (spec §4.3) — the API key's group.
   */
  account_id: number;
  /**
   * The accounts whose webhook subscriptions hear `tin_verification.finished` (spec §6); absent means
   * the tenant itself. The HTTP binding sets the group's accounts at acceptance, so a verification
   * made with a group's key reaches the subscriptions of that group's accounts.
   */
  notify_account_ids?: readonly number[];
  pairs: readonly TinPair[];
  created_at: string;
  finished_at: string | null;
  failure: string | null;
}
