import { compactSpanishTin } from '../identifiers/spanishTin.js';
import type { Account } from '../model/account.js';
import type { SiiTitular } from '../sii/index.js';

/**
 * The titular of the account's SII books (sii.md §3: `Cabecera/Titular` is the taxpayer, the
 * account): its name and its Spanish NIF in the compact form `NIFType` wants (an `ES` prefix and
 * separators dropped). An account without a TIN gives an empty NIF, which `siiTitularIssues` and
 * `buildSiiMessage` refuse, so every caller learns it the same way. Shared by the batch job (each
 * record is built and validated with the header its ledger will have) and the ledger service (the
 * ledger's message), so that the message validated is the message sent.
 *
 * @example
 * ```ts
 * siiTitularOf({ ...account, name: 'Test company', tin_value: 'ESU2687761C' });
 * // { name: 'Test company', nif: 'U2687761C' }
 * ```
 */
export function siiTitularOf(account: Account): SiiTitular {
  return { name: account.name, nif: compactSpanishTin(account.tin_value ?? '') };
}
