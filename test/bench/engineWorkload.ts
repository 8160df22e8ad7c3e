/**
 * Workloads of the engine benchmarks (issue #7): a service on in-memory ports with one Spanish
 * account, 5,000 Expedida batch records, and 20,000 TIN pairs with about a third of the valid ones
 * known to the census.
 */
import { checkSpanishTin } from '../../src/identifiers/spanishTin.js';
import type { Account } from '../../src/model/account.js';
import { storedAccount } from '../support/fixtures.js';
import { benchSiiMessage } from './siiWorkload.js';
import { tinWorkload } from './tinWorkload.js';

/** The account of every engine bench: the SII fixtures' titular. */
export const BENCH_ACCOUNT: Account = storedAccount({
  id: 1,
  name: 'Test company',
  country: 'ES',
  tin_value: 'ESU2687761C',
});

/** `count` batch records as a client sends them (`tax_reports` of spec §4.1). */
export function benchBatchRecords(count: number): Record<string, unknown>[] {
  return benchSiiMessage(count).records.map((record) => ({ ...record }));
}

/** `count` `{tin, name}` pairs (the TIN bench mix) and the census table that knows every third valid one. */
export function benchTinPairs(count: number): {
  pairs: { tin: string; name: string }[];
  census: { nif: string; name: string }[];
} {
  const pairs = tinWorkload(count).map((tin, i) => ({ tin, name: `Contribuyente ${String(i)}` }));
  const census = pairs.flatMap((pair, i) => {
    const check = checkSpanishTin(pair.tin);
    return check.valid && i % 3 === 0 ? [{ nif: check.compact, name: `CENSO ${String(i)}` }] : [];
  });
  return { pairs, census };
}
