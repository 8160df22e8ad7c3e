/**
 * The account event kinds per version (spec §6 rule 3: "The contact event kind is named
 * `ContactEvent` (formerly `ClientEvent`)"), as GET /accounts/{account}/events writes them.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_EVENT_KINDS, type AccountEvent } from '../../src/model/accountEvent.js';
import { API_VERSIONS } from '../../src/versions/apiVersion.js';
import { changesAfter } from '../../src/versions/chain.js';
import { fieldsOf } from '../../src/versions/fieldsOf.js';
import { serialize, serializeList } from '../../src/versions/serialize.js';

const LEGACY = '2025-01-01';

function event(type: AccountEvent['type']): AccountEvent {
  return {
    id: 80,
    account_id: 1,
    type,
    name: 'created',
    resource_id: 3,
    state: null,
    created_at: '2026-04-20T10:15:00Z',
  };
}

describe('account events per version (spec §6 rule 3)', () => {
  it('writes ContactEvent as ClientEvent in the legacy version only', () => {
    expect(serialize('account_event', event('ContactEvent'), { version: LEGACY }).type).toBe('ClientEvent');
    for (const version of API_VERSIONS.slice(1))
      expect(serialize('account_event', event('ContactEvent'), { version }).type).toBe('ContactEvent');
  });

  it('keeps every other kind’s name in every version', () => {
    for (const kind of ACCOUNT_EVENT_KINDS.filter((name) => name !== 'ContactEvent'))
      for (const version of API_VERSIONS)
        expect(serialize('account_event', event(kind), { version }).type).toBe(kind);
  });

  it('renames list entries too, and leaves every other field as it is', () => {
    const list = serializeList(
      'account_event',
      [event('ContactEvent'), event('InvoiceEvent')],
      { total_count: 2, offset: 0, limit: 25 },
      { version: LEGACY },
    );
    expect(list).toEqual({
      events: [
        { ...event('ContactEvent'), type: 'ClientEvent' },
        { ...event('InvoiceEvent'), type: 'InvoiceEvent' },
      ],
      // Spec §9: no `meta` before v2025-10-13; the legacy page sits beside the list.
      total_count: 2,
      offset: 0,
      limit: 25,
    });
  });

  it('changes a value, not a field: every version has the same event fields', () => {
    for (const version of API_VERSIONS)
      expect(fieldsOf(version, 'account_event')).toEqual(fieldsOf('2026-06-26', 'account_event'));
    expect(changesAfter(LEGACY, 'account_event')).toHaveLength(1);
    expect(changesAfter('2025-10-13', 'account_event')).toEqual([]);
  });

  it('does not touch the stored event', () => {
    const stored = event('ContactEvent');
    serialize('account_event', stored, { version: LEGACY });
    expect(stored.type).toBe('ContactEvent');
  });
});
