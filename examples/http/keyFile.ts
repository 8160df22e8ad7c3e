/**
 * The key store of the reference server (issue #8): the JSON file named by `FISCALKIT_KEYS`
 * (`{"keys": [{key, environment, group, expires_at}], "groups": [{id, api_version}]}`), or, without
 * it, one sandbox key in one group — `FISCALKIT_API_KEY` when set, else a new random `test_` key — so
 * that `npm start` serves a working sandbox at once.
 */
import { readFileSync } from 'node:fs';
import { type MemoryKeyStore, memoryKeyStore } from 'fiscalkit/memory';
import { isTimestamp } from 'fiscalkit/model';
import { z } from 'zod';

const KeyFileSchema = z.object({
  keys: z.array(
    z.object({
      key: z.string().min(8),
      environment: z.enum(['sandbox', 'staging', 'production']),
      group: z.number().int().positive().nullable(),
      expires_at: z.string().refine(isTimestamp, 'an RFC 3339 UTC instant').nullable().default(null),
    }),
  ),
  groups: z.array(
    z.object({ id: z.number().int().positive(), api_version: z.string().nullable().default(null) }),
  ),
});

/** The key store and, when one was made up, the sandbox key to print. */
export interface LoadedKeys {
  keys: MemoryKeyStore;
  /** The seeded sandbox key, when no key file was given. */
  seeded: string | null;
}

/**
 * Loads the keys of the reference server.
 *
 * @example
 * ```ts
 * const { keys, seeded } = loadKeys(process.env);
 * if (seeded) console.log(`X-B2B-API-Key: ${seeded}`);
 * ```
 */
export function loadKeys(env: Readonly<Record<string, string | undefined>>): LoadedKeys {
  const file = env.FISCALKIT_KEYS;
  if (file !== undefined && file !== '') {
    const parsed = KeyFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
    return { keys: memoryKeyStore(parsed.data), seeded: null };
  }
  const key = env.FISCALKIT_API_KEY || `test_${crypto.randomUUID().replaceAll('-', '')}`;
  return {
    keys: memoryKeyStore({
      groups: [{ id: 1, api_version: null }],
      keys: [{ key, environment: 'sandbox', group: 1, expires_at: null }],
    }),
    seeded: key,
  };
}
