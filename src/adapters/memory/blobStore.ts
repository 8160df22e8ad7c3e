/**
 * A {@link BlobStore} in memory: attachment and logo bytes, copied in and out so that nobody changes
 * a stored file through a buffer they hold.
 *
 * @module
 */
import type { BlobStore, StoredBlob } from '../../ports.js';

/**
 * A blob store in memory, tenant-scoped: another account's blob is not there.
 *
 * @example
 * ```ts
 * const blobs = memoryBlobStore();
 * await blobs.put({ id: 7, account_id: 1, filename: 'logo.png', content_type: 'image/png', bytes });
 * (await blobs.get(1, 7))?.filename; // 'logo.png'
 * await blobs.get(2, 7); // null
 * ```
 */
export function memoryBlobStore(): BlobStore {
  const blobs = new Map<number, StoredBlob>();
  const copy = (blob: StoredBlob): StoredBlob => ({ ...blob, bytes: blob.bytes.slice() });
  return {
    async put(blob) {
      blobs.set(blob.id, copy(blob));
    },
    async get(account_id, id) {
      const blob = blobs.get(id);
      return blob === undefined || blob.account_id !== account_id ? null : copy(blob);
    },
    async remove(account_id, id) {
      if (blobs.get(id)?.account_id === account_id) blobs.delete(id);
    },
  };
}
