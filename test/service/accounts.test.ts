/**
 * The account use cases (spec §2.2, §4.4) on memory ports: defaults, rules, tenancy by group,
 * archive on delete, the logo through the blob port, events, and optimistic concurrency.
 */
import { describe, expect, it } from 'vitest';
import { memoryPorts } from '../../src/adapters/memory/index.js';
import type { Ports } from '../../src/ports.js';
import type { StoredAccount } from '../../src/service/accounts.js';
import { createFiscalkit } from '../../src/service/fiscalkit.js';
import { vatReport } from '../support/ksefReports.js';
import { orderBody } from '../support/seedTenants.js';
import { asJson, fa3Of, KSEF_INVOICE, PL_ACCOUNT, seedWorld } from '../support/taxReportWorld.js';
import { callerOf, racing, rejection, serviceOn } from './accountSupport.js';

const caller = callerOf(1);
const other = callerOf(2);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const GIF = new Uint8Array([...'GIF89a'].map((c) => c.charCodeAt(0)).concat([0, 1]));

describe('account create (spec §2.2, §4.4)', () => {
  it('applies the defaults, stores the full routing_codes object and gives the account to the caller’s group', async () => {
    const { fiscalkit, ports } = serviceOn();
    const account = await fiscalkit.accounts.create(caller, { name: 'ACME SL', country: 'es' });
    expect(account).toMatchObject({
      name: 'ACME SL',
      country: 'ES',
      auto_remittance: false,
      apply_taxes_per_line: false,
      skip_line_taxable_base_rounding: false,
      rounding_method: 'half_up',
      round_before_sum: false,
      has_logo: false,
      archived: false,
    });
    expect(Object.keys(account.routing_codes)).toHaveLength(10);
    expect(Object.values(account.routing_codes).every((value) => value === null)).toBe(true);
    expect((await ports.store.accountGroups.get(1, account.id))?.value).toEqual({
      id: account.id,
      group_id: 1,
    });
    expect(await ports.store.accountGroups.get(2, account.id)).toBeNull();
    expect((await fiscalkit.accounts.get(caller, account.id)).id).toBe(account.id);
  });

  it('keeps the flags and routing codes it is given', async () => {
    const { fiscalkit } = serviceOn();
    const account = await fiscalkit.accounts.create(caller, {
      name: 'ACME SL',
      country: 'BE',
      auto_remittance: true,
      apply_taxes_per_line: true,
      skip_line_taxable_base_rounding: true,
      rounding_method: 'bankers',
      routing_codes: { cin2_value: '0123456789', cin2_scheme: '208' },
    });
    expect(account).toMatchObject({
      auto_remittance: true,
      apply_taxes_per_line: true,
      skip_line_taxable_base_rounding: true,
      rounding_method: 'bankers',
    });
    expect(account.routing_codes).toMatchObject({
      cin1_value: null,
      cin2_value: '0123456789',
      cin2_scheme: '0208',
    });
  });

  it('refuses the routing code pair rule and the rounding-flag rule with 422 at the field', async () => {
    const { fiscalkit, ports } = serviceOn();
    expect(
      await rejection(
        fiscalkit.accounts.create(caller, {
          name: 'A',
          country: 'ES',
          routing_codes: { cin3_scheme: '0088' },
        }),
      ),
    ).toEqual({ status: 422, code: 'parameter_blank', param: 'routing_codes.cin3_value' });
    expect(
      await rejection(
        fiscalkit.accounts.create(caller, {
          name: 'A',
          country: 'ES',
          skip_line_taxable_base_rounding: true,
        }),
      ),
    ).toEqual({ status: 422, code: 'parameter_invalid', param: 'skip_line_taxable_base_rounding' });
    expect(await rejection(fiscalkit.accounts.create(caller, { country: 'ES' }))).toEqual({
      status: 422,
      code: 'parameter_blank',
      param: 'name',
    });
    expect(
      await rejection(fiscalkit.accounts.create(caller, { name: 'A', country: 'ES', auto_remittance: 1 })),
    ).toEqual({ status: 400, code: 'invalid_request_params', param: 'auto_remittance' });
    // Nothing was stored by the refused requests.
    expect((await fiscalkit.accounts.list(caller, { offset: 0, limit: 25 })).total_count).toBe(0);
    expect((await ports.store.accountGroups.list(1, { offset: 0, limit: 25 })).total_count).toBe(0);
  });
});

describe('account tenancy and list', () => {
  it('lists only the caller’s group’s accounts, paged, with the whole count', async () => {
    const { fiscalkit } = serviceOn();
    const mine = [];
    for (const name of ['A', 'B', 'C'])
      mine.push(await fiscalkit.accounts.create(caller, { name, country: 'ES' }));
    const theirs = await fiscalkit.accounts.create(other, { name: 'Theirs', country: 'ES' });
    const page = await fiscalkit.accounts.list(caller, { offset: 1, limit: 1 });
    expect(page.total_count).toBe(3);
    expect(page.items.map((account) => account.name)).toEqual(['B']);
    expect((await fiscalkit.accounts.list(other, { offset: 0, limit: 25 })).items.map((a) => a.id)).toEqual([
      theirs.id,
    ]);
    const firstId = mine[0]?.id ?? 0;
    for (const attempt of [
      fiscalkit.accounts.get(other, firstId),
      fiscalkit.accounts.update(other, firstId, { name: 'Stolen' }),
      fiscalkit.accounts.remove(other, firstId),
      fiscalkit.accounts.unarchive(other, firstId),
      fiscalkit.accounts.setLogo(other, firstId, { content_type: 'image/png', bytes: PNG }),
      fiscalkit.accounts.removeLogo(other, firstId),
      fiscalkit.accounts.logo(other, firstId),
    ])
      expect(await rejection(attempt)).toEqual({ status: 404, code: 'resource_missing', param: 'account' });
    expect(await fiscalkit.accounts.get(caller, firstId)).toMatchObject({
      name: 'A',
      archived: false,
      has_logo: false,
    });
  });
});

describe('account update (PUT)', () => {
  it('changes the fields sent, keeps the others, and merges routing codes slot by slot', async () => {
    const { fiscalkit } = serviceOn();
    const created = await fiscalkit.accounts.create(caller, {
      name: 'ACME SL',
      country: 'ES',
      email: 'a@acme.example',
      routing_codes: { cin1_value: 'X1', cin1_scheme: '0088' },
    });
    const updated = await fiscalkit.accounts.update(caller, created.id, {
      name: 'ACME Servicios SL',
      routing_codes: { cin2_value: 'X2', cin2_scheme: '0060' },
    });
    expect(updated).toMatchObject({ name: 'ACME Servicios SL', email: 'a@acme.example', country: 'ES' });
    expect(updated.routing_codes).toMatchObject({ cin1_value: 'X1', cin2_value: 'X2', cin2_scheme: '0060' });
    const cleared = await fiscalkit.accounts.update(caller, created.id, { routing_codes: null, email: null });
    expect(Object.values(cleared.routing_codes).every((value) => value === null)).toBe(true);
    expect(cleared.email).toBeNull();
  });

  it('judges the rules on the merged account', async () => {
    const { fiscalkit } = serviceOn();
    const created = await fiscalkit.accounts.create(caller, {
      name: 'A',
      country: 'ES',
      apply_taxes_per_line: true,
      skip_line_taxable_base_rounding: true,
      routing_codes: { cin1_value: 'X1', cin1_scheme: '0088' },
    });
    expect(
      await rejection(fiscalkit.accounts.update(caller, created.id, { apply_taxes_per_line: false })),
    ).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'skip_line_taxable_base_rounding',
    });
    expect(
      await rejection(
        fiscalkit.accounts.update(caller, created.id, { routing_codes: { cin1_scheme: null } }),
      ),
    ).toEqual({ status: 422, code: 'parameter_blank', param: 'routing_codes.cin1_scheme' });
    // Both off together is fine.
    const off = await fiscalkit.accounts.update(caller, created.id, {
      apply_taxes_per_line: false,
      skip_line_taxable_base_rounding: false,
    });
    expect(off).toMatchObject({ apply_taxes_per_line: false, skip_line_taxable_base_rounding: false });
  });

  it('answers 409 conflict when another request wrote the account between this one’s read and write', async () => {
    let id = 0;
    let fiscalkitRef: ReturnType<typeof serviceOn>['fiscalkit'] | undefined;
    const { fiscalkit } = serviceOn(
      (memory): Ports => ({
        ...memory,
        store: {
          ...memory.store,
          accounts: racing(
            memory.store.accounts,
            () => id,
            () => fiscalkitRef?.accounts.update(caller, id, { name: 'First writer' }) ?? Promise.resolve(),
          ),
        },
      }),
    );
    fiscalkitRef = fiscalkit;
    // create reads no account, so the race waits for the update below.
    id = (await fiscalkit.accounts.create(caller, { name: 'Seed', country: 'ES' })).id;
    expect(await rejection(fiscalkit.accounts.update(caller, id, { name: 'Second writer' }))).toEqual({
      status: 409,
      code: 'conflict',
      param: null,
    });
    // The first writer's change stands; the late one did not overwrite it.
    expect((await fiscalkit.accounts.get(caller, id)).name).toBe('First writer');
  });
});

describe('account delete and unarchive', () => {
  it('archives on delete, keeps the account readable and listed, and unarchives it', async () => {
    const { fiscalkit } = serviceOn();
    const created = await fiscalkit.accounts.create(caller, { name: 'A', country: 'ES' });
    const deleted = await fiscalkit.accounts.remove(caller, created.id);
    expect(deleted).toEqual({ ...created, archived: true });
    expect(await fiscalkit.accounts.get(caller, created.id)).toEqual(deleted);
    expect((await fiscalkit.accounts.list(caller, { offset: 0, limit: 25 })).items).toEqual([deleted]);
    expect(await fiscalkit.accounts.remove(caller, created.id)).toEqual(deleted);
    expect(await fiscalkit.accounts.unarchive(caller, created.id)).toEqual(created);
    expect(await fiscalkit.accounts.unarchive(caller, created.id)).toEqual(created);
  });

  it('records created, updated, deleted and unarchived as AccountEvents, one per change', async () => {
    const { fiscalkit } = serviceOn();
    const created = await fiscalkit.accounts.create(caller, { name: 'A', country: 'ES' });
    await fiscalkit.accounts.update(caller, created.id, { name: 'B' });
    await fiscalkit.accounts.remove(caller, created.id);
    await fiscalkit.accounts.remove(caller, created.id);
    await fiscalkit.accounts.unarchive(caller, created.id);
    const events = await fiscalkit.accountEvents.list(caller, created.id, { offset: 0, limit: 25 });
    expect(events.items.map((event) => [event.type, event.name, event.resource_id])).toEqual([
      ['AccountEvent', 'created', created.id],
      ['AccountEvent', 'updated', created.id],
      ['AccountEvent', 'deleted', created.id],
      ['AccountEvent', 'unarchived', created.id],
    ]);
  });
});

describe('account logo', () => {
  it('stores the image through the blob port, replaces the previous one and removes it on delete', async () => {
    const { fiscalkit, ports } = serviceOn();
    const created = await fiscalkit.accounts.create(caller, { name: 'A', country: 'ES' });
    const withLogo = await fiscalkit.accounts.setLogo(caller, created.id, {
      content_type: 'image/png',
      bytes: PNG,
    });
    expect(withLogo.has_logo).toBe(true);
    const first = (await ports.store.accounts.get(created.id, created.id))?.value as StoredAccount;
    const firstBlob = first.logo_blob_id ?? 0;
    expect(await ports.blobs.get(created.id, firstBlob)).toMatchObject({
      content_type: 'image/png',
      filename: 'logo.png',
    });
    await fiscalkit.accounts.setLogo(caller, created.id, {
      content_type: 'application/octet-stream',
      bytes: GIF,
      filename: 'brand.gif',
    });
    const logo = await fiscalkit.accounts.logo(caller, created.id);
    expect(logo).toMatchObject({ content_type: 'image/gif', filename: 'brand.gif', account_id: created.id });
    expect([...logo.bytes]).toEqual([...GIF]);
    expect(await ports.blobs.get(created.id, firstBlob)).toBeNull();
    const removed = await fiscalkit.accounts.removeLogo(caller, created.id);
    expect(removed.has_logo).toBe(false);
    expect(await ports.blobs.get(created.id, logo.id)).toBeNull();
    expect(await rejection(fiscalkit.accounts.logo(caller, created.id))).toMatchObject({
      status: 404,
      param: 'logo',
    });
    expect(await fiscalkit.accounts.removeLogo(caller, created.id)).toEqual(removed);
  });

  it('refuses an empty body, a type that is no image, and bytes that are not the declared image', async () => {
    const { fiscalkit } = serviceOn();
    const { id } = await fiscalkit.accounts.create(caller, { name: 'A', country: 'ES' });
    const set = (content_type: string | null, bytes: Uint8Array) =>
      rejection(fiscalkit.accounts.setLogo(caller, id, { content_type, bytes }));
    expect(await set('image/png', new Uint8Array())).toEqual({
      status: 422,
      code: 'parameter_blank',
      param: 'logo',
    });
    expect(await set('text/plain', PNG)).toEqual({ status: 422, code: 'parameter_invalid', param: 'logo' });
    expect(await set('image/png', GIF)).toEqual({ status: 422, code: 'parameter_invalid', param: 'logo' });
    expect(await set(null, new Uint8Array([1, 2, 3]))).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'logo',
    });
    expect((await fiscalkit.accounts.get(caller, id)).has_logo).toBe(false);
  });

  it('accepts SVG and the image/jpg spelling of JPEG', async () => {
    const { fiscalkit } = serviceOn();
    const { id } = await fiscalkit.accounts.create(caller, { name: 'A', country: 'ES' });
    const svg = new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>');
    await fiscalkit.accounts.setLogo(caller, id, {
      content_type: 'image/svg+xml; charset=utf-8',
      bytes: svg,
    });
    expect((await fiscalkit.accounts.logo(caller, id)).content_type).toBe('image/svg+xml');
    await fiscalkit.accounts.setLogo(caller, id, {
      content_type: 'image/jpg',
      bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    });
    expect((await fiscalkit.accounts.logo(caller, id)).content_type).toBe('image/jpeg');
  });
});

describe('archived accounts are read-only (fiscalkit rule; `activeAccount`)', () => {
  it('refuses every write into an archived account with 409 conflict at account, keeps reads, and writes again once unarchived', async () => {
    const ports = memoryPorts();
    await seedWorld(ports);
    const fiscalkit = createFiscalkit(ports, { base_url: 'https://api.example.test' });
    const account = PL_ACCOUNT;
    const contact = await fiscalkit.contacts.create(caller, account, { name: 'Sur', country: 'PL' });
    const bank = await fiscalkit.bankAccounts.create(caller, account, {
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    const order = await fiscalkit.orders.create(caller, account, orderBody(contact.id));
    await fiscalkit.transports.create(caller, account, { transport_type_code: 'email', invoice: true });
    const report = await fiscalkit.taxReports.create(caller, account, asJson(vatReport()));
    await fiscalkit.accounts.remove(caller, account);

    const archived = { status: 409, code: 'conflict', param: 'account' };
    const writes: [string, () => Promise<unknown>][] = [
      ['account PUT', () => fiscalkit.accounts.update(caller, account, { name: 'New name' })],
      [
        'account logo',
        () => fiscalkit.accounts.setLogo(caller, account, { content_type: 'image/png', bytes: PNG }),
      ],
      ['account logo delete', () => fiscalkit.accounts.removeLogo(caller, account)],
      ['contact create', () => fiscalkit.contacts.create(caller, account, { name: 'X', country: 'PL' })],
      ['contact PATCH', () => fiscalkit.contacts.update(caller, contact.id, { name: 'Y' })],
      ['contact PUT', () => fiscalkit.contacts.replace(caller, contact.id, { name: 'Y', country: 'PL' })],
      ['contact DELETE', () => fiscalkit.contacts.remove(caller, contact.id)],
      [
        'bank account create',
        () => fiscalkit.bankAccounts.create(caller, account, { iban: 'BE68 5390 0754 7034' }),
      ],
      ['bank account PUT', () => fiscalkit.bankAccounts.update(caller, bank.id, { bank_name: 'X' })],
      ['bank account DELETE', () => fiscalkit.bankAccounts.remove(caller, bank.id)],
      [
        'order create',
        () => fiscalkit.orders.create(caller, account, orderBody(contact.id, { number: 'PO-2' })),
      ],
      ['order mark_as', () => fiscalkit.orders.markAs(caller, order.id, { state: 'sent' })],
      [
        'despatch advice create',
        () =>
          fiscalkit.despatchAdvices.create(caller, account, {
            number: 'DA-1',
            date: '2026-04-22',
            order_id: order.id,
            lines: [{ order_line_number: 1, quantity: '1' }],
          }),
      ],
      [
        'transport create',
        () => fiscalkit.transports.create(caller, account, { transport_type_code: 'peppol' }),
      ],
      ['transport PATCH', () => fiscalkit.transports.update(caller, 'email', { order: true })],
      ['transport DELETE', () => fiscalkit.transports.remove(caller, account, 'email')],
      ['tax report create', () => fiscalkit.taxReports.create(caller, account, asJson(vatReport()))],
      ['tax report import', () => fiscalkit.taxReports.import(caller, account, { file: fa3Of(vatReport()) })],
      ['tax report generate', () => fiscalkit.taxReports.generate(caller, KSEF_INVOICE)],
      ['tax report PATCH', () => fiscalkit.taxReports.update(caller, report.id, { footer_text: 'x' })],
      ['tax report DELETE', () => fiscalkit.taxReports.annul(caller, report.id)],
    ];
    for (const [name, write] of writes) expect([name, await rejection(write())]).toEqual([name, archived]);

    // Nothing changed, and everything stays readable.
    expect(await fiscalkit.contacts.get(caller, contact.id)).toEqual(contact);
    // The world's two contacts and the one made above.
    expect((await fiscalkit.contacts.list(caller, account, { offset: 0, limit: 25 })).total_count).toBe(3);
    expect((await fiscalkit.orders.get(caller, order.id)).state).toBe('new');
    expect((await fiscalkit.transports.list(caller, account, { offset: 0, limit: 25 })).total_count).toBe(1);
    expect((await fiscalkit.taxReports.get(caller, report.id)).state).toBe('processing');
    expect((await fiscalkit.bankAccounts.list(caller, account, { offset: 0, limit: 25 })).total_count).toBe(
      1,
    );
    // Another group still gets 404 first, never a hint that the account is archived.
    expect(await rejection(fiscalkit.contacts.create(other, account, { name: 'X', country: 'PL' }))).toEqual({
      status: 404,
      code: 'resource_missing',
      param: 'account',
    });

    await fiscalkit.accounts.unarchive(caller, account);
    expect((await fiscalkit.contacts.update(caller, contact.id, { name: 'Y' })).name).toBe('Y');
    expect((await fiscalkit.taxReports.annul(caller, report.id)).state).toBe('annulled');
  });
});

describe('use cases called directly (not over HTTP) answer bad input with ApiErrors', () => {
  it('a page out of range is 422 parameter_invalid at offset or limit (a fraction 400), not a RangeError', async () => {
    const { fiscalkit } = serviceOn();
    const { id } = await fiscalkit.accounts.create(caller, { name: 'A', country: 'ES' });
    expect(await rejection(fiscalkit.accounts.list(caller, { offset: -1, limit: 25 }))).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'offset',
    });
    // A limit not written as a whole number is a wrong type (400, issue #18 item 9), not a value out of range.
    expect(await rejection(fiscalkit.accounts.list(caller, { offset: 0, limit: 1.5 }))).toEqual({
      status: 400,
      code: 'invalid_request_params',
      param: 'limit',
    });
    expect(await rejection(fiscalkit.contacts.list(caller, id, { offset: 0, limit: -3 }))).toMatchObject({
      code: 'parameter_invalid',
      param: 'limit',
    });
    expect(
      await rejection(fiscalkit.accounts.list(caller, null as unknown as { offset: number; limit: number })),
    ).toMatchObject({ status: 400, code: 'invalid_request_params' });
    expect((await fiscalkit.accounts.list(caller, { offset: 0, limit: 500 })).total_count).toBe(1);
  });

  it('a logo of null, or of bytes that are no Uint8Array, is an ApiError, not a TypeError', async () => {
    const { fiscalkit } = serviceOn();
    const { id } = await fiscalkit.accounts.create(caller, { name: 'A', country: 'ES' });
    expect(await rejection(fiscalkit.accounts.setLogo(caller, id, null as never))).toEqual({
      status: 422,
      code: 'parameter_blank',
      param: 'logo',
    });
    expect(
      await rejection(
        fiscalkit.accounts.setLogo(caller, id, { content_type: 'image/png', bytes: 'png' } as never),
      ),
    ).toEqual({ status: 400, code: 'invalid_request_params', param: 'logo' });
    expect(
      await rejection(fiscalkit.accounts.setLogo(caller, id, { content_type: 7, bytes: PNG } as never)),
    ).toEqual({ status: 400, code: 'invalid_request_params', param: 'logo' });
    expect((await fiscalkit.accounts.get(caller, id)).has_logo).toBe(false);
  });
});

describe('routing codes sent blank', () => {
  it('are stored as null, value and scheme alike (the pair stays consistent)', async () => {
    const { fiscalkit } = serviceOn();
    const created = await fiscalkit.accounts.create(caller, {
      name: 'A',
      country: 'ES',
      routing_codes: { cin1_value: 'R1', cin1_scheme: '0088' },
    });
    const cleared = await fiscalkit.accounts.update(caller, created.id, {
      routing_codes: { cin1_value: '', cin1_scheme: '' },
    });
    expect(cleared.routing_codes).toMatchObject({ cin1_value: null, cin1_scheme: null });
    const contact = await fiscalkit.contacts.create(caller, created.id, {
      name: 'C',
      country: 'ES',
      routing_codes: { cin2_value: '  ', cin2_scheme: '' },
    });
    expect(contact.routing_codes).toMatchObject({ cin2_value: null, cin2_scheme: null });
  });
});
