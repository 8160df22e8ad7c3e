/**
 * The one check of a page request (`offset`, `limit`; spec §2.1) that every storage adapter's `list`
 * and `find` makes before it reads (the memory and PostgreSQL repositories and event sinks). The
 * service only ever asks for pages that `parseListQuery` has parsed (whole numbers, `limit` at most
 * 500), so a page that fails here is a programming error of the caller, not a client's mistake: it
 * throws rather than answering an issue.
 *
 * @module
 */

/** The shape of a page request (`PageRequest` in `ports.ts`, which adapters receive). */
export interface PageBounds {
  readonly offset: number;
  readonly limit: number;
}

/**
 * Throws a `RangeError` unless `offset` and `limit` are both non-negative safe integers: a fraction,
 * `NaN`, an infinity or a negative number would make `slice` and SQL `LIMIT`/`OFFSET` disagree (or
 * fail in the database), so every adapter refuses them the same way, with the same message.
 *
 * @example
 * ```ts
 * assertPageRequest({ offset: 0, limit: 25 }); // returns
 * assertPageRequest({ offset: -1, limit: 25 });
 * // throws RangeError: a page needs a non-negative integer offset and limit, not -1 and 25
 * ```
 */
export function assertPageRequest(page: PageBounds): void {
  if (
    !Number.isSafeInteger(page.offset) ||
    page.offset < 0 ||
    !Number.isSafeInteger(page.limit) ||
    page.limit < 0
  )
    throw new RangeError(
      `a page needs a non-negative integer offset and limit, not ${String(page.offset)} and ${String(page.limit)}`,
    );
}
