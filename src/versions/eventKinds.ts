import type { ApiVersion } from './apiVersion.js';
import { versionHas } from './behaviours.js';

/**
 * Event kind names that differ between versions (spec §6 rule 3: "The contact event kind is named
 * `ContactEvent` (formerly `ClientEvent`)"), canonical (newest) name → legacy name. The other kinds
 * behind GET /accounts/{account}/events are "not shown" and are written the same in every version.
 */
const LEGACY_EVENT_KINDS: Readonly<Record<string, string>> = { ContactEvent: 'ClientEvent' };

const CANONICAL_EVENT_KINDS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LEGACY_EVENT_KINDS).map(([canonical, legacy]) => [legacy, canonical]),
);

/**
 * The name of event kind `kind` (canonical name) as API `version` writes it: `ContactEvent` is
 * `ClientEvent` in the legacy v2025-01-01, when contacts were clients (spec §6 rule 3, §2.3); every
 * other kind keeps its name.
 *
 * @example
 * ```ts
 * eventKindName('2025-01-01', 'ContactEvent'); // 'ClientEvent'
 * eventKindName('2025-10-13', 'ContactEvent'); // 'ContactEvent'
 * eventKindName('2025-01-01', 'InvoiceEvent'); // 'InvoiceEvent'
 * ```
 */
export function eventKindName(version: ApiVersion, kind: string): string {
  if (versionHas(version, 'contacts_replace_clients')) return kind;
  return LEGACY_EVENT_KINDS[kind] ?? kind;
}

/**
 * The canonical name of an event kind written in API `version` (a filter value, a legacy client's
 * name): the reverse of {@link eventKindName}. `ClientEvent` is read as `ContactEvent` in the legacy
 * version only; in later versions it is not a kind name and is returned unchanged (matching nothing).
 *
 * @example
 * ```ts
 * canonicalEventKind('2025-01-01', 'ClientEvent'); // 'ContactEvent'
 * canonicalEventKind('2026-04-20', 'ClientEvent'); // 'ClientEvent': not a kind of this version
 * ```
 */
export function canonicalEventKind(version: ApiVersion, name: string): string {
  if (versionHas(version, 'contacts_replace_clients')) return name;
  return CANONICAL_EVENT_KINDS[name] ?? name;
}
