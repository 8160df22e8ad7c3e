// A host application that embeds fiscalkit with ports of its own (DESIGN.md "Shape": the services
// reach the world only through ports, so a host brings its own storage, queue, clock and ids).
// Run it with `npm run example:embed`.
//
// The host's ports here are still in memory, but they are the host's:
//   - ids from prefixed counters: each kind of record gets its own million (accounts 1000001…,
//     contacts 2000001…), so an id in a log says what it names;
//   - a clock of its own that moves one second each time it is read: every timestamp is distinct and
//     the run is the same every time;
//   - a store that keeps an audit trail: each repository of `memoryStore()` wrapped so that every
//     insert, update and remove is written down (where a real host would write an outbox). The
//     store writes a state change's event with the change (its outbox, issue #24), into the event
//     sink the ports list events from, so the wrapper passes the update's options on;
//   - a job queue that logs what is queued and finished, around `memoryJobQueue`.
// Everything else comes from `memoryPorts`, which takes any port given in its options; its webhook
// transport records what it would post instead of posting (examples/tinWebhook.ts posts for real).
//
// Then, as a host's own API handler would: create an account, a contact and an invoice through the
// use cases (`fiscalkit.accounts.create(caller, …)`, …), mark the invoice sent, and print its total,
// the account's events and what the host's ports saw.
import { type Caller, createFiscalkit, isApiError, LATEST_API_VERSION } from 'fiscalkit';
import { memoryEventSink, memoryJobQueue, memoryPorts, memoryStore } from 'fiscalkit/memory';
import type { Clock, IdGenerator, JobQueue, Repository, Store } from 'fiscalkit/ports';

// ─── The host's ports ──────────────────────────────────────────────────────────────────────────────

/** Ids `prefix × 1,000,000 + n`: the prefix is the kind's, given in order of first use. */
function prefixedIds(): IdGenerator & { readonly prefixes: ReadonlyMap<string, number> } {
  const prefixes = new Map<string, number>();
  const counters = new Map<string, number>();
  return {
    prefixes,
    async next(kind) {
      let prefix = prefixes.get(kind);
      if (prefix === undefined) {
        prefix = prefixes.size + 1;
        prefixes.set(kind, prefix);
      }
      const n = (counters.get(kind) ?? 0) + 1;
      if (n >= 1_000_000) throw new RangeError(`the ids of ${kind} are exhausted`);
      counters.set(kind, n);
      return prefix * 1_000_000 + n;
    },
  };
}

/** A clock that starts at `start` and moves one second each time it is read. */
function tickingClock(start: string): Clock {
  let now = Date.parse(start);
  return {
    now() {
      now += 1000;
      return now;
    },
  };
}

/** One write the audit trail saw. */
interface AuditEntry {
  repository: string;
  action: 'insert' | 'update' | 'remove';
  account_id: number | null;
  id: number;
}

/** `repository`, with every write appended to `trail` after it succeeded. */
function audited<T extends { readonly id: number }>(
  name: string,
  repository: Repository<T>,
  trail: AuditEntry[],
): Repository<T> {
  const owner = (value: T) => (value as { account_id?: number }).account_id ?? null;
  return {
    ...repository,
    async insert(value, options) {
      const inserted = await repository.insert(value, options);
      trail.push({ repository: name, action: 'insert', account_id: owner(value), id: value.id });
      return inserted;
    },
    async update(value, expected_version, options) {
      const updated = await repository.update(value, expected_version, options);
      trail.push({ repository: name, action: 'update', account_id: owner(value), id: value.id });
      return updated;
    },
    async remove(account_id, id, expected_version) {
      await repository.remove(account_id, id, expected_version);
      trail.push({ repository: name, action: 'remove', account_id, id });
    },
  };
}

/** Every repository of `store`, audited. */
function auditedStore(store: Store, trail: AuditEntry[]): Store {
  const wrapped: Record<string, Repository<{ readonly id: number }>> = {};
  for (const [name, repository] of Object.entries(store))
    wrapped[name] = audited(name, repository as Repository<{ readonly id: number }>, trail);
  return wrapped as unknown as Store;
}

/** `jobs`, logging each job queued and each job finished. */
function loggingJobQueue(jobs: JobQueue, log: string[]): JobQueue {
  return {
    ...jobs,
    async enqueue(draft) {
      const queued = await jobs.enqueue(draft);
      log.push(
        `queued ${draft.kind} job ${String(queued.job.id)}${queued.created ? '' : ' (already queued)'}`,
      );
      return queued;
    },
    async complete(lease) {
      await jobs.complete(lease);
      log.push(`completed ${lease.job.kind} job ${String(lease.job.id)}`);
    },
    async fail(lease, options) {
      await jobs.fail(lease, options);
      log.push(`failed ${lease.job.kind} job ${String(lease.job.id)}: ${options.error}`);
    },
  };
}

// ─── Wiring ────────────────────────────────────────────────────────────────────────────────────────

const trail: AuditEntry[] = [];
const jobLog: string[] = [];
const clock = tickingClock('2026-04-20T08:00:00Z');
const ids = prefixedIds();
// One event sink for the store's outbox and for the ports: an event written with its state change is
// the one GET /accounts/{account}/events lists and the webhooks deliver.
const eventSink = memoryEventSink();
const ports = memoryPorts({
  clock,
  ids,
  events: eventSink,
  store: auditedStore(memoryStore({ outbox: eventSink }), trail),
  jobs: loggingJobQueue(memoryJobQueue({ clock }), jobLog),
});
const fiscalkit = createFiscalkit(ports, { base_url: 'https://invoicing.example.com/api' });

// ─── A request of the host's own API ───────────────────────────────────────────────────────────────

// Who is asking: the host's tenant (a group of API keys owns the accounts it creates), and the API
// version its client speaks (spec §5, §9).
const caller: Caller = { group_id: 42, api_version: LATEST_API_VERSION };

const account = await fiscalkit.accounts.create(caller, {
  name: 'ACME Servicios SL',
  country: 'ES',
  tin_scheme: '9920',
  tin_value: 'B12345674',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  postalcode: '28013',
  currency: 'EUR',
  language: 'es',
});
const contact = await fiscalkit.contacts.create(caller, account.id, {
  name: 'Distribuciones Norte SA',
  country: 'ES',
  tin_scheme: '9920',
  tin_value: 'B76543214',
  email: 'ap@norte.example',
  is_client: true,
});
const created = await fiscalkit.invoices.create(caller, account.id, {
  number: 'F-2026/0001',
  date: '2026-04-20',
  due_date: '2026-05-20',
  contact_id: contact.id,
  invoice_lines_attributes: [
    {
      description: 'Consulting hours',
      quantity: '10',
      price: '45.50',
      taxes_attributes: [{ name: 'IVA', category: 'S', percent: '21' }],
    },
    {
      description: 'Travel expenses',
      quantity: '1',
      price: '120.00',
      // A negative percent is a withholding (IRPF), as the service takes it.
      taxes_attributes: [
        { name: 'IVA', category: 'S', percent: '21' },
        { name: 'IRPF', percent: '-15' },
      ],
    },
  ],
});
// The host's ERP hears of state changes; the delivery is a background job on the host's queue.
const hook = await fiscalkit.webHooks.create(account.id, {
  web_hook: { url: 'https://erp.example.com/hooks/fiscalkit', events: ['issued_invoice.state_change'] },
});
const sent = await fiscalkit.invoices.markAs(caller, created.id, { state: 'sent' });
await fiscalkit.worker.drain();

console.log(`account ${String(account.id)} ${account.name}, contact ${String(contact.id)} ${contact.name}`);
console.log(
  `invoice ${String(sent.id)} ${String(sent.number)}: total ${String(sent.total)} ${String(sent.currency)}, ` +
    `payable ${String(sent.payable_amount)}, state ${sent.state}`,
);

// Another tenant cannot see it (DESIGN.md "Tenancy"): the same id is simply not found.
try {
  await fiscalkit.invoices.get({ group_id: 99, api_version: LATEST_API_VERSION }, sent.id);
  console.log('FAILED: another group read the invoice');
  process.exitCode = 1;
} catch (error) {
  if (!isApiError(error)) throw error;
  console.log(`another group: ${String(error.status)} ${error.code}`);
}

console.log('\naccount events (GET /accounts/{account}/events):');
const events = await fiscalkit.accountEvents.list(caller, account.id, { offset: 0, limit: 50 });
for (const event of events.items)
  console.log(
    `  ${event.created_at}  ${event.type.padEnd(13)} ${event.name.padEnd(13)} ${String(event.resource_id)}${event.state === null ? '' : ` → ${event.state}`}`,
  );

console.log('\npublished events (what web hooks receive):');
const published = await fiscalkit.events.list(account.id, { offset: 0, limit: 50 });
for (const event of published.items) console.log(`  ${event.code} ${JSON.stringify(event.data)}`);

console.log('\nwhat the host ports saw:');
const writes = new Map<string, number>();
for (const entry of trail) {
  const key = `${entry.repository}.${entry.action}`;
  writes.set(key, (writes.get(key) ?? 0) + 1);
}
console.log(`  audit trail: ${[...writes].map(([key, count]) => `${key} ×${String(count)}`).join(', ')}`);
console.log(
  `  ids: ${[...ids.prefixes].map(([kind, prefix]) => `${kind} ${String(prefix * 1_000_000 + 1)}…`).join(', ')}`,
);
console.log(`  jobs: ${jobLog.length === 0 ? 'none queued' : jobLog.join('; ')}`);
// The webhook transport is memoryPorts' own, which records what it would have posted.
console.log(
  `  webhooks: ${ports.webhooks
    .receivedBy(hook.url)
    .map((request) => `POST ${request.url} ${request.body}`)
    .join('; ')}`,
);

const ok =
  sent.state === 'sent' &&
  events.items.some((event) => event.type === 'InvoiceEvent' && event.state === 'sent') &&
  trail.some((entry) => entry.repository === 'invoices' && entry.action === 'update') &&
  ports.webhooks.receivedBy(hook.url).length === 1;
console.log(ok ? 'embedded fiscalkit ran on the host ports' : 'FAILED: the invoice was not sent');
if (!ok) process.exitCode = 1;
