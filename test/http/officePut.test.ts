/**
 * PUT /contacts/{id} of an office over real HTTP (spec §2.3 rule 1; issue #18 item 8, issue #19). PUT
 * is a partial update like PATCH (issue #19): an office PUT that sends no TIN keeps the stored one
 * (even an older office's own TIN, stored by a version that ignored mismatches) and is not judged on
 * it; one that sends a TIN is judged on what it sends. The stored TIN is judged only when the contact
 * becomes an office. (Issue #18 item 8 had PUT replace the whole contact, so a PUT without a TIN took
 * the parent's; a partial PUT changes only what it sends.)
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_TIN } from '../support/fixtures.js';
import { createAccount, startService, type TestService } from './harness.js';

let service: TestService;
let account: number;
beforeEach(async () => {
  service = await startService();
  account = await createAccount(service);
});
afterEach(async () => {
  await service.close();
});

type Answer = Awaited<ReturnType<TestService['request']>>;
const failure = (response: Answer) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

const OTHER_TIN = 'A58818501';

async function createdId(contact: object, version?: string): Promise<number> {
  const response = await service.request('POST', `/accounts/${account}/contacts`, {
    body: { contact },
    ...(version === undefined ? {} : { version }),
  });
  if (response.status !== 201) throw new Error(`contact create failed: ${response.status} ${response.text}`);
  return response.json.contact.id;
}

const put = (id: number, contact: object) => service.request('PUT', `/contacts/${id}`, { body: { contact } });

describe('PUT of an office (spec §2.3 rule 1)', () => {
  let parent: number;
  beforeEach(async () => {
    parent = await createdId({ name: 'Norte SA', country: 'ES', tin_scheme: '9920', tin_value: CONTACT_TIN });
  });

  it('that leaves out an older office’s own TIN keeps it, with or without its parent_id, rather than being refused for it', async () => {
    // v2026-03-02 ignored mismatches, so this office kept a TIN of its own.
    const office = await createdId(
      { name: 'Norte Sevilla', country: 'ES', parent_id: parent, tin_scheme: '9920', tin_value: OTHER_TIN },
      '2026-03-02',
    );
    const response = await put(office, { name: 'Norte Sevilla Centro', parent_id: parent });
    expect(response.status).toBe(200);
    expect(response.json.contact).toMatchObject({
      name: 'Norte Sevilla Centro',
      parent_id: parent,
      tin_scheme: '9920',
      tin_value: OTHER_TIN,
    });
    const phone = await put(office, { phone: '+34 600 000 000' });
    expect([phone.status, phone.json.contact.tin_value]).toEqual([200, OTHER_TIN]);
  });

  it('that sends the parent’s TIN is judged on it, not on a stored scheme it leaves out (which stays)', async () => {
    const office = await createdId(
      { name: 'Norte Sevilla', country: 'ES', parent_id: parent, tin_scheme: '0002', tin_value: OTHER_TIN },
      '2026-03-02',
    );
    const response = await put(office, { parent_id: parent, tin_value: CONTACT_TIN });
    expect(response.status).toBe(200);
    expect(response.json.contact).toMatchObject({ tin_scheme: '0002', tin_value: CONTACT_TIN });
    // Sending the scheme too judges it, and the office then carries its parent's whole TIN.
    const both = await put(office, { tin_scheme: '9920', tin_value: CONTACT_TIN });
    expect(both.status).toBe(200);
    expect(both.json.contact).toMatchObject({ tin_scheme: '9920', tin_value: CONTACT_TIN });
  });

  it('that changes the TIN to one the parent does not have is refused, with or without parent_id', async () => {
    const office = await createdId({ name: 'Norte Sevilla', country: 'ES', parent_id: parent });
    expect(
      failure(await put(office, { name: 'N', country: 'ES', parent_id: parent, tin_value: OTHER_TIN })),
    ).toEqual([422, 'parameter_invalid', 'tin_value']);
    expect(failure(await put(office, { name: 'N', country: 'ES', tin_value: OTHER_TIN }))).toEqual([
      422,
      'parameter_invalid',
      'tin_value',
    ]);
    expect(failure(await put(office, { name: 'N', country: 'ES', tin_scheme: '0002' }))).toEqual([
      422,
      'parameter_invalid',
      'tin_scheme',
    ]);
    // The stored office is unchanged.
    const read = await service.request('GET', `/contacts/${office}`);
    expect(read.json.contact).toMatchObject({ name: 'Norte Sevilla', tin_value: CONTACT_TIN });
  });

  it('after its parent’s TIN changed is judged against the parent’s new TIN', async () => {
    const office = await createdId({ name: 'Norte Sevilla', country: 'ES', parent_id: parent });
    const moved = await put(parent, {
      name: 'Norte SA',
      country: 'ES',
      tin_scheme: '9920',
      tin_value: OTHER_TIN,
    });
    expect(moved.status).toBe(200);
    const followed = await service.request('GET', `/contacts/${office}`);
    expect(followed.json.contact.tin_value).toBe(OTHER_TIN);
    expect(
      failure(await put(office, { name: 'N', country: 'ES', parent_id: parent, tin_value: CONTACT_TIN })),
    ).toEqual([422, 'parameter_invalid', 'tin_value']);
    const same = await put(office, { name: 'N', country: 'ES', parent_id: parent, tin_value: OTHER_TIN });
    expect([same.status, same.json.contact.tin_value]).toEqual([200, OTHER_TIN]);
  });
});
