/**
 * A lossless JSON tree as text that crosses a thread (issue #24 item 1: a large body is parsed off the
 * main thread). `LosslessNumber`s do not survive a structured clone — they arrive as plain objects,
 * which `isLosslessNumber` rightly refuses, since a client can send `{"isLosslessNumber": true, …}` —
 * and cloning a 10 MB tree costs the receiving thread 100–200 ms of deserialising. So the parsing
 * thread answers JSON text in which each number is a string tagged with a leading U+0000, and the
 * main thread reads it with the native `JSON.parse` (a few tens of ms for 10 MB) and turns the tagged
 * strings back into `LosslessNumber`s.
 *
 * The tag is unambiguous: a string the client sent that starts with U+0000 gets a second one, which
 * decoding removes. Keys are never tagged (only values are numbers).
 *
 * @module
 */
import { isLosslessNumber, LosslessNumber } from 'lossless-json';

const TAG = '\u0000';

/**
 * The text of a lossless JSON tree (as `parseJsonBody` makes it) with its numbers tagged, for
 * {@link decodeJsonTree} on another thread.
 *
 * @example
 * ```ts
 * const tree = { price: new LosslessNumber('12.50'), note: 'x' };
 * encodeJsonTree(tree); // '{"price":"\\u000012.50","note":"x"}'
 * ```
 */
export function encodeJsonTree(tree: unknown): string {
  return JSON.stringify(tree, (_key, value: unknown) => {
    if (typeof value === 'string') return value.charCodeAt(0) === 0 ? TAG + value : value;
    if (typeof value === 'object' && value !== null && isLosslessNumber(value)) return TAG + value.value;
    return value;
  });
}

/**
 * The lossless JSON tree of {@link encodeJsonTree}'s text: numbers are `LosslessNumber`s again, with
 * exactly their text, and every other value as it was.
 *
 * @example
 * ```ts
 * const tree = decodeJsonTree(encodeJsonTree({ price: new LosslessNumber('12.50') }));
 * (tree as { price: LosslessNumber }).price.value; // '12.50'
 * ```
 */
export function decodeJsonTree(text: string): unknown {
  return revive(JSON.parse(text));
}

/** A decoded value: a tagged string as what it stands for, a container with its members revived. */
function revive(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.charCodeAt(0) !== 0) return value;
    return value.charCodeAt(1) === 0 ? value.slice(1) : new LosslessNumber(value.slice(1));
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      if (typeof item === 'object' || typeof item === 'string') value[index] = revive(item);
    }
    return value;
  }
  const record = value as Record<string, unknown>;
  // JSON.parse makes plain objects whose only enumerable properties are their own keys.
  for (const key in record) {
    const item = record[key];
    if (typeof item !== 'object' && typeof item !== 'string') continue;
    const revived = revive(item);
    if (revived === item) continue;
    // A `__proto__` key is an own property (as JSON.parse and lossless-json make it): assigning it
    // would call the prototype setter instead.
    if (key === '__proto__')
      Object.defineProperty(record, key, {
        value: revived,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    else record[key] = revived;
  }
  return record;
}
