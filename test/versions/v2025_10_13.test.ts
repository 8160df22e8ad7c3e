import { describe, expect, it } from 'vitest';
import { parseAccount } from '../../src/model/account.js';
import { parseContact } from '../../src/model/contact.js';
import { parseInvoice } from '../../src/model/invoice.js';
import { TransportSchema } from '../../src/model/transport.js';
import { API_VERSIONS, type ApiVersion } from '../../src/versions/apiVersion.js';
import { canonicalEventKind, eventKindName } from '../../src/versions/eventKinds.js';
import type { JsonObject } from '../../src/versions/fieldPath.js';
import { fieldsOf } from '../../src/versions/fieldsOf.js';
import { normalizeRequest } from '../../src/versions/normalize.js';
import { serialize } from '../../src/versions/serialize.js';
import {
  storedAccount,
  storedContact,
  storedInvoice,
  VALID_BIC,
  VALID_IBAN,
  validAccountBody,
  validContactBody,
  validInvoiceBody,
} from '../support/fixtures.js';

/**
 * v2025-10-13 over the legacy v2025-01-01 (spec §9, §2.2 rule 3, §2.3 rule 3, §2.4 rule 6, §6 rule 3;
 * api-notes.md §3.1). One canonical contact, invoice, account and transport are serialized in every
 * version; each difference is asserted on the legacy response, on every later response, on
 * `fieldsOf`, and on a legacy request read back into the newest shape.
 */

const LEGACY: ApiVersion = '2025-01-01';
const isLegacy = (version: ApiVersion) => version === LEGACY;

function data<T>(result: { success: true; data: T } | { success: false; issues: unknown }): T {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.issues)}`);
  return result.data;
}

/** A difference: the keys (and values) the newer and the legacy shape carry, and the paths of each. */
interface Difference {
  name: string;
  newer: JsonObject;
  legacy: JsonObject;
}

const contact = storedContact({
  cin_scheme: '0088',
  cin_value: '8412345678905',
  routing_codes: { cin1_value: 'DE123456789', cin1_scheme: '9930' },
  bank_account_number: '0049 1500 0512 3456 7892',
  certified_email: 'norte@pec.example.it',
  recipient_code: 'ABC1234',
  contact_person: 'Ana García',
  document_type_code: 'xml.ubl.invoice.bis3',
  transport_type_code: 'peppol',
});

const CONTACT_DIFFERENCES: readonly Difference[] = [
  {
    name: 'spec §2.3 rule 3, api-notes §3.1: taxcode ↔ tin_scheme + tin_value',
    newer: { tin_scheme: '9920', tin_value: 'B76543214' },
    legacy: { taxcode: '9920:B76543214' },
  },
  {
    name: 'spec §2.3 rule 3: company_identifier ↔ cin_value',
    newer: { cin_value: '8412345678905' },
    legacy: { company_identifier: '8412345678905' },
  },
  {
    name: 'spec §2.3 rule 3: flat cin1_value … cin5_scheme ↔ routing_codes',
    newer: { routing_codes: { cin1_value: 'DE123456789', cin1_scheme: '9930' } },
    legacy: {
      cin1_value: 'DE123456789',
      cin1_scheme: '9930',
      cin2_value: null,
      cin2_scheme: null,
      cin3_value: null,
      cin3_scheme: null,
      cin4_value: null,
      cin4_scheme: null,
      cin5_value: null,
      cin5_scheme: null,
    },
  },
  {
    name: 'spec §2.3 rule 3: flat iban, bic, bank_name ↔ bank_account object; flat bank_account string ↔ bank_account_number',
    newer: {
      bank_account: { iban: VALID_IBAN, bic: VALID_BIC, bank_name: 'CaixaBank' },
      bank_account_number: '0049 1500 0512 3456 7892',
    },
    legacy: {
      iban: VALID_IBAN,
      bic: VALID_BIC,
      bank_name: 'CaixaBank',
      bank_account: '0049 1500 0512 3456 7892',
    },
  },
  {
    name: 'spec §2.3 rule 3: posta_elettronica_certificata ↔ certified_email',
    newer: { certified_email: 'norte@pec.example.it' },
    legacy: { posta_elettronica_certificata: 'norte@pec.example.it' },
  },
  {
    name: 'spec §2.3 rule 3: codice_destinatario ↔ recipient_code',
    newer: { recipient_code: 'ABC1234' },
    legacy: { codice_destinatario: 'ABC1234' },
  },
  {
    name: 'spec §2.3: contact ↔ contact_person',
    newer: { contact_person: 'Ana García' },
    legacy: { contact: 'Ana García' },
  },
  {
    name: 'spec §2.3: document_type ↔ document_type_code',
    newer: { document_type_code: 'xml.ubl.invoice.bis3' },
    legacy: { document_type: 'xml.ubl.invoice.bis3' },
  },
  {
    name: 'spec §2.3: channel and transport_type ↔ transport_type_code',
    newer: { transport_type_code: 'peppol' },
    legacy: { channel: 'peppol', transport_type: 'peppol' },
  },
  {
    name: 'spec §2.3 rule 3: old_channel and sepa_type removed (null in legacy responses)',
    newer: {},
    legacy: { old_channel: null, sepa_type: null },
  },
];

const invoice = storedInvoice({
  contact_id: 7,
  customer_contact_person: 'Luis Pérez',
  buyer_accounting_reference: 'CC-4711',
  accounting_unit: 'L01280796',
  managing_unit: 'L01280797',
  processing_unit: 'L01280798',
  proponent_unit: 'L01280799',
  contract_unit: 'L01280800',
  contract_number: 'EXP-2026/15',
});

const INVOICE_DIFFERENCES: readonly Difference[] = [
  {
    name: 'api-notes §3.1: client_id ↔ contact_id',
    newer: { contact_id: 7 },
    legacy: { client_id: 7 },
  },
  {
    name: 'spec §2.4, legacy issuance guide: client (taxcode inside) ↔ contact (tin_scheme + tin_value)',
    newer: {
      contact: {
        id: 7,
        name: 'Distribuciones Norte SA',
        tin_value: 'B76543214',
        tin_scheme: '9920',
        country: 'ES',
      },
    },
    legacy: { client: { id: 7, name: 'Distribuciones Norte SA', country: 'ES', taxcode: '9920:B76543214' } },
  },
  {
    name: 'spec §2.4 rule 6: contact_person ↔ customer_contact_person',
    newer: { customer_contact_person: 'Luis Pérez' },
    legacy: { contact_person: 'Luis Pérez' },
  },
  {
    name: 'spec §2.4 rule 6: accounting_cost ↔ buyer_accounting_reference',
    newer: { buyer_accounting_reference: 'CC-4711' },
    legacy: { accounting_cost: 'CC-4711' },
  },
  {
    name: 'spec §2.4 rule 6: flat iban and bic ↔ bank_account object',
    newer: { bank_account: { iban: VALID_IBAN, bic: VALID_BIC } },
    legacy: { iban: VALID_IBAN, bic: VALID_BIC },
  },
  {
    name: "spec §2.4 rule 6: haltr's public-administration fields ↔ the English names",
    newer: {
      accounting_unit: 'L01280796',
      managing_unit: 'L01280797',
      processing_unit: 'L01280798',
      proponent_unit: 'L01280799',
      contract_unit: 'L01280800',
    },
    legacy: {
      oficina_comptable: 'L01280796',
      organ_gestor: 'L01280797',
      unitat_tramitadora: 'L01280798',
      organ_proponent: 'L01280799',
      unitat_contractacio: 'L01280800',
    },
  },
  {
    name: 'spec §2.4: nested project ↔ account_id',
    newer: { account_id: 1 },
    legacy: { project: { id: 1 } },
  },
  {
    name: 'spec §2.4 rule 6: customer_party_identification removed (null in legacy responses)',
    newer: {},
    legacy: { customer_party_identification: null },
  },
  {
    name: 'contract_number keeps its name in every version (legacy name not confirmed)',
    newer: { contract_number: 'EXP-2026/15' },
    legacy: { contract_number: 'EXP-2026/15' },
  },
];

/** Every key of `shape` has its value in `response`. */
function expectShape(response: JsonObject, shape: JsonObject) {
  for (const [key, value] of Object.entries(shape)) expect(response[key], key).toEqual(value);
}

/** No key of `other` that `shape` does not also have is in `response`. */
function expectAbsent(response: JsonObject, other: JsonObject, shape: JsonObject) {
  for (const key of Object.keys(other))
    if (!Object.hasOwn(shape, key)) expect(response, key).not.toHaveProperty(key);
}

describe.each([
  ['contact', contact, CONTACT_DIFFERENCES],
  ['invoice', invoice, INVOICE_DIFFERENCES],
] as const)(
  'v2025-10-13 %s response differences (spec §2.3 rule 3, §2.4 rule 6)',
  (kind, resource, differences) => {
    describe.each(differences)('$name', ({ newer, legacy }) => {
      it.each(API_VERSIONS)('serialized in %s', (version) => {
        const response = serialize(kind, resource, { version });
        const [shape, other] = isLegacy(version) ? [legacy, newer] : [newer, legacy];
        expectShape(response, shape);
        expectAbsent(response, other, shape);
      });

      it.each(API_VERSIONS)('fieldsOf(%s) has the paths of that shape only', (version) => {
        const fields = fieldsOf(version, kind);
        const [shape, other] = isLegacy(version) ? [legacy, newer] : [newer, legacy];
        for (const key of Object.keys(shape)) expect(fields.has(key), key).toBe(true);
        for (const key of Object.keys(other))
          if (!Object.hasOwn(shape, key)) expect(fields.has(key), key).toBe(false);
      });
    });
  },
);

describe('v2025-10-13 nested paths of the changed fields (fieldsOf, spec §2.3, §2.4)', () => {
  it('spec §2.3: the legacy contact has a string bank_account and flat routing codes, no nested paths', () => {
    const legacy = fieldsOf(LEGACY, 'contact');
    expect(legacy.has('bank_account')).toBe(true);
    expect(legacy.has('bank_account.iban')).toBe(false);
    expect(legacy.has('routing_codes.cin1_value')).toBe(false);
    expect(legacy.has('cin_scheme')).toBe(true);
    const newer = fieldsOf('2025-10-13', 'contact');
    expect(newer.has('bank_account.iban') && newer.has('bank_account.bank_name')).toBe(true);
    expect(newer.has('routing_codes.cin5_scheme')).toBe(true);
  });

  it("spec §2.4: the legacy invoice's client has taxcode, the project has id; no contact.* or bank_account.*", () => {
    const legacy = fieldsOf(LEGACY, 'invoice');
    for (const path of ['client.id', 'client.name', 'client.taxcode', 'client.country', 'project.id'])
      expect(legacy.has(path), path).toBe(true);
    for (const path of ['contact.tin_value', 'client.tin_value', 'bank_account.iban', 'account_id'])
      expect(legacy.has(path), path).toBe(false);
    const newer = fieldsOf('2025-10-13', 'invoice');
    expect(newer.has('contact.tin_scheme') && newer.has('bank_account.bic')).toBe(true);
    expect(newer.has('client') || newer.has('project')).toBe(false);
  });

  it('spec §2.4: a legacy response emits no path fieldsOf(legacy) lacks, for the contact and the invoice', () => {
    const paths = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null && !Array.isArray(value) && !('isLosslessNumber' in value)
        ? Object.entries(value).flatMap(([key, child]) => {
            const path = prefix === '' ? key : `${prefix}.${key}`;
            return Array.isArray(child)
              ? [path, ...child.flatMap((item) => paths(item, `${path}[]`))]
              : [path, ...paths(child, path)];
          })
        : [];
    for (const [kind, resource] of [
      ['contact', contact],
      ['invoice', invoice],
    ] as const) {
      const fields = fieldsOf(LEGACY, kind);
      const extra = paths(serialize(kind, resource, { version: LEGACY })).filter((path) => !fields.has(path));
      expect(extra, kind).toEqual([]);
    }
  });
});

describe('v2025-10-13 account and transport (spec §2.2 rule 3)', () => {
  it.each(API_VERSIONS)('spec §2.2 rule 3: prefer_xslt_pdf in %s account responses', (version) => {
    const response = serialize('account', storedAccount(), { version });
    if (isLegacy(version)) expect(response.prefer_xslt_pdf).toBe(false);
    else expect(response).not.toHaveProperty('prefer_xslt_pdf');
    expect(fieldsOf(version, 'account').has('prefer_xslt_pdf')).toBe(isLegacy(version));
  });

  it('spec §2.2 rule 3: a legacy account request with prefer_xslt_pdf parses like the newest one without it', () => {
    const legacy = normalizeRequest(
      'account',
      { ...validAccountBody(), prefer_xslt_pdf: true },
      { version: LEGACY, operation: 'create' },
    );
    expect(legacy).not.toHaveProperty('prefer_xslt_pdf');
    const newest = normalizeRequest('account', validAccountBody(), {
      version: '2026-04-20',
      operation: 'create',
    });
    // routing_codes etc. are v2026-04-20 additions, dropped from older requests: compare what both carry.
    const legacyAccount = data(parseAccount(legacy, 'create'));
    const newestAccount = data(parseAccount(newest, 'create'));
    expect({
      name: legacyAccount.name,
      tin: legacyAccount.tin_value,
      country: legacyAccount.country,
    }).toEqual({
      name: newestAccount.name,
      tin: newestAccount.tin_value,
      country: newestAccount.country,
    });
  });

  it.each(API_VERSIONS)(
    'spec §2.3: the contact transport rename does not touch transports (%s keeps transport_type_code)',
    (version) => {
      const transport = TransportSchema.parse({
        account_id: 1,
        code: 'peppol',
        transport_type_code: 'peppol',
        enabled: true,
        reception: false,
        invoice: true,
        credit_note: false,
        self_billing: false,
        order: false,
        application_response: false,
        pin_scheme: '9920',
        pin_value: 'ESB12345674',
        sml_status: 'published',
        peppol_directory_status: 'published',
        reception_document_types: [],
      });
      const response = serialize('transport', transport, { version });
      expect(response.transport_type_code).toBe('peppol');
      expect(response).not.toHaveProperty('channel');
    },
  );
});

describe('v2025-10-13 legacy contact requests (spec §2.3 rule 3, api-notes §3.1)', () => {
  /** The newest request every legacy request below means. */
  const newest = {
    ...validContactBody(),
    cin_scheme: '0088',
    cin_value: '8412345678905',
    bank_account_number: '0049 1500 0512 3456 7892',
    certified_email: 'norte@pec.example.it',
    recipient_code: 'ABC1234',
    contact_person: 'Ana García',
    document_type_code: 'xml.ubl.invoice.bis3',
    transport_type_code: 'peppol',
  };
  const legacy = {
    name: 'Distribuciones Norte SA',
    taxcode: '9920:B76543214',
    cin_scheme: '88',
    company_identifier: '8412345678905',
    address: 'Avenida de la Constitución 12',
    city: 'Sevilla',
    postalcode: '41001',
    province: 'Sevilla',
    country: 'ES',
    currency: 'EUR',
    language: 'es',
    email: 'ap@norte.example',
    cin1_value: '8498765432105',
    cin1_scheme: '88',
    iban: VALID_IBAN,
    bic: VALID_BIC,
    bank_name: 'CaixaBank',
    bank_account: '0049 1500 0512 3456 7892',
    posta_elettronica_certificata: 'norte@pec.example.it',
    codice_destinatario: 'ABC1234',
    contact: 'Ana García',
    document_type: 'xml.ubl.invoice.bis3',
    channel: 'peppol',
    old_channel: 'email',
    sepa_type: 'CORE',
    is_client: true,
    is_provider: false,
  };

  it('spec §2.3 rule 3: a legacy create request with flat fields parses to the same contact as the newest request', () => {
    const read = normalizeRequest('contact', legacy, { version: LEGACY, operation: 'create' });
    const expected = normalizeRequest('contact', newest, { version: '2026-04-20', operation: 'create' });
    expect(data(parseContact(read, 'create'))).toEqual(data(parseContact(expected, 'create')));
  });

  it('spec §2.3 rule 3: old_channel and sepa_type are dropped from legacy requests', () => {
    const read = normalizeRequest('contact', legacy, { version: LEGACY, operation: 'create' });
    expect(read).not.toHaveProperty('old_channel');
    expect(read).not.toHaveProperty('sepa_type');
  });

  it('spec §2.3: the legacy string bank_account moves to bank_account_number before the flat iban builds the object', () => {
    const read = normalizeRequest(
      'contact',
      { bank_account: 'ES-LOCAL-1', iban: VALID_IBAN },
      { version: LEGACY, operation: 'update' },
    );
    expect(read).toEqual({ bank_account_number: 'ES-LOCAL-1', bank_account: { iban: VALID_IBAN } });
  });

  it('spec §2.3: a legacy PATCH builds bank_account and routing_codes from the flat fields sent only', () => {
    const read = normalizeRequest(
      'contact',
      { bic: VALID_BIC, cin2_value: 'X', cin2_scheme: '7' },
      { version: LEGACY, operation: 'update' },
    );
    expect(read).toEqual({
      bank_account: { bic: VALID_BIC },
      routing_codes: { cin2_value: 'X', cin2_scheme: '0007' },
    });
  });

  it('spec §2.3, §8: a sixth flat routing code reaches routing_codes and is refused there (parameter_invalid)', () => {
    const read = normalizeRequest(
      'contact',
      { cin6_value: 'X', cin6_scheme: '0088' },
      { version: LEGACY, operation: 'update' },
    );
    const result = parseContact(read, 'update');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.issues.map((issue) => issue.code)).toContain('parameter_invalid');
  });

  it('spec §2.3: a legacy request sending the new name too means the new one', () => {
    const read = normalizeRequest(
      'contact',
      { taxcode: '9920:B11111111', tin_value: 'B76543214', contact: 'Old', contact_person: 'New' },
      { version: LEGACY, operation: 'update' },
    );
    expect(read).toEqual({ tin_value: 'B76543214', contact_person: 'New' });
  });

  it('api-notes §3.1: a taxcode without a scheme prefix is a value without scheme; null clears both', () => {
    const read = (taxcode: unknown) =>
      normalizeRequest('contact', { taxcode }, { version: LEGACY, operation: 'update' });
    expect(read('B76543214')).toEqual({ tin_scheme: null, tin_value: 'B76543214' });
    expect(read(null)).toEqual({ tin_scheme: null, tin_value: null });
    // Split at the first colon only, nothing trimmed: the value keeps its own colons and spaces.
    expect(read('0001:AB:12 ')).toEqual({ tin_scheme: null, tin_value: 'AB:12 ' });
  });

  it.each([
    ['9920', 'B76543214'],
    [null, 'AB:12 '],
    [null, ' '],
    ['0007', ''],
  ])('api-notes §3.1: a TIN (%s, %j) written as taxcode reads back the same', (tin_scheme, tin_value) => {
    const response = serialize('contact', storedContact({ tin_scheme, tin_value }), { version: LEGACY });
    const read = normalizeRequest('contact', response, {
      version: LEGACY,
      operation: 'update',
    }) as JsonObject;
    expect({ tin_scheme: read.tin_scheme, tin_value: read.tin_value }).toEqual({
      tin_scheme,
      tin_value,
    });
  });

  it('spec §2.3: transport_type is read before channel when a legacy request sends both', () => {
    const read = normalizeRequest(
      'contact',
      { channel: 'email', transport_type: 'peppol' },
      { version: LEGACY, operation: 'update' },
    );
    expect(read).toEqual({ transport_type_code: 'peppol' });
  });

  it('spec §2.3 rule 3: a legacy response read back as a legacy request gives the same contact as the newest round trip', () => {
    const readBack = (version: ApiVersion) =>
      data(
        parseContact(
          normalizeRequest('contact', serialize('contact', contact, { version }), {
            version,
            operation: 'update',
          }),
          'update',
        ),
      );
    const { routing_codes: legacyCodes, ...legacy } = readBack(LEGACY);
    const { routing_codes: newerCodes, ...newer } = readBack('2025-10-13');
    expect(legacy).toEqual(newer);
    expect(legacy.bank_account).toEqual({ iban: VALID_IBAN, bic: VALID_BIC, bank_name: 'CaixaBank' });
    // The legacy response writes all five slots flat, the empty ones null: read back, they are
    // explicit empty slots, the same routing codes.
    expect(newerCodes).toEqual({ cin1_value: 'DE123456789', cin1_scheme: '9930' });
    expect(legacyCodes).toEqual({
      ...newerCodes,
      cin2_value: null,
      cin2_scheme: null,
      cin3_value: null,
      cin3_scheme: null,
      cin4_value: null,
      cin4_scheme: null,
      cin5_value: null,
      cin5_scheme: null,
    });
  });
});

describe('v2025-10-13 legacy invoice requests (spec §2.4 rule 6, api-notes §3.1)', () => {
  const { contact_id: _id, bank_account: _bank, ...common } = validInvoiceBody();
  const newest = {
    ...common,
    contact: {
      name: 'Nordic AB',
      country: 'SE',
      tin_scheme: '0007',
      tin_value: '5560360793',
      bank_account: { iban: VALID_IBAN },
      party_identification: 'PID-9',
    },
    customer_contact_person: 'Luis Pérez',
    buyer_accounting_reference: 'CC-4711',
    bank_account: { iban: VALID_IBAN, bic: VALID_BIC },
    accounting_unit: 'L01280796',
    managing_unit: 'L01280797',
    processing_unit: 'L01280798',
    proponent_unit: 'L01280799',
    contract_unit: 'L01280800',
  };
  const legacy = {
    ...common,
    client: { name: 'Nordic AB', country: 'SE', taxcode: '7:5560360793', iban: VALID_IBAN },
    customer_party_identification: 'PID-9',
    contact_person: 'Luis Pérez',
    accounting_cost: 'CC-4711',
    iban: VALID_IBAN,
    bic: VALID_BIC,
    oficina_comptable: 'L01280796',
    organ_gestor: 'L01280797',
    unitat_tramitadora: 'L01280798',
    organ_proponent: 'L01280799',
    unitat_contractacio: 'L01280800',
    project: { id: 1 },
  };

  it('spec §2.4 rule 6: a legacy create request parses to the same invoice as the newest request', () => {
    const read = normalizeRequest('invoice', legacy, { version: LEGACY, operation: 'create' });
    const expected = normalizeRequest('invoice', newest, { version: '2026-04-20', operation: 'create' });
    expect(data(parseInvoice(read, 'create'))).toEqual(data(parseInvoice(expected, 'create')));
  });

  it('api-notes §3.1: client_id becomes contact_id', () => {
    const read = normalizeRequest('invoice', { client_id: 7 }, { version: LEGACY, operation: 'update' });
    expect(data(parseInvoice(read, 'update')).contact_id).toBe(7);
  });

  it('spec §2.4: project becomes account_id (which the invoice body ignores: the account is the path’s)', () => {
    expect(
      normalizeRequest('invoice', { project: { id: 3 } }, { version: LEGACY, operation: 'update' }),
    ).toEqual({
      account_id: 3,
    });
    expect(normalizeRequest('invoice', { project: 3 }, { version: LEGACY, operation: 'update' })).toEqual({
      account_id: 3,
    });
  });

  it('spec §2.4 rule 6: customer_party_identification moves into the inline contact, or is dropped with contact_id', () => {
    const withContactId = normalizeRequest(
      'invoice',
      { client_id: 7, customer_party_identification: 'PID-9' },
      { version: LEGACY, operation: 'update' },
    );
    expect(withContactId).toEqual({ contact_id: 7 });
    const inline = normalizeRequest(
      'invoice',
      { client: { name: 'A', party_identification: 'OWN' }, customer_party_identification: 'PID-9' },
      { version: LEGACY, operation: 'update' },
    );
    expect(inline).toEqual({ contact: { name: 'A', party_identification: 'OWN' } });
  });

  it('spec §2.4 rule 6: the Spanish spellings of the public-administration fields are read as aliases', () => {
    const read = normalizeRequest(
      'invoice',
      { organo_gestor: 'G', oficina_contable: 'O', unidad_tramitadora: 'U', organo_proponente: 'P' },
      { version: LEGACY, operation: 'update' },
    );
    expect(read).toEqual({
      managing_unit: 'G',
      accounting_unit: 'O',
      processing_unit: 'U',
      proponent_unit: 'P',
    });
    const both = normalizeRequest(
      'invoice',
      { organ_gestor: 'CATALAN', organo_gestor: 'SPANISH' },
      { version: LEGACY, operation: 'update' },
    );
    expect(both).toEqual({ managing_unit: 'CATALAN' });
  });

  it('spec §2.4 rule 6: from v2025-10-13 the legacy names are no longer read (dropped as unknown fields)', () => {
    const read = normalizeRequest(
      'invoice',
      { accounting_cost: 'CC', organ_gestor: 'G', client_id: 7 },
      { version: '2025-10-13', operation: 'update' },
    );
    expect(data(parseInvoice(read, 'update'))).toEqual({});
  });

  it('spec §2.4 rule 6: a legacy invoice response read back as a legacy request gives the same invoice as v2025-10-13', () => {
    const readBack = (version: ApiVersion) =>
      data(
        parseInvoice(
          normalizeRequest('invoice', serialize('invoice', invoice, { version }), {
            version,
            operation: 'update',
          }),
          'update',
        ),
      );
    const legacy = readBack(LEGACY);
    expect(legacy).toEqual(readBack('2025-10-13'));
    expect(legacy.customer_contact_person).toBe('Luis Pérez');
    expect(legacy.contact).toMatchObject({ tin_scheme: '9920', tin_value: 'B76543214' });
  });
});

describe('v2025-10-13 ContactEvent, formerly ClientEvent (spec §6 rule 3)', () => {
  it.each(API_VERSIONS)('spec §6 rule 3: the contact event kind in %s', (version) => {
    expect(eventKindName(version, 'ContactEvent')).toBe(isLegacy(version) ? 'ClientEvent' : 'ContactEvent');
    expect(canonicalEventKind(version, eventKindName(version, 'ContactEvent'))).toBe('ContactEvent');
  });

  it('spec §6 rule 3: other kinds keep their names; ClientEvent is no kind name after the legacy version', () => {
    expect(eventKindName(LEGACY, 'InvoiceEvent')).toBe('InvoiceEvent');
    expect(canonicalEventKind(LEGACY, 'ClientEvent')).toBe('ContactEvent');
    expect(canonicalEventKind('2025-10-13', 'ClientEvent')).toBe('ClientEvent');
  });
});
