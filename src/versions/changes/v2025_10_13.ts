import { isLosslessNumber } from '../../money/losslessNumber.js';
import {
  type ResourceChange,
  removedField,
  renamedField,
  type UpgradeContext,
  type VersionChanges,
} from '../change.js';
import { eventKindName } from '../eventKinds.js';
import { type JsonObject, omitPath } from '../fieldPath.js';

/*
 * v2025-10-13 over the legacy v2025-01-01, field by field where the spec names both sides (spec §9
 * "Changes in v2025-10-13", §2.2 rule 3, §2.3 rule 3, §2.4 rule 6; api-notes.md §3.1).
 *
 * Order matters inside each list: a response is downgraded by the changes from the LAST of a list to
 * the first (serialize applies the chain newest first, fieldsOf walks it the same way), a request is
 * upgraded from the first to the last. The contact's legacy `bank_account` is a string while the new
 * one is an object, so the change that renames the string (`bank_account` ↔ `bank_account_number`)
 * comes BEFORE the one that folds the flat `iban`/`bic`/`bank_name` into the object: a request first
 * moves the legacy string out of the way, then builds the object; a response first flattens the
 * object, then gives its name to the string.
 *
 * Paths, status codes and endpoints are protocol, not resource shape: see `legacyPaths.ts` and
 * `protocol.ts`. The event kind name lives in `eventKinds.ts`; the account event change below writes
 * it into the `type` of GET /accounts/{account}/events entries.
 */

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

function without(object: JsonObject, keys: readonly string[]): JsonObject {
  return keys.reduce(omitPath, object);
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

// ---------------------------------------------------------------------------------------------------
// Contact (spec §2.3 rule 3)
// ---------------------------------------------------------------------------------------------------

/**
 * A legacy `taxcode` split into scheme and value (api-notes.md §3.1: `"9920:ESD29766391"` becomes
 * `tin_scheme: "9920"` + `tin_value: "ESD29766391"`), at the first colon when what precedes it is a
 * short code of letters and digits; a taxcode without one is a value with no scheme; null clears
 * both. Nothing is trimmed, so that {@link joinTaxcode} and this are exact inverses.
 */
function splitTaxcode(taxcode: unknown): { tin_scheme: unknown; tin_value: unknown } {
  if (taxcode === null || taxcode === undefined) return { tin_scheme: null, tin_value: null };
  if (typeof taxcode !== 'string') return { tin_scheme: null, tin_value: taxcode };
  const match = /^([0-9A-Za-z]{1,8}):([\s\S]*)$/.exec(taxcode);
  if (match === null) return { tin_scheme: null, tin_value: taxcode };
  return { tin_scheme: match[1], tin_value: match[2] };
}

/**
 * The legacy `taxcode` of a tax identifier: `scheme:value`, with the scheme as the older versions
 * write it (already unpadded by the v2026-03-02 downgrade, and `"0001"` when the value has no known
 * scheme, so a value is always prefixed and a colon inside it survives the round trip); the value
 * alone when there is no scheme; null without a value (a scheme alone has no legacy form).
 */
function joinTaxcode(scheme: unknown, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (scheme === null || scheme === undefined || scheme === '') return value;
  return `${String(scheme)}:${String(value)}`;
}

const taxcode: ResourceChange = {
  kind: 'contact',
  description:
    'spec §2.3 rule 3, api-notes.md §3.1: taxcode ("9920:ESB12345678") split into tin_scheme and tin_value',
  added: ['tin_scheme', 'tin_value'],
  removed: ['taxcode'],
  downgrade: (response) => {
    if (!Object.hasOwn(response, 'tin_value') && !Object.hasOwn(response, 'tin_scheme')) return response;
    const written = joinTaxcode(response.tin_scheme, response.tin_value);
    return { ...without(response, ['tin_scheme', 'tin_value']), taxcode: written };
  },
  upgrade: (request) => {
    if (!Object.hasOwn(request, 'taxcode')) return request;
    const rest = without(request, ['taxcode']);
    // The new fields win when a request sends both (as `renamedField` does).
    if (Object.hasOwn(request, 'tin_value') || Object.hasOwn(request, 'tin_scheme')) return rest;
    return { ...rest, ...splitTaxcode(request.taxcode) };
  },
};

const companyIdentifier = renamedField(
  'contact',
  'company_identifier',
  'cin_value',
  'spec §2.3 rule 3: company_identifier became cin_value',
);

const ROUTING_SLOTS = [1, 2, 3, 4, 5] as const;
const ROUTING_KEYS = ROUTING_SLOTS.flatMap((slot) => [`cin${slot}_value`, `cin${slot}_scheme`]);
/** Any flat routing-code key, including slots beyond five, which `RoutingCodesSchema` refuses (spec §8). */
const FLAT_ROUTING_KEY = /^cin\d+_(?:value|scheme)$/;

const routingCodes: ResourceChange = {
  kind: 'contact',
  description: 'spec §2.3 rule 3: the flat cin1_value … cin5_scheme fields moved into routing_codes',
  added: ['routing_codes'],
  removed: ROUTING_KEYS,
  downgrade: (response) => {
    if (!Object.hasOwn(response, 'routing_codes')) return response;
    const codes = isObject(response.routing_codes) ? response.routing_codes : {};
    const flat: JsonObject = {};
    for (const key of ROUTING_KEYS) flat[key] = codes[key] ?? null;
    return { ...without(response, ['routing_codes']), ...flat };
  },
  upgrade: (request) => {
    const sent = Object.keys(request).filter((key) => FLAT_ROUTING_KEY.test(key));
    if (sent.length === 0) return request;
    const rest = without(request, sent);
    if (Object.hasOwn(request, 'routing_codes')) return rest;
    const codes: JsonObject = {};
    for (const key of sent) codes[key] = request[key];
    return { ...rest, routing_codes: codes };
  },
};

/** Must stay before {@link bankAccountObject} (see the note at the top of this file). */
const bankAccountNumber: ResourceChange = {
  kind: 'contact',
  description: 'spec §2.3: the old flat bank_account string became bank_account_number',
  added: ['bank_account_number'],
  removed: ['bank_account'],
  downgrade: (response) => {
    if (!Object.hasOwn(response, 'bank_account_number')) return response;
    return { ...without(response, ['bank_account_number']), bank_account: response.bank_account_number };
  },
  upgrade: (request) => {
    const legacy = request.bank_account;
    // An object under `bank_account` is already the new shape (read by the next change).
    if (!Object.hasOwn(request, 'bank_account') || isObject(legacy)) return request;
    const rest = without(request, ['bank_account']);
    if (Object.hasOwn(request, 'bank_account_number')) return rest;
    return { ...rest, bank_account_number: legacy };
  },
};

/**
 * Flat bank fields ↔ the `bank_account` object, for a contact (`iban`, `bic`, `bank_name`) and an
 * invoice (`iban`, `bic`). A response writes every flat field (null when unset); a request builds the
 * object from the flat fields it sends only, so a PATCH changes only those.
 */
function bankAccountObject(
  kind: 'contact' | 'invoice',
  keys: readonly string[],
  description: string,
): ResourceChange {
  return {
    kind,
    description,
    added: ['bank_account'],
    removed: keys,
    downgrade: (response) => {
      if (!Object.hasOwn(response, 'bank_account')) return response;
      const account = isObject(response.bank_account) ? response.bank_account : {};
      const flat: JsonObject = {};
      for (const key of keys) flat[key] = account[key] ?? null;
      return { ...without(response, ['bank_account']), ...flat };
    },
    upgrade: (request) => {
      const sent = keys.filter((key) => Object.hasOwn(request, key));
      if (sent.length === 0) return request;
      const rest = without(request, sent);
      if (isObject(request.bank_account)) return rest;
      const account: JsonObject = {};
      for (const key of sent) account[key] = request[key];
      return { ...rest, bank_account: account };
    },
  };
}

const contactBankAccount = bankAccountObject(
  'contact',
  ['iban', 'bic', 'bank_name'],
  'spec §2.3 rule 3: the flat iban, bic and bank_name moved into the bank_account object',
);

const TRANSPORT_KEYS = ['channel', 'transport_type'] as const;

/**
 * `channel` and `transport_type` ↔ `transport_type_code` (spec §2.3: "Replaces the old channel and
 * transport_type"). The legacy vocabularies of the two fields are not published; fiscalkit writes the
 * transport type code under both old names and reads either (`transport_type` first), so a value
 * outside GET /transport_types is refused by the canonical parser (`parameter_inclusion`).
 */
const transportTypeCode: ResourceChange = {
  kind: 'contact',
  description: 'spec §2.3: transport_type_code replaces the old channel and transport_type',
  added: ['transport_type_code'],
  removed: [...TRANSPORT_KEYS],
  downgrade: (response) => {
    if (!Object.hasOwn(response, 'transport_type_code')) return response;
    const code = response.transport_type_code ?? null;
    return { ...without(response, ['transport_type_code']), channel: code, transport_type: code };
  },
  upgrade: (request) => {
    const sent = TRANSPORT_KEYS.filter((key) => Object.hasOwn(request, key));
    if (sent.length === 0) return request;
    const rest = without(request, sent);
    if (Object.hasOwn(request, 'transport_type_code')) return rest;
    const code = Object.hasOwn(request, 'transport_type') ? request.transport_type : request.channel;
    return { ...rest, transport_type_code: code };
  },
};

/**
 * The contact changes, in upgrade order. The invoice's inline contact goes through them too: a legacy
 * request writes it in the legacy contact shape.
 */
const CONTACT_CHANGES: readonly ResourceChange[] = [
  taxcode,
  companyIdentifier,
  routingCodes,
  bankAccountNumber,
  contactBankAccount,
  renamedField(
    'contact',
    'posta_elettronica_certificata',
    'certified_email',
    'spec §2.3 rule 3: posta_elettronica_certificata became certified_email',
  ),
  renamedField(
    'contact',
    'codice_destinatario',
    'recipient_code',
    'spec §2.3 rule 3: codice_destinatario became recipient_code',
  ),
  renamedField('contact', 'contact', 'contact_person', 'spec §2.3: contact_person replaces contact'),
  renamedField(
    'contact',
    'document_type',
    'document_type_code',
    'spec §2.3: document_type_code replaces document_type',
  ),
  transportTypeCode,
  removedField(
    'contact',
    'old_channel',
    'spec §2.3 rule 3: old_channel removed (dropped from requests, null in legacy responses)',
    () => null,
  ),
  removedField(
    'contact',
    'sepa_type',
    'spec §2.3 rule 3: sepa_type removed (dropped from requests, null in legacy responses)',
    () => null,
  ),
];

/** A legacy contact body (a contact request, or an invoice's inline contact) in the v2025-10-13 shape. */
function upgradeContactBody(contact: JsonObject, context: UpgradeContext): JsonObject {
  return CONTACT_CHANGES.reduce(
    (current, change) => (change.upgrade === undefined ? current : change.upgrade(current, context)),
    contact,
  );
}

// ---------------------------------------------------------------------------------------------------
// Invoice (spec §2.4 rule 6, api-notes.md §3.1)
// ---------------------------------------------------------------------------------------------------

/**
 * The invoice's contact is called `client` in the legacy version: its documentation tells integrators
 * to fill in "client" with the recipient's data on invoice create (b2brouter.readme.io,
 * "issuance-e-invoice-api", step 13), and the predecessor's model says `belongs_to :client`
 * (descala/haltr `app/models/invoice.rb`). Requests: the inline contact is read in the legacy contact
 * shape (`taxcode`, flat bank and routing fields, …). Responses: the contact summary carries its tax
 * identifier as `taxcode` (its `cin_value`/`cin_scheme` are v2026-04-20 additions, spec §9, removed
 * before this change runs).
 */
const invoiceClient: ResourceChange = {
  kind: 'invoice',
  description:
    'spec §2.4, legacy issuance guide: the invoice contact was client (legacy contact shape inside)',
  added: ['contact'],
  removed: ['client', 'client.id', 'client.name', 'client.taxcode', 'client.country'],
  downgrade: (response, context) => {
    if (!Object.hasOwn(response, 'contact')) return response;
    const contact = response.contact;
    const legacy = isObject(contact)
      ? [companyIdentifier, taxcode].reduce(
          (current, change) =>
            change.downgrade === undefined ? current : change.downgrade(current, context),
          contact,
        )
      : contact;
    return renameKey(response, 'contact', 'client', legacy);
  },
  upgrade: (request, context) => {
    if (!Object.hasOwn(request, 'client')) return request;
    const rest = without(request, ['client']);
    if (Object.hasOwn(request, 'contact')) return rest;
    const client = request.client;
    return { ...rest, contact: isObject(client) ? upgradeContactBody(client, context) : client };
  },
};

/** `object` with `from` renamed to `to` in the same position, its value replaced by `value`. */
function renameKey(object: JsonObject, from: string, to: string, value: unknown): JsonObject {
  const result: JsonObject = {};
  for (const [key, current] of Object.entries(object)) {
    if (key === from) result[to] = value;
    else if (key !== to) result[key] = current;
  }
  return result;
}

/**
 * The Spanish public-administration fields of the predecessor, with the English names of spec §2.4.
 * The legacy names are haltr's invoice columns (descala/haltr
 * `db/migrate/20141224115915_refactor_dir3s.rb` adds `oficina_comptable`, `organ_gestor`,
 * `unitat_tramitadora`, `organ_proponent`; `AddUnitatContractacioToInvoices` adds
 * `unitat_contractacio`, which the FacturaE importer fills from the DIR3 centre without a role, "Unitat
 * contractació"), mapped by the DIR3 role each holds (01 accounting office, 02 managing body, 03
 * processing unit, 04 proposing body). They are Catalan; legacy requests are also read with the
 * Spanish spellings (`oficina_contable`, `organo_gestor`, `unidad_tramitadora`, `organo_proponente`)
 * as aliases, since the public legacy reference is not available to confirm which one it used;
 * responses use haltr's.
 *
 * Not confirmed: the legacy name of `contract_number`. haltr has `num_contracte` (a Diputació de
 * Barcelona field, `db/migrate/20110719120815_add_diba_fields_to_invoices.rb`) and the FacturaE
 * `receiver_contract_reference`, and neither is shown to be what the legacy API called it, so
 * `contract_number` keeps its name in every version.
 */
const PUBLIC_ADMINISTRATION = [
  { english: 'accounting_unit', legacy: 'oficina_comptable', aliases: ['oficina_contable'] },
  { english: 'managing_unit', legacy: 'organ_gestor', aliases: ['organo_gestor'] },
  { english: 'processing_unit', legacy: 'unitat_tramitadora', aliases: ['unidad_tramitadora'] },
  { english: 'proponent_unit', legacy: 'organ_proponent', aliases: ['organo_proponente'] },
  { english: 'contract_unit', legacy: 'unitat_contractacio', aliases: [] },
] as const;

function publicAdministrationField({
  english,
  legacy,
  aliases,
}: (typeof PUBLIC_ADMINISTRATION)[number]): ResourceChange {
  const rename = renamedField(
    'invoice',
    legacy,
    english,
    `spec §2.4 rule 6: the public administration field ${legacy} (haltr's name) became ${english}`,
  );
  return {
    ...rename,
    upgrade: (request, context) => {
      const named = rename.upgrade === undefined ? request : rename.upgrade(request, context);
      const sent = aliases.filter((alias) => Object.hasOwn(named, alias));
      if (sent.length === 0) return named;
      const rest = without(named, sent);
      const [first] = sent;
      return Object.hasOwn(named, english) || first === undefined
        ? rest
        : { ...rest, [english]: named[first] };
    },
  };
}

/**
 * `project` ↔ `account_id` (spec §2.4: "Flat reference; the nested project object no longer
 * exists"). The legacy project object's fields are not shown; fiscalkit writes `{id}` with the
 * account id. A request's project (an object with `id`, or the id itself) becomes `account_id`,
 * which the invoice body ignores: the account is the one of the path.
 */
const invoiceProject: ResourceChange = {
  kind: 'invoice',
  description: 'spec §2.4: account_id replaces the nested project object',
  added: ['account_id'],
  removed: ['project', 'project.id'],
  downgrade: (response) => {
    if (!Object.hasOwn(response, 'account_id')) return response;
    const id = response.account_id;
    return renameKey(response, 'account_id', 'project', id === null || id === undefined ? null : { id });
  },
  upgrade: (request) => {
    if (!Object.hasOwn(request, 'project')) return request;
    const rest = without(request, ['project']);
    if (Object.hasOwn(request, 'account_id')) return rest;
    const project = request.project;
    return { ...rest, account_id: isObject(project) ? (project.id ?? null) : project };
  },
};

/**
 * `customer_party_identification` removed from the invoice (spec §2.4 rule 6); the contact's
 * `party_identification` is "the place for customer party identification" (spec §2.3). A legacy
 * request's value therefore moves into the inline contact when there is one that does not set it
 * already; with `contact_id` it is dropped (the request cannot change another resource), and so is a
 * blank value (it would only clear the contact's own). Legacy responses carry null.
 */
const customerPartyIdentification: ResourceChange = {
  kind: 'invoice',
  description:
    'spec §2.4 rule 6, §2.3: customer_party_identification removed from the invoice (the contact party_identification holds it)',
  removed: ['customer_party_identification'],
  downgrade: (response) => ({ ...response, customer_party_identification: null }),
  upgrade: (request) => {
    if (!Object.hasOwn(request, 'customer_party_identification')) return request;
    const rest = without(request, ['customer_party_identification']);
    const contact = request.contact;
    const value = request.customer_party_identification;
    if (isBlank(value) || !isObject(contact) || Object.hasOwn(contact, 'party_identification')) return rest;
    return {
      ...rest,
      contact: { ...contact, party_identification: value },
    };
  },
};

const INVOICE_CHANGES: readonly ResourceChange[] = [
  renamedField('invoice', 'client_id', 'contact_id', 'api-notes.md §3.1: client_id became contact_id'),
  invoiceClient,
  renamedField(
    'invoice',
    'contact_person',
    'customer_contact_person',
    'spec §2.4: customer_contact_person replaces contact_person',
  ),
  renamedField(
    'invoice',
    'accounting_cost',
    'buyer_accounting_reference',
    'spec §2.4: buyer_accounting_reference replaces accounting_cost',
  ),
  bankAccountObject(
    'invoice',
    ['iban', 'bic'],
    'spec §2.4 rule 6: the flat iban and bic moved into the bank_account object',
  ),
  ...PUBLIC_ADMINISTRATION.map(publicAdministrationField),
  invoiceProject,
  // After `invoiceClient`: a request's inline contact is already at `contact`.
  customerPartyIdentification,
];

// ---------------------------------------------------------------------------------------------------
// Account (spec §2.2 rule 3)
// ---------------------------------------------------------------------------------------------------

const preferXsltPdf = removedField(
  'account',
  'prefer_xslt_pdf',
  'spec §2.2 rule 3: prefer_xslt_pdf exists only on legacy accounts (false in legacy responses, dropped from requests)',
  () => false,
);

// ---------------------------------------------------------------------------------------------------
// Account event (spec §6 rule 3)
// ---------------------------------------------------------------------------------------------------

/**
 * The contact event kind is `ContactEvent`, formerly `ClientEvent` (spec §6 rule 3): an entry of GET
 * /accounts/{account}/events written in the legacy version names its kind as that version did
 * (`eventKindName`). Only the value of `type` changes, no field, so the change adds and removes no
 * path; events are never sent in requests, so it has no upgrade.
 */
const clientEvent: ResourceChange = {
  kind: 'account_event',
  description: 'spec §6 rule 3: the contact event kind ContactEvent was named ClientEvent',
  downgrade: (response, context) =>
    typeof response.type === 'string'
      ? { ...response, type: eventKindName(context.version, response.type) }
      : response,
};

/**
 * v2025-10-13 over the legacy v2025-01-01 (spec §9 "Changes in v2025-10-13", §2.2 rule 3, §2.3
 * rule 3, §2.4 rule 6; api-notes.md §3.1).
 *
 * Contact: `taxcode` ↔ `tin_scheme` + `tin_value`; `company_identifier` ↔ `cin_value` (`cin_scheme`
 * keeps its name: the spec names no older form of it); flat `cin1_value … cin5_scheme` ↔
 * `routing_codes`; flat string `bank_account` ↔ `bank_account_number`; flat `iban`/`bic`/`bank_name`
 * ↔ the `bank_account` object; `posta_elettronica_certificata` ↔ `certified_email`;
 * `codice_destinatario` ↔ `recipient_code`; `contact` ↔ `contact_person`; `document_type` ↔
 * `document_type_code`; `channel`/`transport_type` ↔ `transport_type_code`; `old_channel` and
 * `sepa_type` removed (null in legacy responses, dropped from requests).
 *
 * Invoice: `client_id` ↔ `contact_id`; `client` ↔ `contact` (the legacy contact shape inside);
 * `contact_person` ↔ `customer_contact_person`; `accounting_cost` ↔ `buyer_accounting_reference`;
 * flat `iban`/`bic` ↔ `bank_account` (the object's `bank_name`, which the spec does not give the
 * invoice, has no legacy form); the public-administration fields (see `PUBLIC_ADMINISTRATION`);
 * nested `project` ↔ `account_id`; `customer_party_identification` removed.
 *
 * Account: `prefer_xslt_pdf` exists only on legacy accounts; fiscalkit renders no XSLT PDFs, so legacy
 * responses carry `false` and requests have it dropped. The spec names no other account field change.
 *
 * Account event: the `type` `ContactEvent` is written `ClientEvent` (spec §6 rule 3).
 */
export const V2025_10_13: VersionChanges = {
  version: '2025-10-13',
  summary: 'JSON only, accounts and contacts, full write responses, renamed fields (spec §9).',
  changes: [
    ...CONTACT_CHANGES,
    ...INVOICE_CHANGES,
    preferXsltPdf,
    clientEvent,
    // Orders and despatch advices name their customer as invoices do (api-notes.md §3.1).
    renamedField('order', 'client_id', 'contact_id', 'api-notes.md §3.1: client_id became contact_id'),
    renamedField(
      'despatch_advice',
      'client_id',
      'contact_id',
      'api-notes.md §3.1: client_id became contact_id',
    ),
  ],
};
