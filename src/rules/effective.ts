/**
 * The value a field will have once an update is applied: the update's value when the field was sent
 * (a `null` clears it), else the stored value. For a create, pass no stored resource.
 *
 * @example
 * ```ts
 * effective({ apply_to_vat_group_member: null }, { apply_to_vat_group_member: true }, 'apply_to_vat_group_member'); // null
 * effective({}, { number: 'F-1' }, 'number'); // 'F-1'
 * ```
 */
export function effective<K extends string>(
  request: Partial<Record<K, unknown>>,
  stored: Partial<Record<K, unknown>> | null | undefined,
  key: K,
): unknown {
  return request[key] !== undefined ? request[key] : stored?.[key];
}
