import type { ValidationIssue } from '../errors/validationIssue.js';
import type { Transport, TransportUpdate } from '../model/transport.js';
import { transportCodeIssues } from './transportCode.js';
import { type FindTransportByType, transportTypeTakenIssues } from './transportTypeTaken.js';

/**
 * Every business rule of a transport (spec §2.8, §7.2), run on a parsed create body (no `stored`)
 * or a parsed update with the stored transport. Parse with `parseTransport` first. Storage is asked
 * only when the code rules pass: a transport that cannot be saved need not be compared with the
 * others.
 *
 * @example
 * ```ts
 * await transportIssues({ transport_type_code: 'peppol' }, { account_id: 1, findTransportByType: () => 'peppol' });
 * // [{ code: 'parameter_taken', param: 'transport_type_code', … }]
 * ```
 */
export async function transportIssues(
  transport: TransportUpdate,
  context: { account_id: number; findTransportByType: FindTransportByType },
  stored?: Pick<Transport, 'code' | 'transport_type_code'>,
): Promise<ValidationIssue[]> {
  const codeIssues = transportCodeIssues(transport, stored);
  if (codeIssues.length > 0) return codeIssues;
  return transportTypeTakenIssues(transport, { ...context, stored_code: stored?.code ?? null });
}
