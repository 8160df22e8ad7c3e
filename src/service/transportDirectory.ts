/**
 * fiscalkit's Peppol Directory index: which transports publish which participant identifier, across
 * every account and group (spec §4.8 GET /directory/{country}/{identifier}: the Peppol Directory is
 * public data). The publication job writes it when a participant reaches or leaves `published` in the
 * directory; the directory lookup reads it.
 *
 * The records live in the store (`store.peppolParticipants`, all in the public tenant 0, since a
 * lookup by identifier across all tenants has no account to name). They only point at transports;
 * the lookup reads each transport and its account from the store and answers only for one that is
 * still `published`, so a stale entry can never leak anything.
 *
 * @module
 */
import type { Ports } from '../ports.js';
import { normalizeParticipantValue } from './transportParticipant.js';

/** A transport that publishes a participant, as the index points at it. */
export interface DirectoryPointer {
  readonly account_id: number;
  readonly transport_id: number;
}

/** A published participant, as the publication job records it. */
export interface DirectoryRecord extends DirectoryPointer {
  readonly pin_scheme: string;
  readonly pin_value: string;
}

/** The index of published Peppol participants (see the module comment for its limits). */
export interface PeppolDirectoryIndex {
  /** Records the participant `record.transport_id` publishes, replacing what it published before. */
  publish(record: DirectoryRecord): Promise<void>;
  /** Forgets what a transport published (unpublished or deleted); forgetting nothing does nothing. */
  forget(transport_id: number): Promise<void>;
  /**
   * The transports whose participant value, compared as {@link normalizeParticipantValue} writes it,
   * is one of `values`, with scheme `scheme` (any scheme when null), in ascending transport id order.
   */
  find(scheme: string | null, values: readonly string[]): Promise<DirectoryPointer[]>;
}

/** The public tenant of the directory's records. */
const DIRECTORY = 0;

/** Every match of one question (the directory holds few participants per identifier). */
const ALL = { offset: 0, limit: 1000 };

/**
 * The directory index of `ports`, kept in `store.peppolParticipants` (one record per publishing
 * transport, in the public tenant 0), so that every process over the same store sees the same
 * directory and a restart forgets nothing.
 *
 * @example
 * ```ts
 * const index = peppolDirectoryIndex(ports);
 * await index.publish({ account_id: 1, transport_id: 5, pin_scheme: '9920', pin_value: 'ESB12345674' });
 * await index.find('9920', ['ESB12345674']); // [{ account_id: 1, transport_id: 5 }]
 * await index.find(null, ['esb12345674']); // the same: any scheme, compared case-insensitively
 * ```
 */
export function peppolDirectoryIndex(ports: Ports): PeppolDirectoryIndex {
  const participants = ports.store.peppolParticipants;
  const forget = async (transport_id: number) => {
    const stored = await participants.get(DIRECTORY, transport_id);
    if (stored !== null) await participants.remove(DIRECTORY, transport_id, stored.version);
  };
  return {
    async publish(record) {
      const value_key = normalizeParticipantValue(record.pin_value);
      const participant = {
        id: record.transport_id,
        directory: DIRECTORY,
        account_id: record.account_id,
        pin_scheme: record.pin_scheme,
        pin_value: record.pin_value,
        value_key,
        scheme_key: `${record.pin_scheme}:${value_key}`,
      } as const;
      const stored = await participants.get(DIRECTORY, record.transport_id);
      if (stored === null) await participants.insert(participant);
      else await participants.update(participant, stored.version);
    },
    forget,
    async find(scheme, values) {
      const found = new Map<number, DirectoryPointer>();
      for (const value of values) {
        const value_key = normalizeParticipantValue(value);
        const where = scheme === null ? { value_key } : { scheme_key: `${scheme}:${value_key}` };
        for (const { value: participant } of (await participants.find(DIRECTORY, where, ALL)).items)
          found.set(participant.id, { transport_id: participant.id, account_id: participant.account_id });
      }
      return [...found.values()].sort((a, b) => a.transport_id - b.transport_id);
    },
  };
}
