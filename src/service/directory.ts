/**
 * The directory lookup, GET /directory/{country}/{identifier} (spec §4.8). The service's directory
 * is a lookup, never an enumeration: a receiver is found by its country and an identifier, and the
 * answer says how to send it documents (api-notes.md §14, developer.b2brouter.net/docs/directory).
 *
 * fiscalkit answers over the participants it knows, and never more than is public (DESIGN.md
 * "Tenancy"):
 *
 * - Peppol participants published in fiscalkit's directory by ANY group (`peppol_directory_status`
 *   `published`): what the Peppol Directory shows anyone — name, country, identifier, the document
 *   types received;
 * - the caller's own group's accounts, by their `tin_value` or `cin_value`, published or not, with
 *   their preferred `transport_type_code` and `document_type_code`.
 *
 * Another group's account that is not published (no Peppol transport, or one still `processing`,
 * disabled or deleted) is never found: 404 `resource_missing`, exactly as for an identifier nobody has.
 *
 * @module
 */
import { isCountryCode } from '../codelists/countries.js';
import { ApiError } from '../errors/ApiError.js';
import { padSchemeCode } from '../identifiers/schemeCode.js';
import type { Account } from '../model/account.js';
import type { ReceptionDocumentType, StoredTransport } from '../model/transport.js';
import type { Ports } from '../ports.js';
import type { Caller } from './caller.js';
import type { ServiceDeps } from './deps.js';
import { peppolDirectoryIndex } from './transportDirectory.js';
import { isPublishable, normalizeParticipantValue, PEPPOL_TRANSPORT_TYPE } from './transportParticipant.js';

/**
 * One answer of GET /directory/{country}/{identifier}, the object inside `{participant: …}` (the
 * spec shows no payload; fiscalkit's shape, after what the service's directory guide describes: basic
 * entity details and how documents reach it).
 */
export interface DirectoryParticipant {
  /** The identifier matched, as the participant registered it (`ESB12345674`). */
  identifier: string;
  /** Its scheme, zero-padded (`9920`), or null when the participant registered none. */
  scheme: string | null;
  /** The Peppol participant identifier `scheme:value` when published in Peppol, else null. */
  peppol_identifier: string | null;
  name: string;
  /** ISO 3166-1 alpha-2, upper case as every country field of the model (spec §2.1). */
  country: string;
  /** How documents reach it: `peppol` when published, else the account's preference (own group only). */
  transport_type_code: string | null;
  /** The document type to send it (own group's accounts only; null otherwise). */
  document_type_code: string | null;
  /** The document types it receives over Peppol (spec §2.8 `reception_document_types`); [] when unknown. */
  document_types: ReceptionDocumentType[];
}

/** GET /directory/{country}/{identifier}. */
export interface DirectoryService {
  /**
   * The participant with `identifier` (`9920:ESB12345674`, or a value alone, `ESB12345674`, matched
   * under any scheme) in `country` (two letters; spec §4.8 writes it lower case); 404
   * `resource_missing` when fiscalkit knows none.
   */
  lookup(caller: Caller, country: string, identifier: string): Promise<DirectoryParticipant>;
}

/** Page size for walking a group's accounts. */
const PAGE = 500;

/** The Peppol identifier scheme prefix a client may copy from an SMP URL. */
const PEPPOL_ACTOR_PREFIX = /^iso6523-actorid-upis::/i;

/** A parsed `{identifier}`: a scheme when written `scheme:value`, and the value. */
interface Query {
  scheme: string | null;
  value: string;
  country: string;
}

function notFound(country: string, identifier: string): ApiError {
  return new ApiError(
    'resource_missing',
    `No participant ${JSON.stringify(identifier)} in the directory for country ${JSON.stringify(country)}`,
    { param: 'identifier' },
  );
}

function parseQuery(country: string, identifier: string): Query {
  if (!/^[A-Za-z]{2}$/.test(country) || !isCountryCode(country.toUpperCase()))
    throw new ApiError(
      'resource_missing',
      `No directory for country ${JSON.stringify(country)}: the country is a two-letter ISO 3166-1 code, lower case (GET /countries)`,
      { param: 'country' },
    );
  const text = identifier.trim().replace(PEPPOL_ACTOR_PREFIX, '');
  const scheme = /^([0-9]{1,4}):(.+)$/.exec(text);
  const value = (scheme?.[2] ?? text).trim();
  if (value === '') throw notFound(country, identifier);
  return {
    scheme: scheme?.[1] === undefined ? null : padSchemeCode(scheme[1]),
    value,
    country: country.toUpperCase(),
  };
}

/** Whether a stored identifier (scheme, value) is the one asked for. */
function matches(query: Query, scheme: string | null | undefined, value: string | null | undefined): boolean {
  if (value === null || value === undefined || value.trim() === '') return false;
  if (query.scheme !== null && query.scheme !== (scheme ?? null)) return false;
  return (
    normalizeParticipantValue(value, query.country) === normalizeParticipantValue(query.value, query.country)
  );
}

/** A transport published in the directory for the asked identifier, in an account of that country. */
function publishedFor(
  query: Query,
  transport: StoredTransport | undefined | null,
): transport is StoredTransport {
  return (
    transport !== null &&
    transport !== undefined &&
    transport.peppol_directory_status === 'published' &&
    isPublishable(transport) &&
    matches(query, transport.pin_scheme, transport.pin_value)
  );
}

function peppolView(account: Account, transport: StoredTransport, own: boolean): DirectoryParticipant {
  return {
    identifier: transport.pin_value as string,
    scheme: transport.pin_scheme,
    peppol_identifier: `${transport.pin_scheme as string}:${transport.pin_value as string}`,
    name: account.name,
    country: account.country,
    transport_type_code: PEPPOL_TRANSPORT_TYPE,
    // Another group's preference is not public: only the business card is.
    document_type_code: own ? (account.document_type_code ?? null) : null,
    document_types: transport.reception_document_types.map((type) => ({ ...type })),
  };
}

function accountView(
  account: Account,
  matched: { scheme: string | null; value: string },
  peppol: StoredTransport | null,
): DirectoryParticipant {
  // Found by its tin or cin, and on Peppol under another identifier: the identifier asked for, and
  // how to reach it.
  if (peppol !== null)
    return { ...peppolView(account, peppol, true), identifier: matched.value, scheme: matched.scheme };
  return {
    identifier: matched.value,
    scheme: matched.scheme,
    peppol_identifier: null,
    name: account.name,
    country: account.country,
    transport_type_code: account.transport_type_code ?? null,
    document_type_code: account.document_type_code ?? null,
    document_types: [],
  };
}

/**
 * The directory service. Precedence when several participants answer to one identifier: a Peppol
 * participant before a non-Peppol account (the network is how documents travel), and among equals
 * the oldest (lowest id), so the same question always gets the same answer.
 *
 * @example
 * ```ts
 * const directory = createDirectoryService(ports, deps);
 * const participant = await directory.lookup(caller, 'es', '9920:ESB12345674');
 * participant.peppol_identifier; // '9920:ESB12345674' once its transport is published
 * ```
 */
export function createDirectoryService(ports: Ports, _deps: ServiceDeps): DirectoryService {
  const index = peppolDirectoryIndex(ports);

  /** A Peppol candidate: the transport published for the identifier and its account. */
  type PeppolCandidate = { transport: StoredTransport; account: Account };

  /** Published Peppol participants of any group, through the index, each verified against the store. */
  async function indexedParticipants(query: Query): Promise<PeppolCandidate[]> {
    const normalized = normalizeParticipantValue(query.value, query.country);
    const variants = [query.value, normalized, `${query.country}${normalized}`];
    const found: PeppolCandidate[] = [];
    for (const pointer of await index.find(query.scheme, variants)) {
      const transport = await ports.store.transports.get(pointer.account_id, pointer.transport_id);
      if (!publishedFor(query, transport?.value)) continue;
      const account = await ports.store.accounts.get(pointer.account_id, pointer.account_id);
      if (account === null || account.value.country !== query.country) continue;
      found.push({ transport: transport.value, account: account.value });
    }
    return found;
  }

  return {
    async lookup(caller, country, identifier) {
      const query = parseQuery(country, identifier);
      const peppol = new Map<number, PeppolCandidate>();
      const own = new Set<number>();
      let ownAccount: DirectoryParticipant | null = null;
      // The caller's own group, from the store: its published Peppol transports (found even when the
      // index has not seen them) and its accounts by tin or cin, in ascending account id.
      for (let offset = 0; ; offset += PAGE) {
        const page = await ports.store.accountGroups.list(caller.group_id, { offset, limit: PAGE });
        for (const membership of page.items) {
          own.add(membership.value.id);
          const account = await ports.store.accounts.get(membership.value.id, membership.value.id);
          if (account === null || account.value.country !== query.country) continue;
          const found = await ports.store.transports.find(
            account.value.id,
            { transport_type_code: PEPPOL_TRANSPORT_TYPE },
            { offset: 0, limit: 1 },
          );
          const transport = found.items[0]?.value ?? null;
          if (publishedFor(query, transport)) peppol.set(transport.id, { transport, account: account.value });
          if (ownAccount !== null) continue;
          const matched = [
            { scheme: account.value.tin_scheme ?? null, value: account.value.tin_value ?? null },
            { scheme: account.value.cin_scheme ?? null, value: account.value.cin_value ?? null },
          ].find((candidate) => matches(query, candidate.scheme, candidate.value));
          if (matched?.value === null || matched?.value === undefined) continue;
          const live =
            transport !== null &&
            transport.peppol_directory_status === 'published' &&
            isPublishable(transport);
          ownAccount = accountView(
            account.value,
            { scheme: matched.scheme, value: matched.value },
            live ? transport : null,
          );
        }
        // money-safe: record counts.
        if (page.items.length < PAGE || offset + PAGE >= page.total_count) break;
      }
      // Every group's published participants.
      for (const candidate of await indexedParticipants(query)) peppol.set(candidate.transport.id, candidate);
      const [first] = [...peppol.values()].sort((a, b) => a.transport.id - b.transport.id);
      if (first !== undefined) return peppolView(first.account, first.transport, own.has(first.account.id));
      if (ownAccount !== null) return ownAccount;
      throw notFound(country, identifier);
    },
  };
}
