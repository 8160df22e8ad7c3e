import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues, type Validated, type ValidationIssue } from '../errors/validationIssue.js';
import { parseListQuery } from '../model/listQuery.js';
import { ROUTING_CODE_SLOTS, type RoutingCodes } from '../model/routingCodes.js';
import {
  type Page,
  type PageRequest,
  RecordMissingError,
  type Repository,
  VersionConflictError,
} from '../ports.js';
import type { ResourcePage } from './webHooks.js';

/*
 * Small pieces the account, contact and bank account use cases share (spec §2.2, §2.3, §4.4, §4.5):
 * optimistic writes that answer 409 instead of overwriting, the full `routing_codes` object, and the
 * one way a parsed body or a rule's issues become the service's error.
 */

/**
 * The parsed value, or the service's error for its issues (400 before 422, spec §7.2).
 *
 * @example
 * ```ts
 * const body = parsedOrThrow(parseAccount(input, 'create'));
 * ```
 */
export function parsedOrThrow<T>(result: Validated<T>): T {
  if (!result.success) throw apiErrorFromIssues(result.issues);
  return result.data;
}

/**
 * Throws the error of the first issue, if there is one (the rules of `src/rules` return issues;
 * DESIGN.md "Validation returns, it does not throw").
 *
 * @example
 * ```ts
 * throwIssues(accountIssues(candidate)); // 422 parameter_invalid at skip_line_taxable_base_rounding, or nothing
 * ```
 */
export function throwIssues(issues: readonly ValidationIssue[]): void {
  if (issues.length > 0) throw apiErrorFromIssues(issues);
}

/**
 * Runs a versioned write (`update`, `remove`) and answers 409 `conflict` when another request wrote
 * the record after this one read it (ports.ts `VersionConflictError`), or 404 `resource_missing`
 * when it was removed meanwhile. The request is not applied to the newer record behind the client's
 * back: the rules were judged on the version it read, so the client reads again and decides (spec
 * §7.2 `conflict`: "current resource state rejects the operation").
 *
 * @example
 * ```ts
 * const saved = await writeOrConflict('account', () => ports.store.accounts.update(next, read.version));
 * ```
 */
export async function writeOrConflict<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof VersionConflictError)
      throw new ApiError(
        'conflict',
        `the ${what} was changed by another request while this one was applied: read it again and retry`,
        { param: null, cause: error },
      );
    if (error instanceof RecordMissingError)
      throw new ApiError('resource_missing', `No ${what} with id ${String(error.id)}`, {
        param: 'id',
        cause: error,
      });
    throw error;
  }
}

/** A routing code value as stored: a blank string is no value (null). */
function blankAsNull(value: string | null): string | null {
  return value !== null && value.trim() === '' ? null : value;
}

/** Every slot of `routing_codes`, each `null`. */
function emptyRoutingCodes(): Record<string, string | null> {
  const codes: Record<string, string | null> = {};
  for (const slot of ROUTING_CODE_SLOTS) {
    codes[`cin${slot}_value`] = null;
    codes[`cin${slot}_scheme`] = null;
  }
  return codes;
}

/**
 * The full `routing_codes` object a resource stores and returns (spec §2.2, §2.3: "always returned
 * inside this object"): all ten keys, each a string or null. The slots `sent` names replace those of
 * `base` (a PATCH or PUT changes only the slots it sends, the way `routingCodeIssues` judges them);
 * `sent` null clears every slot; `sent` absent keeps `base`. A blank value (`''`, spaces) is stored
 * as null, as a blank scheme already is, so that a slot sent as `{cin1_value: '', cin1_scheme: ''}`
 * is cleared as a pair rather than stored half blank, half null.
 *
 * @example
 * ```ts
 * fullRoutingCodes({ cin2_value: 'X', cin2_scheme: '0088' }, { cin1_value: 'Y', cin1_scheme: '0060' });
 * // { cin1_value: 'Y', cin1_scheme: '0060', cin2_value: 'X', cin2_scheme: '0088', cin3_value: null, … }
 * ```
 */
export function fullRoutingCodes(
  sent: RoutingCodes | null | undefined,
  base: RoutingCodes | null | undefined = null,
): RoutingCodes {
  const codes = emptyRoutingCodes();
  if (sent === null) return codes;
  for (const source of [base, sent])
    for (const [key, value] of Object.entries(source ?? {}))
      if (value !== undefined) codes[key] = blankAsNull(value);
  return codes;
}

/**
 * The page a list use case reads, judged as the HTTP binding judges `offset` and `limit` (spec §2.1,
 * api-notes.md §7: `parseListQuery`): a use case called directly, not over HTTP, answers a negative,
 * fractional or oversized page with the service's error (422 `parameter_invalid` at `offset` or
 * `limit`; 400 `invalid_request_params` for no page object or a value of the wrong type) rather than
 * with the storage adapter's `RangeError`. Absent values take the defaults (offset 0, limit 25).
 *
 * @example
 * ```ts
 * checkedPage({ offset: 0, limit: 25 }); // { offset: 0, limit: 25 }
 * checkedPage({ offset: -1, limit: 25 }); // throws ApiError parameter_invalid at offset
 * ```
 */
export function checkedPage(page: unknown): PageRequest {
  if (typeof page !== 'object' || page === null || Array.isArray(page))
    throw new ApiError('invalid_request_params', 'the page must be an object {offset, limit}', {
      param: null,
    });
  const { offset, limit } = page as Record<string, unknown>;
  const parsed = parsedOrThrow(parseListQuery({ offset, limit }));
  return { offset: parsed.offset, limit: parsed.limit };
}

/** The fields of `T` a request sent: each optional, none `undefined`. */
export type SentFields<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/**
 * `value` without its `undefined` properties, so that spreading it over a stored record changes only
 * the fields a request sent (`null` clears a field, absent keeps it).
 *
 * @example
 * ```ts
 * sentFields({ name: 'ACME', phone: undefined, email: null }); // { name: 'ACME', email: null }
 * ```
 */
export function sentFields<T extends object>(value: T): SentFields<T> {
  const sent: SentFields<T> = {};
  for (const [key, field] of Object.entries(value))
    if (field !== undefined) (sent as Record<string, unknown>)[key] = field;
  return sent;
}

/**
 * A repository page as a use case answers it: the values and the size of the whole list (spec §2.1
 * `meta.total_count`).
 *
 * @example
 * ```ts
 * pageValues(await ports.store.contacts.list(1, { offset: 0, limit: 25 })); // { items: [...], total_count: 3 }
 * ```
 */
export function pageValues<T extends { readonly id: number }>(page: Page<T>): ResourcePage<T> {
  return { items: page.items.map((item) => item.value), total_count: page.total_count };
}

/**
 * Applies `change` to the latest stored version of a record and writes it, reading again and
 * re-applying on a version conflict: for the service's own follow-up writes (an office following its
 * parent's TIN, the previous default bank account losing `is_default`), which are right whatever the
 * record became meanwhile. `change` answers null when there is nothing to write. Answers the stored
 * record, or null when it is gone or unchanged.
 *
 * @example
 * ```ts
 * await updateLatest(ports.store.bankAccounts, 1, 12, (bank) => (bank.is_default ? { ...bank, is_default: false } : null));
 * ```
 */
export async function updateLatest<T extends { readonly id: number }>(
  repository: Repository<T>,
  account_id: number,
  id: number,
  change: (value: T) => T | null,
): Promise<T | null> {
  for (;;) {
    const read = await repository.get(account_id, id);
    if (read === null) return null;
    const next = change(read.value);
    if (next === null) return null;
    try {
      return (await repository.update(next, read.version)).value;
    } catch (error) {
      if (!(error instanceof VersionConflictError) && !(error instanceof RecordMissingError)) throw error;
    }
  }
}

/**
 * The ids of an account's records whose fields equal `where`, all of them, page by page (the port
 * answers pages so that no adapter loads an unbounded result at once).
 *
 * @example
 * ```ts
 * await findAllIds(ports.store.contacts, 1, { parent_id: 7 }); // [9, 12]: the offices of contact 7
 * ```
 */
export async function findAllIds<T extends { readonly id: number }>(
  repository: Repository<T>,
  account_id: number,
  where: Parameters<Repository<T>['find']>[1],
): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += FIND_PAGE) {
    const page = await repository.find(account_id, where, { offset, limit: FIND_PAGE });
    ids.push(...page.items.map((item) => item.value.id));
    if (page.items.length < FIND_PAGE) return ids;
  }
}

const FIND_PAGE = 500;
