/**
 * The sandbox Peppol access point over `fiscalkit/postgres`'s outbox table (issue #23): the migration
 * creates `peppol_outbox`, an entry round-trips exactly, and a key is stored once per account, also
 * when two sends of it race.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/adapters/memory/clock.js';
import { postgresIds } from '../../../src/adapters/postgres/ids.js';
import { postgresStore } from '../../../src/adapters/postgres/store.js';
import { sandboxPeppolAccessPoint } from '../../../src/adapters/sandbox/peppolAccessPoint.js';
import { outgoingDocument } from '../../contracts/deliveryChannel.contract.js';
import { DATABASE_URL, type PgTestContext, pgTestContext, suiteName } from './support.js';

describe.skipIf(DATABASE_URL === undefined)(suiteName('sandbox Peppol outbox on PostgreSQL'), () => {
  let context: PgTestContext;
  beforeAll(async () => {
    context = await pgTestContext();
  });
  afterAll(() => context?.cleanup());

  it('stores each key once per account and reads the document back byte for byte', async () => {
    const store = postgresStore(context.pool);
    const peppol = sandboxPeppolAccessPoint({
      store,
      ids: postgresIds(context.pool),
      clock: manualClock(Date.UTC(2026, 3, 20, 10, 40)),
    });
    const document = outgoingDocument({ account_id: 5, key: 'invoice:9:send:1' });
    // Two sends of one key at once: one entry, one receipt.
    const [first, second] = await Promise.all([peppol.send(document), peppol.send(document)]);
    expect(second).toEqual(first);
    expect((await peppol.send(document)).message_id).toBe(first.message_id);
    const other = await peppol.send({ ...document, account_id: 6 });
    expect(other.message_id).not.toBe(first.message_id);

    const page = await store.peppolOutbox.list(5, { offset: 0, limit: 10 });
    expect(page.total_count).toBe(1);
    const [stored] = page.items;
    expect(stored?.value.message_id).toBe(first.message_id);
    expect(stored?.value.created_at).toBe('2026-04-20T10:40:00.000Z');
    expect(Buffer.from(stored?.value.content ?? '', 'base64').equals(Buffer.from(document.content))).toBe(
      true,
    );
    expect(await store.peppolOutbox.ownerOf(stored?.value.id ?? 0)).toBe(5);
  });
});
