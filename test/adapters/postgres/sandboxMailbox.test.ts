/**
 * The sandbox mailbox over `fiscalkit/postgres`'s mail table (issue #23): migration 10 creates
 * `sandbox_mail`, a mail round-trips exactly, and a key is kept once per account, also when two sends
 * of it race.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/adapters/memory/clock.js';
import { postgresIds } from '../../../src/adapters/postgres/ids.js';
import { postgresStore } from '../../../src/adapters/postgres/store.js';
import { sandboxMailbox } from '../../../src/adapters/sandbox/mailbox.js';
import { outgoingDocument } from '../../contracts/deliveryChannel.contract.js';
import { DATABASE_URL, type PgTestContext, pgTestContext, suiteName } from './support.js';

describe.skipIf(DATABASE_URL === undefined)(suiteName('sandbox mailbox on PostgreSQL'), () => {
  let context: PgTestContext;
  beforeAll(async () => {
    context = await pgTestContext();
  });
  afterAll(() => context?.cleanup());

  it('keeps each key once per account and reads the attachment back byte for byte', async () => {
    const store = postgresStore(context.pool);
    const email = sandboxMailbox({
      store,
      ids: postgresIds(context.pool),
      clock: manualClock(Date.UTC(2026, 3, 20, 10, 40)),
    });
    const document = outgoingDocument({ account_id: 5, key: 'invoice:9:send:1' });
    // Two sends of one key at once: one mail, one receipt.
    const [first, second] = await Promise.all([email.send(document), email.send(document)]);
    expect(second).toEqual(first);
    expect(await email.send(document)).toEqual(first);
    await email.send({ ...document, account_id: 6 });

    const page = await store.sandboxMail.list(5, { offset: 0, limit: 10 });
    expect(page.total_count).toBe(1);
    const [stored] = page.items;
    expect(stored?.value).toMatchObject({
      message_id: first.message_id,
      to: 'ap@customer.example',
      subject: 'Invoice F-2026-001 from ACME SL',
      created_at: '2026-04-20T10:40:00.000Z',
    });
    expect(Buffer.from(stored?.value.content ?? '', 'base64').equals(Buffer.from(document.content))).toBe(
      true,
    );
    expect(await store.sandboxMail.ownerOf(stored?.value.id ?? 0)).toBe(5);
    expect((await store.sandboxMail.list(6, { offset: 0, limit: 10 })).total_count).toBe(1);
  });
});
