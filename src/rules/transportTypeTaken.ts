import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPresent, issueAt } from './issue.js';

/** What makes a transport unique: one transport per transport type in an account (spec §7.2). */
export interface TransportTypeKey {
  account_id: number;
  transport_type_code: string;
}

/**
 * Finds the `code` of the account's transport of this type, or null; synchronous or not, as the
 * storage port is.
 */
export type FindTransportByType = (key: TransportTypeKey) => string | null | Promise<string | null>;

/**
 * Spec §7.2 `parameter_taken` ("A unique value already exists (e.g. … transport type code)") at
 * `transport_type_code` when another transport of the account already has the type. The lookup is
 * passed in, so the rule itself stays pure; the transport being updated (`stored_code`) does not
 * collide with itself. A body without `transport_type_code` (a PATCH) cannot clash and asks nothing.
 *
 * @example
 * ```ts
 * await transportTypeTakenIssues(
 *   { transport_type_code: 'peppol' },
 *   { account_id: 1, findTransportByType: () => 'peppol' },
 * ); // [{ rule: 'spec.7.2.transport-type-taken', code: 'parameter_taken', param: 'transport_type_code', … }]
 * ```
 */
export async function transportTypeTakenIssues(
  transport: { transport_type_code?: string | null | undefined },
  context: {
    account_id: number;
    stored_code?: string | null | undefined;
    findTransportByType: FindTransportByType;
  },
): Promise<ValidationIssue[]> {
  const transport_type_code = transport.transport_type_code;
  if (transport_type_code === null || transport_type_code === undefined || !isPresent(transport_type_code))
    return [];
  const holder = await context.findTransportByType({ account_id: context.account_id, transport_type_code });
  if (holder === null || holder === (context.stored_code ?? null)) return [];
  return [
    issueAt(
      'spec.7.2.transport-type-taken',
      'parameter_taken',
      ['transport_type_code'],
      `is already used by another transport of this account (${JSON.stringify(transport_type_code)}; one transport per type)`,
    ),
  ];
}
