import type { FieldValue, Repository, Versioned } from '../ports.js';

const PAGE = 500;

/**
 * Every record of an account in a repository, read page by page (the port lists in pages so that a
 * database adapter never loads an unbounded result at once).
 *
 * @example
 * ```ts
 * const subscriptions = await listAll(ports.store.webhookSubscriptions, account_id);
 * ```
 */
export async function listAll<T extends { readonly id: number }>(
  repository: Repository<T>,
  account_id: number,
): Promise<Versioned<T>[]> {
  const all: Versioned<T>[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await repository.list(account_id, { offset, limit: PAGE });
    all.push(...page.items);
    // money-safe: record counts.
    if (page.items.length < PAGE || all.length >= page.total_count) return all;
  }
}

/**
 * Every record of an account in a repository whose fields equal `where` (`Repository.find`), read page
 * by page as {@link listAll} reads them all.
 *
 * @example
 * ```ts
 * const deliveries = await findAll(ports.store.invoiceDeliveries, account_id, { invoice_id: 42 });
 * ```
 */
export async function findAll<T extends { readonly id: number }>(
  repository: Repository<T>,
  account_id: number,
  where: Readonly<Record<string, FieldValue>>,
): Promise<Versioned<T>[]> {
  const all: Versioned<T>[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await repository.find(account_id, where, { offset, limit: PAGE });
    all.push(...page.items);
    // money-safe: record counts.
    if (page.items.length < PAGE || all.length >= page.total_count) return all;
  }
}
