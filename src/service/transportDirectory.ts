/**
 * fiscalkit's Peppol Directory index: which transports hold which participant identifier, across
 * every account and group (spec §4.8 GET /directory/{country}/{identifier}: the Peppol Directory is
 * public data). A participant identifier is registered once in the whole network (the SML holds one
 * entry per identifier), so the index is also the register of who holds one: a transport CLAIMS its
 * participant when its publication is requested (the transport is `processing`), the publication job
 * claims it again before publishing, and the claim is released when the transport no longer asks for
 * it (unpublished, another identifier, deleted).
 *
 * The records live in the store (`store.peppolParticipants`, all in the public tenant 0, since a
 * lookup by identifier across all tenants has no account to name), one per claiming transport,
 * inserted under the key `{scheme}:{value}` (the value as {@link normalizeParticipantValue} writes
 * it): the repository's insert-by-key makes "one holder per participant" hold under concurrent claims
 * too. They only point at transports; the directory lookup reads each transport and its account from
 * the store and answers only for one that is `published`, so a claim of a transport still
 * `processing`, or a stale record, never leaks anything.
 *
 * @module
 */
import type { PeppolParticipant } from '../model/peppolParticipant.js';
import { DuplicateRecordError, type Ports, RecordMissingError, VersionConflictError } from '../ports.js';
import { isPublishable, normalizeParticipantValue } from './transportParticipant.js';

/** A transport that publishes a participant, as the index points at it. */
export interface DirectoryPointer {
  readonly account_id: number;
  readonly transport_id: number;
}

/** A participant a transport claims (publishes or asks to publish). */
export interface DirectoryRecord extends DirectoryPointer {
  readonly pin_scheme: string;
  readonly pin_value: string;
}

/** The index of claimed Peppol participants (see the module comment for its limits). */
export interface PeppolDirectoryIndex {
  /**
   * Claims the participant of `record` for `record.transport_id`, releasing what it claimed before.
   * Answers null when the transport now holds it, or the transport that holds it — one that still
   * asks for it: stored, publishable (`isPublishable`) and with that participant. A record left by a
   * transport that no longer asks for it (deleted, disabled, another identifier, a crash before its
   * job ran) is stale: it is removed and the claim goes on.
   */
  claim(record: DirectoryRecord): Promise<DirectoryPointer | null>;
  /** Forgets what a transport claimed (unpublished or deleted); forgetting nothing does nothing. */
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
 * The directory index of `ports`, kept in `store.peppolParticipants` (one record per claiming
 * transport, in the public tenant 0), so that every process over the same store sees the same
 * directory and a restart forgets nothing.
 *
 * @example
 * ```ts
 * const index = peppolDirectoryIndex(ports);
 * await index.claim({ account_id: 1, transport_id: 5, pin_scheme: '9920', pin_value: 'ESB12345674' }); // null: 5 holds it
 * await index.claim({ account_id: 2, transport_id: 9, pin_scheme: '9920', pin_value: 'esb12345674' });
 * // { account_id: 1, transport_id: 5 }: transport 5 holds it (while it still asks for it)
 * await index.find(null, ['esb12345674']); // [{ account_id: 1, transport_id: 5 }]: any scheme, any case
 * ```
 */
export function peppolDirectoryIndex(ports: Ports): PeppolDirectoryIndex {
  const participants = ports.store.peppolParticipants;

  const forget = async (transport_id: number) => {
    for (;;) {
      const stored = await participants.get(DIRECTORY, transport_id);
      if (stored === null) return;
      try {
        await participants.remove(DIRECTORY, transport_id, stored.version);
        return;
      } catch (error) {
        // Someone else removed or replaced it meanwhile: read again.
        if (!(error instanceof VersionConflictError) && !(error instanceof RecordMissingError)) throw error;
      }
    }
  };

  /** Whether the record's transport still asks for its participant (else the record is stale). */
  const stillClaims = async (participant: PeppolParticipant): Promise<boolean> => {
    const transport = await ports.store.transports.get(participant.account_id, participant.id);
    if (transport === null || !isPublishable(transport.value)) return false;
    const { pin_scheme, pin_value } = transport.value;
    return (
      `${pin_scheme as string}:${normalizeParticipantValue(pin_value as string)}` === participant.scheme_key
    );
  };

  /** Removes a stale record, unless it changed meanwhile (then the next round reads it again). */
  const removeStale = async (transport_id: number, version: number) => {
    try {
      await participants.remove(DIRECTORY, transport_id, version);
    } catch (error) {
      if (!(error instanceof VersionConflictError) && !(error instanceof RecordMissingError)) throw error;
    }
  };

  return {
    async claim(record) {
      const value_key = normalizeParticipantValue(record.pin_value);
      const participant: PeppolParticipant = {
        id: record.transport_id,
        directory: DIRECTORY,
        account_id: record.account_id,
        pin_scheme: record.pin_scheme,
        pin_value: record.pin_value,
        value_key,
        scheme_key: `${record.pin_scheme}:${value_key}`,
      };
      for (;;) {
        const own = await participants.get(DIRECTORY, record.transport_id);
        if (own !== null) {
          if (own.value.scheme_key === participant.scheme_key) return null;
          // It claimed another identifier before: release it (a record is never updated in place, so
          // that its key always names the identifier it holds).
          await removeStale(record.transport_id, own.version);
          continue;
        }
        let inserted: Awaited<ReturnType<typeof participants.insert>>;
        try {
          inserted = await participants.insert(participant, { key: participant.scheme_key });
        } catch (error) {
          // The same transport claimed concurrently: read again.
          if (error instanceof DuplicateRecordError) continue;
          throw error;
        }
        if (inserted.created || inserted.value.id === record.transport_id) return null;
        if (await stillClaims(inserted.value))
          return { account_id: inserted.value.account_id, transport_id: inserted.value.id };
        await removeStale(inserted.value.id, inserted.version);
      }
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
