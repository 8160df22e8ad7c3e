/**
 * The contract of the `DeliveryChannel` port (ports.ts "Invoice delivery", issue #23): a delivered
 * document arrives byte for byte under its filename and media type; the same key handed over twice is
 * the same delivery (once for a channel that can de-duplicate, the same message id for one that is at
 * least once); a recipient the other side refuses for good throws a final `DeliveryError`; a server
 * that cannot be reached throws a retryable one. Register it from a `*.test.ts` file with a factory
 * that gives the channel and a way to see what the other side received.
 */
import { describe, expect, it } from 'vitest';
import { type DeliveryChannel, DeliveryError, type OutgoingDocument } from '../../src/ports.js';

/** One document as the other side received it. */
export interface ReceivedDocument {
  /** The message id the other side holds it under (the Message-ID header, the outbox entry's id). */
  message_id: string;
  filename: string;
  media_type: string;
  content: Uint8Array;
}

/** A channel under test, and what its other side received. */
export interface DeliveryChannelSubject {
  channel: DeliveryChannel;
  /** Everything the other side has received since the subject was made, oldest first. */
  received(): Promise<ReceivedDocument[]>;
  /**
   * True when the channel delivers a key once however often it is handed over (an access point);
   * false when it is at least once (SMTP), and only the message id stays the same.
   */
  once_per_key: boolean;
  /** `document` addressed to a recipient the other side refuses for good. */
  refusedRecipient(document: OutgoingDocument): OutgoingDocument;
  /** The same kind of channel, pointed at a server that cannot be reached. */
  unreachable(): DeliveryChannel | Promise<DeliveryChannel>;
  /** The subject's resources to free (a server to close), if any. */
  close?(): Promise<void>;
}

/** Bytes that are not text: every byte value, so an encoding that touched any of them would show. */
const CONTENT = Uint8Array.from({ length: 600 }, (_, index) => (index * 7 + 3) % 256);

/**
 * A document every channel can deliver: both parties with an e-mail address and a Peppol id, the
 * Peppol BIS Billing 3.0 document type and process ids.
 *
 * @example
 * ```ts
 * const document = outgoingDocument({ key: 'invoice:1:send' });
 * ```
 */
export function outgoingDocument(overrides: Partial<OutgoingDocument> = {}): OutgoingDocument {
  return {
    key: 'invoice:1:send:1',
    account_id: 1,
    invoice_id: 1,
    invoice_number: 'F-2026-001',
    document_type: 'xml.ubl.invoice.bis3',
    filename: 'F-2026-001.xml',
    media_type: 'application/xml',
    content: CONTENT,
    sender: { name: 'ACME SL', email: 'billing@acme.example', peppol_id: '9920:ESB12345674' },
    recipient: { name: 'Customer GmbH', email: 'ap@customer.example', peppol_id: '0088:5790000436064' },
    peppol: {
      document_type_id:
        'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
      process_id: 'cenbii-procid-ubl::urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    },
    language: 'en',
    ...overrides,
  };
}

/**
 * Registers the delivery channel contract as a `describe` block named after `name`.
 *
 * @example
 * ```ts
 * describeDeliveryChannelContract('sandboxPeppolAccessPoint', async () => ({ channel, received, … }));
 * ```
 */
export function describeDeliveryChannelContract(
  name: string,
  make: () => DeliveryChannelSubject | Promise<DeliveryChannelSubject>,
): void {
  const withSubject = async (work: (subject: DeliveryChannelSubject) => Promise<void>) => {
    const subject = await make();
    try {
      await work(subject);
    } finally {
      await subject.close?.();
    }
  };

  describe(`DeliveryChannel contract: ${name}`, () => {
    it('delivers the document byte for byte, under its filename and media type', () =>
      withSubject(async ({ channel, received }) => {
        const document = outgoingDocument({ key: 'invoice:1:send:bytes' });
        const receipt = await channel.send(document);
        expect(receipt.message_id).not.toBe('');
        expect(receipt.detail).not.toBe('');
        const arrived = await received();
        expect(arrived).toHaveLength(1);
        const [one] = arrived as [ReceivedDocument];
        expect(one.message_id).toBe(receipt.message_id);
        expect(one.filename).toBe(document.filename);
        expect(one.media_type).toBe(document.media_type);
        expect(Buffer.from(one.content).equals(Buffer.from(CONTENT))).toBe(true);
      }));

    it('answers the same message id for the same key, and another for another key', () =>
      withSubject(async ({ channel, received, once_per_key }) => {
        const first = await channel.send(outgoingDocument({ key: 'invoice:2:send:1' }));
        const again = await channel.send(outgoingDocument({ key: 'invoice:2:send:1' }));
        const other = await channel.send(outgoingDocument({ key: 'invoice:3:send:1' }));
        expect(again.message_id).toBe(first.message_id);
        expect(other.message_id).not.toBe(first.message_id);
        const arrived = await received();
        const ofFirst = arrived.filter((document) => document.message_id === first.message_id);
        // Once for a channel that de-duplicates; at least once (here: twice) for one that cannot.
        expect(ofFirst).toHaveLength(once_per_key ? 1 : 2);
        expect(arrived.filter((document) => document.message_id === other.message_id)).toHaveLength(1);
      }));

    it('throws a final DeliveryError for a recipient the other side refuses', () =>
      withSubject(async ({ channel, received, refusedRecipient }) => {
        const refused = await channel
          .send(refusedRecipient(outgoingDocument({ key: 'invoice:4:send:1' })))
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(refused).toBeInstanceOf(DeliveryError);
        expect((refused as DeliveryError).retryable).toBe(false);
        expect(await received()).toEqual([]);
        // The channel still delivers to others.
        await channel.send(outgoingDocument({ key: 'invoice:5:send:1' }));
        expect(await received()).toHaveLength(1);
      }));

    it('throws a retryable DeliveryError when the server cannot be reached', () =>
      withSubject(async ({ unreachable }) => {
        const channel = await unreachable();
        const failed = await channel.send(outgoingDocument({ key: 'invoice:6:send:1' })).then(
          () => null,
          (error: unknown) => error,
        );
        expect(failed).toBeInstanceOf(DeliveryError);
        expect((failed as DeliveryError).retryable).toBe(true);
      }));
  });
}
