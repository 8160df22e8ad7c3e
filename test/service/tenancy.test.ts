/**
 * Tenancy (src/service/tenancy.ts): a group owns the accounts it created; a "yes" is remembered per
 * store (memberships are never removed), a "no" never is; `requireOwnedAccount` answers 404 at
 * `account` without reading the account.
 */
import { describe, expect, it } from 'vitest';
import { memoryPorts } from '../../src/adapters/memory/index.js';
import type { Ports } from '../../src/ports.js';
import { ownsAccount, requireOwnedAccount } from '../../src/service/tenancy.js';
import { callerOf, rejection } from './accountSupport.js';

/** Memory ports counting the reads of memberships and accounts. */
function counted(): { ports: Ports; reads: { memberships: number; accounts: number } } {
  const ports = memoryPorts();
  const reads = { memberships: 0, accounts: 0 };
  const groups = ports.store.accountGroups;
  const getMembership = groups.get.bind(groups);
  groups.get = (group, id) => {
    reads.memberships += 1;
    return getMembership(group, id);
  };
  const accounts = ports.store.accounts;
  const getAccount = accounts.get.bind(accounts);
  accounts.get = (owner, id) => {
    reads.accounts += 1;
    return getAccount(owner, id);
  };
  return { ports, reads };
}

describe('ownsAccount', () => {
  it('remembers a membership once read, and reads again after a no', async () => {
    const { ports, reads } = counted();
    const caller = callerOf(1);
    expect(await ownsAccount(ports, caller, 7)).toBe(false);
    expect(await ownsAccount(ports, caller, 7)).toBe(false);
    expect(reads.memberships).toBe(2);
    // The account is created the next moment: the no was not remembered.
    await ports.store.accountGroups.insert({ id: 7, group_id: 1 });
    expect(await ownsAccount(ports, caller, 7)).toBe(true);
    expect(await ownsAccount(ports, caller, 7)).toBe(true);
    expect(reads.memberships).toBe(3);
    // Another group never borrows the remembered yes.
    expect(await ownsAccount(ports, callerOf(2), 7)).toBe(false);
    expect(reads.memberships).toBe(4);
  });

  it('remembers per store: another service on other ports reads its own', async () => {
    const first = counted();
    const second = counted();
    await first.ports.store.accountGroups.insert({ id: 3, group_id: 1 });
    expect(await ownsAccount(first.ports, callerOf(1), 3)).toBe(true);
    expect(await ownsAccount(second.ports, callerOf(1), 3)).toBe(false);
  });

  it('refuses ids that are not safe integers without reading', async () => {
    const { ports, reads } = counted();
    expect(await ownsAccount(ports, callerOf(1), 1.5)).toBe(false);
    expect(await ownsAccount(ports, callerOf(1), Number.NaN)).toBe(false);
    expect(reads.memberships).toBe(0);
  });
});

describe('requireOwnedAccount', () => {
  it('answers 404 resource_missing at account for another group, and reads no account', async () => {
    const { ports, reads } = counted();
    await ports.store.accountGroups.insert({ id: 5, group_id: 1 });
    await requireOwnedAccount(ports, callerOf(1), 5);
    expect(await rejection(requireOwnedAccount(ports, callerOf(2), 5))).toEqual({
      status: 404,
      code: 'resource_missing',
      param: 'account',
    });
    expect(reads.accounts).toBe(0);
  });
});
