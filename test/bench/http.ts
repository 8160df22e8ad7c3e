// `npm run bench:http` (issue #8): autocannon on loopback against the reference HTTP binding.
// Targets on 2 cores: POST /accounts/{account}/invoices with 10 lines ≥ 1,500 requests/s with p99
// < 50 ms; GET /invoices/{id} ≥ 4,000 requests/s. The server runs in its own process.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { BENCH_HEADERS, benchInvoiceBody } from './httpWorkload.js';

const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? '10'); // money-safe: seconds
async function call(base: string, method: string, path: string, body?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: BENCH_HEADERS,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${String(response.status)} ${text}`);
  return JSON.parse(text);
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('./httpServer.ts', import.meta.url).pathname],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
try {
  const [chunk] = (await once(server.stdout, 'data')) as [Buffer];
  const port = /ready (\d+)/.exec(chunk.toString())?.[1];
  if (port === undefined) throw new Error(`the server said: ${chunk.toString()}`);
  const base = `http://127.0.0.1:${port}`;
  const account = (
    await call(
      base,
      'POST',
      '/accounts',
      JSON.stringify({
        account: { name: 'Bench SL', country: 'ES', tin_scheme: '9920', tin_value: 'B12345674' },
      }),
    )
  ).account.id;
  const invoice = (await call(base, 'POST', `/accounts/${String(account)}/invoices`, benchInvoiceBody(0)))
    .invoice.id;

  let number = 1;
  const create = await run({
    url: `${base}/accounts/${String(account)}/invoices`,
    method: 'POST',
    headers: BENCH_HEADERS,
    connections: 16,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: benchInvoiceBody(number++) }),
      },
    ],
  });
  const read = await run({
    url: `${base}/invoices/${String(invoice)}`,
    method: 'GET',
    headers: BENCH_HEADERS,
    connections: 16,
    duration: DURATION_S,
  });
  const rows = [
    ['POST /accounts/{account}/invoices (10 lines)', create, '≥ 1,500 req/s, p99 < 50 ms'],
    ['GET /invoices/{id}', read, '≥ 4,000 req/s'],
  ] as const;
  console.log('\nHTTP benchmark (autocannon, 16 connections, loopback)\n');
  console.log('| endpoint | req/s (mean) | p50 ms | p99 ms | non-2xx | target |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, result, target] of rows)
    console.log(
      `| ${name} | ${result.requests.average.toFixed(0)} | ${String(result.latency.p50)} | ${String(result.latency.p99)} | ${String(result.non2xx)} | ${target} |`,
    );
} finally {
  server.kill('SIGTERM');
}
