import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryPorts } from '../../../src/adapters/memory/memoryPorts.js';
import {
  SANDBOX_PEPPOL_CODES,
  sandboxPeppolAccessPoint,
} from '../../../src/adapters/sandbox/peppolAccessPoint.js';
import { PeppolOutboxEntrySchema } from '../../../src/model/peppolOutboxEntry.js';
import { DeliveryError, type OutgoingDocument, type Ports } from '../../../src/ports.js';
import {
  describeDeliveryChannelContract,
  outgoingDocument,
} from '../../contracts/deliveryChannel.contract.js';

/** The outbox entries of account 1, as the contract reads what arrived. */
async function outboxOf(ports: Pick<Ports, 'store'>, account_id = 1) {
  return (await ports.store.peppolOutbox.list(account_id, { offset: 0, limit: 500 })).items.map(
    ({ value }) => value,
  );
}

/** Ports whose outbox cannot be written: the access point is down. */
function brokenOutbox(): Ports {
  const ports = memoryPorts();
  const outbox = ports.store.peppolOutbox;
  return {
    ...ports,
    store: {
      ...ports.store,
      peppolOutbox: { ...outbox, insert: () => Promise.reject(new Error('connection refused')) },
    },
  };
}

describeDeliveryChannelContract('sandboxPeppolAccessPoint', () => {
  const ports = memoryPorts();
  return {
    channel: sandboxPeppolAccessPoint(ports),
    once_per_key: true,
    async received() {
      return (await outboxOf(ports)).map((entry) => ({
        message_id: entry.message_id,
        filename: entry.filename,
        media_type: entry.media_type,
        content: Buffer.from(entry.content, 'base64'),
      }));
    },
    refusedRecipient: (document) => ({ ...document, recipient: { ...document.recipient, peppol_id: null } }),
    unreachable: () => sandboxPeppolAccessPoint(brokenOutbox()),
  };
});

/** The code and retryability a send is refused with. */
async function refusal(send: Promise<unknown>): Promise<{ code: string | null; retryable: boolean }> {
  const error = await send.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DeliveryError)) throw new Error(`expected a DeliveryError, got ${String(error)}`);
  return { code: error.code, retryable: error.retryable };
}

describe('sandboxPeppolAccessPoint', () => {
  it('stores the SBDH identifiers, the bytes, their size and SHA-256, and a deterministic message id', async () => {
    const ports = memoryPorts();
    const document = outgoingDocument({ account_id: 3, invoice_id: 42, key: 'invoice:42:send:1' });
    const receipt = await sandboxPeppolAccessPoint(ports).send(document);
    const [entry] = await outboxOf(ports, 3);
    expect(PeppolOutboxEntrySchema.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({
      account_id: 3,
      invoice_id: 42,
      key: 'invoice:42:send:1',
      sender_id: '9920:ESB12345674',
      receiver_id: '0088:5790000436064',
      document_type_id: document.peppol?.document_type_id,
      process_id: document.peppol?.process_id,
      document_type: 'xml.ubl.invoice.bis3',
      filename: 'F-2026-001.xml',
      media_type: 'application/xml',
      size: document.content.byteLength,
      sha256: createHash('sha256').update(document.content).digest('hex'),
      created_at: '2026-04-20T10:40:00.000Z',
    });
    expect(receipt).toEqual({
      message_id: `sandbox-${String(entry?.id)}`,
      detail: `stored in the sandbox Peppol outbox as entry ${String(entry?.id)}; not sent to the Peppol network`,
    });
    // Another account sees none of it.
    expect(await outboxOf(ports, 1)).toEqual([]);
  });

  it('keeps one entry per key and account, and answers the first receipt again', async () => {
    const ports = memoryPorts();
    const peppol = sandboxPeppolAccessPoint(ports);
    const first = await peppol.send(outgoingDocument());
    expect(await peppol.send(outgoingDocument())).toEqual(first);
    expect(await outboxOf(ports)).toHaveLength(1);
    // The same key in another account is another delivery.
    const elsewhere = await peppol.send(outgoingDocument({ account_id: 2 }));
    expect(elsewhere.message_id).not.toBe(first.message_id);
  });

  it('refuses the same key with another document instead of answering the first one’s receipt', async () => {
    const ports = memoryPorts();
    const peppol = sandboxPeppolAccessPoint(ports);
    await peppol.send(outgoingDocument());
    expect(await refusal(peppol.send(outgoingDocument({ content: new Uint8Array([1, 2, 3]) })))).toEqual({
      code: SANDBOX_PEPPOL_CODES.key_reused,
      retryable: false,
    });
    expect(await outboxOf(ports)).toHaveLength(1);
  });

  const refusals: [string, (document: OutgoingDocument) => OutgoingDocument, string][] = [
    ['no sender id', (d) => ({ ...d, sender: { ...d.sender, peppol_id: null } }), 'PEPPOL:SENDER_MISSING'],
    [
      'a malformed sender id',
      (d) => ({ ...d, sender: { ...d.sender, peppol_id: 'ESB12345674' } }),
      'PEPPOL:SENDER_INVALID',
    ],
    [
      'no recipient id',
      (d) => ({ ...d, recipient: { ...d.recipient, peppol_id: '' } }),
      'PEPPOL:RECEIVER_MISSING',
    ],
    [
      'a malformed recipient id',
      (d) => ({ ...d, recipient: { ...d.recipient, peppol_id: '88:5790000436064' } }),
      'PEPPOL:RECEIVER_INVALID',
    ],
    ['no document type ids', ({ peppol: _peppol, ...d }) => d, 'PEPPOL:DOCUMENT_TYPE_MISSING'],
  ];
  it.each(refusals)('refuses a document with %s, for good, storing nothing', async (_, change, code) => {
    const ports = memoryPorts();
    expect(await refusal(sandboxPeppolAccessPoint(ports).send(change(outgoingDocument())))).toEqual({
      code,
      retryable: false,
    });
    expect(await outboxOf(ports)).toEqual([]);
  });

  it('refuses a receiver it is told the network does not serve, with PEPPOL:NOT_SERVICED', async () => {
    const ports = memoryPorts();
    const peppol = sandboxPeppolAccessPoint(ports, { not_serviced: ['0088:5790000436064'] });
    expect(await refusal(peppol.send(outgoingDocument()))).toEqual({
      code: 'PEPPOL:NOT_SERVICED',
      retryable: false,
    });
    const served = outgoingDocument({
      recipient: { name: 'B', email: null, peppol_id: '0088:5790000436071' },
    });
    expect((await peppol.send(served)).message_id).toMatch(/^sandbox-\d+$/);
  });

  it('is unavailable, retryably, when its outbox cannot be written', async () => {
    expect(await refusal(sandboxPeppolAccessPoint(brokenOutbox()).send(outgoingDocument()))).toEqual({
      code: 'PEPPOL:UNAVAILABLE',
      retryable: true,
    });
  });
});
