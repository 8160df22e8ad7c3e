/**
 * A {@link KeyStore} in memory, from a list of keys and groups (the shape of the reference server's
 * `FISCALKIT_KEYS` file).
 *
 * @module
 */
import type { AccountGroup, ApiKeyRecord, KeyStore } from '../../ports.js';

/** The keys and groups of a {@link memoryKeyStore}. */
export interface KeyStoreContents {
  keys: readonly ApiKeyRecord[];
  groups: readonly AccountGroup[];
}

/** A memory key store that can learn keys and groups while it runs (tests, a sandbox seed). */
export interface MemoryKeyStore extends KeyStore {
  addKey(key: ApiKeyRecord): void;
  addGroup(group: AccountGroup): void;
}

/**
 * A key store in memory. A key naming a group that is not listed is refused when the store is made,
 * so a typo in a key file fails at start, not as a puzzling 403 later.
 *
 * @example
 * ```ts
 * const keys = memoryKeyStore({
 *   groups: [{ id: 1, api_version: '2026-04-20' }],
 *   keys: [{ key: 'test_abc', environment: 'sandbox', group: 1, expires_at: null }],
 * });
 * (await keys.key('test_abc'))?.group; // 1
 * await keys.key('test_other'); // null
 * ```
 */
export function memoryKeyStore(contents: KeyStoreContents = { keys: [], groups: [] }): MemoryKeyStore {
  const keys = new Map<string, ApiKeyRecord>();
  const groups = new Map<number, AccountGroup>();
  const store: MemoryKeyStore = {
    async key(key) {
      return keys.get(key) ?? null;
    },
    async group(id) {
      return groups.get(id) ?? null;
    },
    addGroup(group) {
      groups.set(group.id, { ...group });
    },
    addKey(key) {
      if (key.group !== null && !groups.has(key.group))
        throw new Error(
          `API key ${key.key.slice(0, 8)}… names group ${String(key.group)}, which is not listed`,
        );
      keys.set(key.key, { ...key });
    },
  };
  for (const group of contents.groups) store.addGroup(group);
  for (const key of contents.keys) store.addKey(key);
  return store;
}
