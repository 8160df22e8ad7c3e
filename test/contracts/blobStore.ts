/**
 * The contract of the `BlobStore` port (ports.ts "Blobs"): attachment and logo bytes, tenant-scoped,
 * stored as copies.
 */
import { describe, expect, it } from 'vitest';
import type { BlobStore, StoredBlob } from '../../src/ports.js';

const blob = (id: number, account_id: number, text = 'hello'): StoredBlob => ({
  id,
  account_id,
  filename: `file-${String(id)}.txt`,
  content_type: 'text/plain',
  bytes: new TextEncoder().encode(text),
});

/**
 * Registers the blob store contract as a `describe` block named after `name`.
 *
 * @example
 * ```ts
 * describeBlobStoreContract('memoryBlobStore', () => memoryBlobStore());
 * ```
 */
export function describeBlobStoreContract(name: string, make: () => BlobStore | Promise<BlobStore>): void {
  describe(`BlobStore contract: ${name}`, () => {
    it('answers what was put, byte for byte, in its account only', async () => {
      const blobs = await make();
      await blobs.put(blob(1, 10, 'é€ bytes'));
      const read = await blobs.get(10, 1);
      expect(read?.filename).toBe('file-1.txt');
      expect(read?.content_type).toBe('text/plain');
      expect(new TextDecoder().decode(read?.bytes)).toBe('é€ bytes');
      expect(await blobs.get(11, 1)).toBeNull();
      expect(await blobs.get(10, 2)).toBeNull();
    });

    it('stores a copy: changing the given or the read bytes changes nothing stored', async () => {
      const blobs = await make();
      const given = blob(1, 10, 'abc');
      await blobs.put(given);
      given.bytes[0] = 0x7a;
      const read = await blobs.get(10, 1);
      if (read === null) throw new Error('not stored');
      read.bytes[1] = 0x7a;
      expect(new TextDecoder().decode((await blobs.get(10, 1))?.bytes)).toBe('abc');
    });

    it('replaces a blob put again under its id, and removes in its account only', async () => {
      const blobs = await make();
      await blobs.put(blob(1, 10, 'first'));
      await blobs.put(blob(1, 10, 'second'));
      expect(new TextDecoder().decode((await blobs.get(10, 1))?.bytes)).toBe('second');
      await blobs.remove(11, 1);
      expect(await blobs.get(10, 1)).not.toBeNull();
      await blobs.remove(10, 1);
      expect(await blobs.get(10, 1)).toBeNull();
      await blobs.remove(10, 1); // removing what is not there does nothing
    });
  });
}
