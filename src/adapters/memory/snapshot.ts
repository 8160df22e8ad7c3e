/**
 * The snapshot every storage adapter of `fiscalkit/memory` keeps (ports.ts: "a storage adapter keeps a
 * snapshot, never the caller's object"): a deep copy of plain data, frozen, so that neither the
 * writer's later changes nor a reader's mutation can reach the store, and reads can hand out the
 * stored value itself without copying it again.
 *
 * @module
 */

/** Sets `record[key]`, also for an own `__proto__` key (which `JSON.parse` can give) as data. */
function put(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

function copyArray(source: readonly unknown[]): readonly unknown[] {
  const frozen = Object.isFrozen(source);
  const length = source.length;
  let out: unknown[] | undefined = frozen ? undefined : new Array<unknown>(length);
  // money-safe: an index, not an amount.
  for (let index = 0; index < length; index += 1) {
    const item = source[index];
    const copied = typeof item === 'object' && item !== null ? copy(item) : item;
    if (out !== undefined) out[index] = copied;
    else if (copied !== item) {
      out = source.slice();
      out[index] = copied;
    }
  }
  return out === undefined ? source : Object.freeze(out);
}

function copyRecord(source: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  // A spread copies a record's own enumerable properties in one step (V8 clones the shape), and a
  // for…in walk uses the shape's key cache: only the nested objects are then replaced by their copies.
  let out: Record<string, unknown> | undefined = Object.isFrozen(source) ? undefined : { ...source };
  for (const key in source) {
    const child = source[key];
    // `hasOwn`: a for…in walk would also visit an enumerable property someone put on Object.prototype.
    if (typeof child !== 'object' || child === null || !Object.hasOwn(source, key)) continue;
    const copied = copy(child);
    if (out === undefined) {
      if (copied === child) continue;
      out = { ...source };
    }
    put(out, key, copied);
  }
  return out === undefined ? source : Object.freeze(out);
}

/**
 * A frozen plain object or array whose every part is already immutable is kept as it is: it cannot
 * change. That is what a snapshot is, so writing a value spread from one read back (`{ ...stored,
 * state }`) copies only what changed, not the stored parts it reuses.
 */
function copy(value: object): unknown {
  if (Array.isArray(value)) return copyArray(value);
  const prototype: unknown = Object.getPrototypeOf(value);
  // A class instance (lossless-json's LosslessNumber, Decimal) is an immutable value: kept as is.
  if (prototype !== Object.prototype && prototype !== null) return value;
  return copyRecord(value as Record<string, unknown>);
}

/**
 * A deep, frozen copy of plain data: plain objects and arrays are copied recursively and frozen;
 * any other object (a class instance such as lossless-json's `LosslessNumber` or a `Decimal`) is an
 * immutable value and kept by reference; primitives are themselves. A frozen object or array whose
 * parts are all immutable (such as a snapshot, or a part of one) is kept too, since it cannot change.
 * Symbol keys and non-enumerable properties are not data and are left out of the copies.
 *
 * @example
 * ```ts
 * const invoice = { id: 1, lines: [{ quantity: new LosslessNumber('2') }] };
 * const stored = snapshot(invoice);
 * invoice.lines.push({ quantity: new LosslessNumber('1') }); // the snapshot keeps one line
 * Object.isFrozen(stored.lines[0]); // true
 * stored.lines[0].quantity === invoice.lines[0].quantity; // true: a value object is shared
 * snapshot(stored) === stored; // true: already immutable
 * ```
 */
export function snapshot<T>(value: T): T {
  return (typeof value === 'object' && value !== null ? copy(value) : value) as T;
}
