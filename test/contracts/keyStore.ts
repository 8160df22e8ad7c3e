/**
 * The contract of the `KeyStore` port (ports.ts "API keys"; spec §5): keys and groups as stored.
 */
import { describe, expect, it } from 'vitest';
import type { KeyStore } from '../../src/ports.js';

/**
 * Registers the key store contract. `make` answers a store holding exactly: group 1 (version
 * 2026-04-20), group 2 (no version), key `test_a` (sandbox, group 1, no expiry), key `live_b`
 * (production, no group, expiring 2030-01-01T00:00:00Z).
 *
 * @example
 * ```ts
 * describeKeyStoreContract('memoryKeyStore', () => memoryKeyStore({ keys, groups }));
 * ```
 */
export function describeKeyStoreContract(name: string, make: () => KeyStore | Promise<KeyStore>): void {
  describe(`KeyStore contract: ${name}`, () => {
    it('answers a key with its environment, group and expiry, and null for an unknown key', async () => {
      const keys = await make();
      expect(await keys.key('test_a')).toEqual({
        key: 'test_a',
        environment: 'sandbox',
        group: 1,
        expires_at: null,
      });
      expect(await keys.key('live_b')).toEqual({
        key: 'live_b',
        environment: 'production',
        group: null,
        expires_at: '2030-01-01T00:00:00Z',
      });
      expect(await keys.key('test_A')).toBeNull();
      expect(await keys.key('')).toBeNull();
    });

    it('answers a group with its version, and null for an unknown group', async () => {
      const keys = await make();
      expect(await keys.group(1)).toEqual({ id: 1, api_version: '2026-04-20' });
      expect(await keys.group(2)).toEqual({ id: 2, api_version: null });
      expect(await keys.group(3)).toBeNull();
    });
  });
}

/** The contents the contract expects, for adapters that are seeded from data. */
export const KEY_STORE_CONTRACT_CONTENTS = {
  groups: [
    { id: 1, api_version: '2026-04-20' },
    { id: 2, api_version: null },
  ],
  keys: [
    { key: 'test_a', environment: 'sandbox', group: 1, expires_at: null },
    { key: 'live_b', environment: 'production', group: null, expires_at: '2030-01-01T00:00:00Z' },
  ],
} as const;
