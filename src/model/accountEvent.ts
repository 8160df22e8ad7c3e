import { z } from 'zod';
import { identifier, text } from './fields.js';
import { timestamp } from './timestamp.js';

/**
 * The kinds of account events fiscalkit records (spec §6 rule 3: "The contact event kind is named
 * `ContactEvent` (formerly `ClientEvent`)"; the other kinds are not shown — these are fiscalkit's,
 * one per resource family that changes). The legacy name is written by `eventKindName`.
 */
export const ACCOUNT_EVENT_KINDS = [
  'AccountEvent',
  'ContactEvent',
  'InvoiceEvent',
  'OrderEvent',
  'DespatchAdviceEvent',
  'TaxReportEvent',
  'TransportEvent',
] as const;

/** An account event kind. */
export type AccountEventKind = (typeof ACCOUNT_EVENT_KINDS)[number];

/**
 * An entry of GET /accounts/{account}/events (spec §4.6: "Account events list (no `description`
 * field)"): what happened (`type`, `name`) to which resource, and when. `name` is the action
 * (`created`, `updated`, `deleted`, `unarchived`, `state_changed`, …); `state` the resource's state
 * after it where the resource has one.
 */
export const AccountEventSchema = z.object({
  id: identifier(),
  account_id: identifier(),
  type: z.enum(ACCOUNT_EVENT_KINDS),
  name: text(64),
  resource_id: identifier().nullable(),
  state: text(64).nullable(),
  created_at: timestamp(),
});

/** An account event. */
export type AccountEvent = z.output<typeof AccountEventSchema>;
