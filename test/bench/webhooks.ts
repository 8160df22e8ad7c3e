/**
 * Issue #23 "Webhooks that arrive": webhook deliveries per second over real HTTP. A fiscalkit on the
 * memory store (sandbox, system clock) with one subscription to a node:http receiver on 127.0.0.1
 * publishes N = 2,000 `tin_verification.finished` events; the worker then delivers them one job at a
 * time (`worker.drain()`, as `npm start`'s worker loop runs them): sign, POST through
 * `httpWebhookTransport` (kept-alive connection, guarded lookup), record the attempt with its
 * duration. Only the drain is timed; the publishing is not. Median of 3 runs, each on fresh ports.
 * Every run checks that the receiver got N requests and that N deliveries are `delivered`.
 *
 * Run with `npm run bench:webhooks`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { httpWebhookTransport } from '../../src/adapters/http/index.js';
import { memoryPorts, systemClock } from '../../src/adapters/memory/index.js';
import { createFiscalkit } from '../../src/service/fiscalkit.js';
import { storedAccount } from '../support/fixtures.js';

const N = 2000;
const RUNS = 3;
const ACCOUNT = 1;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

let received = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received += 1;
    response.writeHead(200).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const { port } = receiver.address() as AddressInfo;

async function run(): Promise<{ wall: number; cpu: number; perSecond: number }> {
  received = 0;
  const webhooks = httpWebhookTransport({ allowPrivate: true });
  const ports = memoryPorts({ clock: systemClock(), webhooks });
  await ports.store.accounts.insert(storedAccount({ id: ACCOUNT, name: 'Bench company', country: 'ES' }));
  const fiscalkit = createFiscalkit(ports, { base_url: 'https://api.example.test', sandbox: true });
  await fiscalkit.webHooks.create(ACCOUNT, {
    web_hook: { url: `http://127.0.0.1:${String(port)}/hooks`, events: ['tin_verification.finished'] },
  });
  for (let id = 1; id <= N; id += 1)
    await fiscalkit.publisher.publish(
      ACCOUNT,
      'tin_verification.finished',
      { id, status: 'success' },
      `tin:${String(id)}`,
    );

  const start = performance.now();
  const startCpu = process.cpuUsage();
  await fiscalkit.worker.drain();
  const used = process.cpuUsage(startCpu);
  const wall = performance.now() - start;
  webhooks.close();

  const deliveries = await fiscalkit.webHooks.deliveries(ACCOUNT, { offset: 0, limit: N });
  const delivered = deliveries.items.filter((delivery) => delivery.status === 'delivered').length;
  if (received !== N || delivered !== N || deliveries.total_count !== N)
    throw new Error(
      `bench run wrong: ${String(received)} received, ${String(delivered)} of ${String(deliveries.total_count)} delivered`,
    );
  // money-safe: timings in milliseconds and a rate.
  return { wall, cpu: (used.user + used.system) / 1000, perSecond: (N * 1000) / wall };
}

const results: { wall: number; cpu: number; perSecond: number }[] = [];
for (let index = 0; index < RUNS; index += 1) results.push(await run());
receiver.close();

console.log(`\nissue #23 webhooks over real HTTP (load average ${loadavg()[0]?.toFixed(1) ?? '?'})`);
console.log('| measure | median of 3 | runs |');
console.log('|---|---|---|');
const line = (name: string, pick: (result: (typeof results)[number]) => number, unit: string, digits = 0) =>
  console.log(
    `| ${name} | ${median(results.map(pick)).toFixed(digits)} ${unit} | ${results.map((result) => pick(result).toFixed(digits)).join(', ')} |`,
  );
line(
  `deliveries per second (${String(N)} events, one subscription, loopback receiver)`,
  (r) => r.perSecond,
  '/s',
);
line(`wall time to deliver ${String(N)}`, (r) => r.wall, 'ms');
line(`CPU time to deliver ${String(N)}`, (r) => r.cpu, 'ms');
