/**
 * The sandbox Peppol access point (issue #23 "What ships": "a Peppol port whose sandbox adapter keeps
 * each sent document in an outbox that `GET` can read"). A simulator of an access point's submission
 * API, not an access point: it checks what a real one checks before it takes a document (both
 * participant ids, the document type and process ids of the SBDH), and instead of sending the
 * document over AS4 it keeps it in the store's `peppolOutbox`, where GET
 * /accounts/{account}/peppol_outbox reads it. Nothing reaches the Peppol network, and its receipts
 * say so.
 *
 * @module
 */
import { instantFromMillis } from '../../model/instant.js';
import { PEPPOL_PARTICIPANT_ID, type PeppolOutboxEntry } from '../../model/peppolOutboxEntry.js';
import {
  type DeliveryChannel,
  DeliveryError,
  type DeliveryReceipt,
  type OutgoingDocument,
  type Ports,
} from '../../ports.js';
import { type KeptOnceNames, keepOnce } from './keptOnce.js';

/**
 * The codes the sandbox access point refuses with (`DeliveryError.code`). `PEPPOL:NOT_SERVICED` is the
 * Peppol AS4 Profile's own error code for a receiver that does not take the document type; the
 * others are **fiscalkit's**, in the same form, for what a submission API refuses before anything is
 * sent (Peppol Envelope Specification 2.0: an SBDH without a sender, a receiver or the document
 * identification is invalid). Every refusal is final (`retryable: false`): sending the same document
 * again cannot succeed. Only `PEPPOL:UNAVAILABLE` (the outbox could not be written) is worth a retry.
 */
export const SANDBOX_PEPPOL_CODES = {
  sender_missing: 'PEPPOL:SENDER_MISSING',
  sender_invalid: 'PEPPOL:SENDER_INVALID',
  receiver_missing: 'PEPPOL:RECEIVER_MISSING',
  receiver_invalid: 'PEPPOL:RECEIVER_INVALID',
  document_type_missing: 'PEPPOL:DOCUMENT_TYPE_MISSING',
  not_serviced: 'PEPPOL:NOT_SERVICED',
  key_reused: 'PEPPOL:KEY_REUSED',
  unavailable: 'PEPPOL:UNAVAILABLE',
} as const;

/** Options of `sandboxPeppolAccessPoint`. */
export interface SandboxPeppolAccessPointOptions {
  /**
   * Receiver participant ids (`scheme:value`, compared as written) the simulated network does not
   * serve: a document to one of them is refused with `PEPPOL:NOT_SERVICED`, so a host can test its
   * error path. Default none.
   */
  not_serviced?: readonly string[];
}

/** The ports the sandbox access point writes with: the outbox, ids, the time of each entry. */
export type SandboxPeppolPorts = Pick<Ports, 'store' | 'ids' | 'clock'>;

const ID_KIND = 'peppol_outbox_entry';

function refuse(code: keyof typeof SANDBOX_PEPPOL_CODES, message: string): never {
  throw new DeliveryError(`sandbox Peppol access point: ${message}`, false, SANDBOX_PEPPOL_CODES[code]);
}

/** The checks of a submission, in the order a reader of the SBDH meets them. */
function checkSubmission(
  document: OutgoingDocument,
  notServiced: ReadonlySet<string>,
): { sender_id: string; receiver_id: string; document_type_id: string; process_id: string } {
  const sender_id = document.sender.peppol_id;
  if (sender_id === null || sender_id === '')
    refuse(
      'sender_missing',
      `the sender ${JSON.stringify(document.sender.name)} has no Peppol participant id`,
    );
  if (!PEPPOL_PARTICIPANT_ID.test(sender_id))
    refuse('sender_invalid', `the sender id ${JSON.stringify(sender_id)} is not "{ICD}:{identifier}"`);
  const receiver_id = document.recipient.peppol_id;
  if (receiver_id === null || receiver_id === '')
    refuse(
      'receiver_missing',
      `the recipient ${JSON.stringify(document.recipient.name)} has no Peppol participant id`,
    );
  if (!PEPPOL_PARTICIPANT_ID.test(receiver_id))
    refuse('receiver_invalid', `the recipient id ${JSON.stringify(receiver_id)} is not "{ICD}:{identifier}"`);
  const ids = document.peppol;
  if (ids === undefined || ids.document_type_id === '' || ids.process_id === '')
    refuse(
      'document_type_missing',
      `the document ${JSON.stringify(document.filename)} has no Peppol document type and process ids`,
    );
  if (notServiced.has(receiver_id))
    refuse('not_serviced', `the receiver ${receiver_id} does not take documents of this type`);
  return { sender_id, receiver_id, document_type_id: ids.document_type_id, process_id: ids.process_id };
}

function receiptOf(entry: PeppolOutboxEntry): DeliveryReceipt {
  return {
    message_id: entry.message_id,
    // Honest about what happened: kept in the sandbox outbox, never sent to the network.
    detail: `stored in the sandbox Peppol outbox as entry ${String(entry.id)}; not sent to the Peppol network`,
  };
}

const KEPT_ONCE: KeptOnceNames = {
  channel: 'sandbox Peppol access point',
  store: 'outbox',
  document: 'document',
  record: 'entry',
  key_reused: SANDBOX_PEPPOL_CODES.key_reused,
  unavailable: SANDBOX_PEPPOL_CODES.unavailable,
};

/**
 * The sandbox Peppol access point: a `DeliveryChannel` for `peppol` that keeps every document
 * it takes in `ports.store.peppolOutbox` instead of sending it.
 *
 * - A document without a sender or a recipient participant id, with a malformed one (not
 *   `{ICD}:{identifier}`), or without the SBDH's document type and process ids is refused
 *   (`DeliveryError`, not retryable, code `SANDBOX_PEPPOL_CODES`); so is a receiver listed in
 *   `options.not_serviced` (`PEPPOL:NOT_SERVICED`).
 * - Otherwise the entry is stored with the document base64, its size and SHA-256, and the receipt
 *   answers `message_id: sandbox-{id}`.
 * - **Once per key**: the entry is inserted with the document's `key` as its idempotency key, so the
 *   same key handed over again (a retried send, a crash between sending and recording) stores nothing
 *   and answers the stored entry's receipt. The same key with another document (other bytes or
 *   another receiver) is a caller's error: `PEPPOL:KEY_REUSED`, not retryable.
 * - A store that fails is an access point that is down: `DeliveryError`, retryable,
 *   `PEPPOL:UNAVAILABLE`.
 *
 * @example
 * ```ts
 * const ports = memoryPorts();
 * const peppol = sandboxPeppolAccessPoint(ports);
 * const receipt = await peppol.send(document); // { message_id: 'sandbox-1', detail: 'stored in …' }
 * (await ports.store.peppolOutbox.get(document.account_id, 1))?.value.receiver_id; // '0088:…'
 * ```
 */
export function sandboxPeppolAccessPoint(
  ports: SandboxPeppolPorts,
  options: SandboxPeppolAccessPointOptions = {},
): DeliveryChannel {
  const notServiced = new Set(options.not_serviced ?? []);
  return {
    async send(document) {
      const checked = checkSubmission(document, notServiced);
      const entry = await keepOnce(KEPT_ONCE, document, {
        ids: ports.ids,
        id_kind: ID_KIND,
        store: ports.store.peppolOutbox,
        record: (owner, file): PeppolOutboxEntry => ({
          ...owner,
          ...checked,
          ...file,
          created_at: instantFromMillis(ports.clock.now()),
          message_id: `sandbox-${String(owner.id)}`,
        }),
        same_recipient: (stored) => stored.receiver_id === checked.receiver_id,
      });
      return receiptOf(entry);
    },
  };
}
