/**
 * A participant identifier is registered once in the whole Peppol network (the SML holds one entry
 * per participant identifier): how a transport write checks and claims its participant on
 * fiscalkit's directory index (`transportDirectory.ts`). Spec §7.2 `parameter_taken`; fiscalkit's,
 * the spec is silent.
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import type { StoredTransport, Transport } from '../model/transport.js';
import type { Ports, Repository } from '../ports.js';
import { peppolDirectoryIndex } from './transportDirectory.js';
import { isPublishable, normalizeParticipantValue } from './transportParticipant.js';

/**
 * 422 `parameter_taken` at `pin_value`: another transport holds the participant identifier.
 *
 * @example
 * ```ts
 * throw participantTakenError('9920', 'ESB12345674');
 * ```
 */
export function participantTakenError(scheme: string, value: string): ApiError {
  return new ApiError(
    'parameter_taken',
    `pin_value is already registered in the Peppol network by another transport (${scheme}:${value}, published or being published): a participant identifier is registered once`,
    { param: 'pin_value' },
  );
}

/**
 * Asking to publish a participant identifier that another transport already holds is
 * `parameter_taken` at `pin_value` ({@link participantTakenError}); null when it is free. A
 * transport holds its participant from the moment its publication is requested (`processing`), not
 * only once `published`: otherwise two accounts could both ask for one identifier while the first
 * job has not run, and both end published. Which account holds it is not said: only that the
 * identifier is taken, which the public directory shows anyway. Judged on fiscalkit's directory
 * index, each claim checked against its transport, so a stale claim (a transport disabled, deleted
 * or moved to another identifier) does not count.
 *
 * @example
 * ```ts
 * const duplicate = await participantTaken(ports, ports.store.transports, candidate, id);
 * if (duplicate !== null) throw duplicate;
 * ```
 */
export async function participantTaken(
  ports: Ports,
  repository: Repository<StoredTransport>,
  transport: StoredTransport | Transport,
  id: number,
): Promise<ApiError | null> {
  if (!isPublishable(transport)) return null;
  const scheme = transport.pin_scheme as string;
  const value = transport.pin_value as string;
  for (const pointer of await peppolDirectoryIndex(ports).find(scheme, [value])) {
    if (pointer.transport_id === id) continue;
    const other = await repository.get(pointer.account_id, pointer.transport_id);
    if (
      other !== null &&
      isPublishable(other.value) &&
      other.value.pin_scheme === scheme &&
      normalizeParticipantValue(other.value.pin_value as string) === normalizeParticipantValue(value)
    )
      return participantTakenError(scheme, value);
  }
  return null;
}

/**
 * Claims the participant of a transport just stored with its publication requested (see
 * `PeppolDirectoryIndex.claim`): {@link participantTaken} answers the common case; the claim, keyed
 * by the identifier in the store, closes the race of two requests that both passed it. Answers
 * whether this transport now holds the participant.
 *
 * @example
 * ```ts
 * if (!(await claimParticipant(ports, inserted.value))) throw participantTakenError(scheme, value);
 * ```
 */
export async function claimParticipant(ports: Ports, transport: StoredTransport): Promise<boolean> {
  if (!isPublishable(transport)) return true;
  const holder = await peppolDirectoryIndex(ports).claim({
    account_id: transport.account_id,
    transport_id: transport.id,
    pin_scheme: transport.pin_scheme as string,
    pin_value: transport.pin_value as string,
  });
  return holder === null;
}
