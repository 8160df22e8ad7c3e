import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Where `shared/` is: `$FISCALKIT_SHARED`, or `../shared` beside the checkout (as in CI).
 * Tests that need it skip with {@link SHARED_MISSING} when it is absent (a plain clone).
 */
export const SHARED_DIR = process.env.FISCALKIT_SHARED ?? resolve(root, '..', 'shared');

/** Whether `shared/` is present. */
export const hasShared = existsSync(join(SHARED_DIR, 'vectors'));

/** The message a skipped test shows. */
export const SHARED_MISSING = `shared/ not found at ${SHARED_DIR}: golden vectors and official samples are skipped (set FISCALKIT_SHARED or put shared/ beside the checkout)`;

if (!hasShared) console.warn(`[fiscalkit tests] ${SHARED_MISSING}`);

/** Reads a JSON file under `shared/`. */
export function readSharedJson<T>(...path: string[]): T {
  return JSON.parse(readFileSync(join(SHARED_DIR, ...path), 'utf8')) as T;
}

/** The project root (for repository tests). */
export const PROJECT_ROOT = root;
