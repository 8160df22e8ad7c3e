// Verifies 1,000 Spanish TINs and receives the signed `tin_verification.finished` webhook on a local
// HTTP receiver that checks the signature (spec §3.1, §4.3, §6; api-notes.md §5.3).
// Run it with `npm run example:tin-webhook`.
//
// - fiscalkit runs on in-memory ports (`fiscalkit/memory`) with a memory census that knows some of
//   the NIFs, the system clock (signatures carry real Unix seconds, which the receiver checks against
//   its own clock), and the real webhook transport of `fiscalkit/webhooks` (`httpWebhookTransport`), so
//   the delivery really goes over HTTP. The receiver is on loopback, which the SSRF guard refuses
//   outside a sandbox (issue #23): the transport allows private addresses and the service runs as a
//   sandbox (`createFiscalkit(ports, { sandbox: true })`).
// - The receiver is a `node:http` server on 127.0.0.1 (a free port). It verifies
//   `X-B2Brouter-Signature` with `verifyWebhookSignature` over the RAW body, before any JSON parsing,
//   and answers 204 when the signature holds, 400 otherwise.
// - `worker.drain()` runs the verification job, which publishes the event, and then the delivery job,
//   which posts it.
// The exit code is 1 if the counts are not the expected ones or the webhook did not arrive verified.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Caller,
  checkSpanishTin,
  createFiscalkit,
  LATEST_API_VERSION,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
} from 'fiscalkit';
import { type CensusEntry, memoryPorts, systemClock } from 'fiscalkit/memory';
import { httpWebhookTransport } from 'fiscalkit/webhooks';

// ─── 1,000 TINs: valid DNIs, NIEs and CIFs, and near misses ─────────────────────────────────────────

/** The DNI / NIE control letters, indexed by the number modulo 23 (es-tin.md §2). */
const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

function dni(number: number): string {
  return `${String(number).padStart(8, '0')}${LETTERS[number % 23]}`;
}

/** An NIE: X, Y, Z stand for 0, 1, 2 in front of the seven digits when the letter is computed. */
function nie(prefix: 'X' | 'Y' | 'Z', number: number): string {
  const value = 'XYZ'.indexOf(prefix) * 10_000_000 + number;
  return `${prefix}${String(number).padStart(7, '0')}${LETTERS[value % 23]}`;
}

/** A CIF of a limited company (B): the control digit of its seven digits (es-tin.md §2). */
function cif(number: number): string {
  const digits = String(number).padStart(7, '0');
  let sum = 0;
  for (const [index, char] of [...digits].entries()) {
    const digit = Number(char);
    // Odd positions (1st, 3rd, …) are doubled and their digits added; even positions are added.
    sum += index % 2 === 0 ? Math.floor((digit * 2) / 10) + ((digit * 2) % 10) : digit;
  }
  return `B${digits}${String((10 - (sum % 10)) % 10)}`;
}

/** A near miss: the same TIN with its control character changed. */
function misspelt(tin: string): string {
  const last = tin.at(-1) ?? '';
  const wrong = /\d/.test(last) ? String((Number(last) + 1) % 10) : LETTERS[(LETTERS.indexOf(last) + 1) % 23];
  return `${tin.slice(0, -1)}${wrong}`;
}

const pairs: { tin: string; name: string }[] = [];
for (let index = 0; index < 1000; index++) {
  const n = 1_000_003 + index * 7919; // spread the numbers out
  const name = `Contribuyente ${String(index)}`;
  switch (index % 5) {
    case 0:
      pairs.push({ tin: dni(n * 7), name });
      break;
    case 1:
      pairs.push({ tin: nie((['X', 'Y', 'Z'] as const)[index % 3] ?? 'X', n % 10_000_000), name });
      break;
    case 2:
      pairs.push({ tin: cif(n % 10_000_000), name });
      break;
    case 3:
      pairs.push({ tin: misspelt(dni(n * 3)), name }); // a wrong control letter
      break;
    default:
      // Written as people write them: with the ES prefix, spaces and dashes, lower case.
      pairs.push({
        tin: `es ${dni(n * 5).slice(0, 4)}-${dni(n * 5)
          .slice(4)
          .toLowerCase()}`,
        name,
      });
  }
}

// The census knows every fourth well-formed TIN, under its own (upper-case) name.
const census: CensusEntry[] = [];
let expectedValid = 0;
for (const pair of pairs) {
  const tin = checkSpanishTin(pair.tin);
  if (!tin.valid) continue;
  if (expectedValid % 4 === 0) census.push({ nif: tin.compact, name: pair.name.toUpperCase() });
  expectedValid += 1;
}

// ─── The receiver ──────────────────────────────────────────────────────────────────────────────────

interface Received {
  valid: boolean;
  why: string;
  header: string | null;
  body: string;
}

const received: Received[] = [];
/** The subscription's secret, known once the web hook is created. */
let secret = '';

async function rawBody(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

const server: Server = createServer((request, response) => {
  void (async () => {
    const body = await rawBody(request);
    const signature = request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
    const header = typeof signature === 'string' ? signature : null;
    // The MAC covers the raw bytes as sent: verify them before parsing (a re-serialized body differs).
    const check = await verifyWebhookSignature(body, header, secret);
    received.push({
      valid: check.valid,
      why: check.valid ? `signed at t=${String(check.timestamp)}` : `${check.code}: ${check.message}`,
      header,
      body: new TextDecoder().decode(body),
    });
    response.writeHead(check.valid ? 204 : 400).end();
  })().catch((error: unknown) => {
    received.push({ valid: false, why: String(error), header: null, body: '' });
    response.writeHead(500).end();
  });
});

await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
const hookUrl = `http://127.0.0.1:${String(port)}/hooks/fiscalkit`;

// ─── fiscalkit ─────────────────────────────────────────────────────────────────────────────────────

let failures = 0;
function check(what: string, ok: boolean): void {
  if (!ok) {
    failures += 1;
    console.log(`FAILED: ${what}`);
  }
}

// The memory transport (which records requests and never posts) is replaced by the real one.
const webhooks = httpWebhookTransport({ allowPrivate: true });
try {
  const ports = memoryPorts({ clock: systemClock(), census: { entries: census }, webhooks });
  const fiscalkit = createFiscalkit(ports, { sandbox: true });

  const caller: Caller = { group_id: 1, api_version: LATEST_API_VERSION };
  const account = await fiscalkit.accounts.create(caller, {
    name: 'ACME Servicios SL',
    country: 'ES',
    tin_scheme: '9920',
    tin_value: 'B12345674',
  });
  const hook = await fiscalkit.webHooks.create(account.id, {
    web_hook: { url: hookUrl, events: ['tin_verification.finished'] },
  });
  secret = hook.secret;

  // As the HTTP binding does it (POST /tin_verifications names no account): the verification belongs
  // to the caller's group, and its finished event is announced to the group's account.
  const accepted = await fiscalkit.tinVerifications.create(
    caller.group_id,
    { country: 'es', body: pairs },
    { notify_account_ids: [account.id] },
  );
  console.log(`TIN verification ${String(accepted.id)} ${accepted.status}: ${String(pairs.length)} TINs`);

  const jobs = await fiscalkit.worker.drain();
  const verification = await fiscalkit.tinVerifications.get(caller.group_id, accepted.id);
  const formatValid = verification.results.filter((result) => result.tin_format_valid).length;
  const matched = verification.results.filter((result) => result.census_match).length;
  console.log(
    `${String(jobs)} jobs ran; verification ${verification.status}: ${String(verification.results.length)} results, ` +
      `${String(formatValid)} format-valid, ${String(verification.results.length - formatValid)} format-invalid, ` +
      `${String(matched)} census matches`,
  );
  check('the verification succeeded', verification.status === 'success');
  check('one result per TIN', verification.results.length === pairs.length);
  check(`${String(expectedValid)} format-valid TINs`, formatValid === expectedValid);
  check(`${String(census.length)} census matches`, matched === census.length);
  const sample = verification.results.find((result) => result.census_match);
  if (sample !== undefined)
    console.log(`e.g. ${sample.tin} → ${sample.normalized_tin} "${sample.name}" (census match)`);

  // The receiver's view: exactly one delivery, signed, carrying this verification.
  const [delivery] = received;
  check('exactly one webhook received', received.length === 1);
  if (delivery !== undefined) {
    const event = JSON.parse(delivery.body) as {
      id: number;
      code: string;
      data: { id: number; status: string };
    };
    console.log(`webhook received: ${event.code} ${JSON.stringify(event.data)} (${delivery.why})`);
    check(`the signature holds (${delivery.why})`, delivery.valid);
    check('the event is tin_verification.finished', event.code === 'tin_verification.finished');
    check(
      'the event names the verification',
      event.data.id === accepted.id && event.data.status === 'success',
    );
    if (delivery.valid) console.log('signature verified');

    // The same delivery with its body changed is refused: the check is not a formality.
    const forged = await fetch(hookUrl, {
      method: 'POST',
      headers: { [WEBHOOK_SIGNATURE_HEADER]: delivery.header ?? '' },
      body: delivery.body.replace('"success"', '"failed"'),
    });
    console.log(`forged delivery answered ${String(forged.status)}: ${received.at(-1)?.why ?? ''}`);
    check('a forged delivery is refused', forged.status === 400);
  }

  // fiscalkit's side: the delivery is recorded as delivered with the receiver's status.
  const deliveries = await fiscalkit.webHooks.deliveries(account.id, { offset: 0, limit: 10 });
  const statuses = deliveries.items.map(
    (item) => `${item.status} (${item.attempts.map((a) => a.status_code).join(', ')})`,
  );
  console.log(`deliveries: ${statuses.join('; ')}`);
  check(
    'fiscalkit recorded one delivered delivery',
    deliveries.items.length === 1 && deliveries.items[0]?.status === 'delivered',
  );
} finally {
  webhooks.close();
  server.close();
}

console.log(failures === 0 ? 'TIN webhook example passed' : `${String(failures)} checks failed`);
if (failures > 0) process.exitCode = 1;
