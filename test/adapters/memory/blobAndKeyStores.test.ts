import { describe, expect, it } from 'vitest';
import { memoryBlobStore } from '../../../src/adapters/memory/blobStore.js';
import { memoryKeyStore } from '../../../src/adapters/memory/keyStore.js';
import { describeBlobStoreContract } from '../../contracts/blobStore.js';
import { describeKeyStoreContract, KEY_STORE_CONTRACT_CONTENTS } from '../../contracts/keyStore.js';

describeBlobStoreContract('memoryBlobStore', () => memoryBlobStore());

describeKeyStoreContract('memoryKeyStore', () =>
  memoryKeyStore({
    groups: [...KEY_STORE_CONTRACT_CONTENTS.groups],
    keys: [...KEY_STORE_CONTRACT_CONTENTS.keys],
  }),
);

describe('memoryKeyStore specifics', () => {
  it('refuses a key naming a group it does not list, so a bad key file fails at start', () => {
    expect(() =>
      memoryKeyStore({
        groups: [],
        keys: [{ key: 'test_x1234', environment: 'sandbox', group: 9, expires_at: null }],
      }),
    ).toThrow(/group 9/);
  });

  it('learns keys and groups while it runs', async () => {
    const keys = memoryKeyStore();
    keys.addGroup({ id: 4, api_version: null });
    keys.addKey({ key: 'test_new', environment: 'sandbox', group: 4, expires_at: null });
    expect((await keys.key('test_new'))?.group).toBe(4);
  });
});
