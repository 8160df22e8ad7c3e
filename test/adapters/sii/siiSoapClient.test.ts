/**
 * The real SII client against the local protocol simulator (test/support/siiSoapSimulator.ts, written
 * from AEAT's WSDLs and schemas): mutual TLS with throwaway certificates made by the openssl CLI, the
 * service and SOAPAction per book, the answer read by `parseSiiResponse`, and how failures map to
 * retryable and non-retryable `TaxAuthorityError`s.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiiSoapResponse } from '../../../src/adapters/sii/envelope.js';
import { faultError, networkError, statusError } from '../../../src/adapters/sii/failures.js';
import { siiSoapClientFromEnv } from '../../../src/adapters/sii/fromEnv.js';
import { SII_OPERATIONS } from '../../../src/adapters/sii/services.js';
import { siiSoapClient } from '../../../src/adapters/sii/siiSoapClient.js';
import { TaxAuthorityError } from '../../../src/ports.js';
import { parseSiiResponse } from '../../../src/sii/import/response.js';
import { describeTaxAuthorityContract } from '../../contracts/taxAuthority.js';
import { hasShared } from '../../support/shared.js';
import { builtSiiMessage, SII_BOOK_KINDS } from '../../support/siiMessages.js';
import { type SiiSoapSimulator, startSiiSoapSimulator } from '../../support/siiSoapSimulator.js';
import { compileSchema, formatXsdErrors, validateWith } from '../../support/xsd.js';

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const ready = hasOpenssl() && hasShared;
const why = !hasShared
  ? 'shared/ (the SII schemas) is absent'
  : 'the openssl CLI is absent (bash .ci/documentTools.sh installs it)';

interface Pki {
  dir: string;
  ca: string;
  serverKey: string;
  serverCert: string;
  clientKey: string;
  clientCert: string;
  clientP12: Buffer;
  legacyP12: Buffer;
  rogueKey: string;
  rogueCert: string;
}

/** A CA, a server certificate for 127.0.0.1, a client certificate (PEM and PKCS#12), and a rogue client. */
function createPki(): Pki {
  const dir = mkdtempSync(join(tmpdir(), 'sii-pki-'));
  const at = (name: string) => join(dir, name);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  writeFileSync(at('server.ext'), 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  writeFileSync(at('client.ext'), 'extendedKeyUsage=clientAuth\n');
  for (const ca of ['ca', 'rogue-ca'])
    ssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${ca}.key`,
      '-out',
      `${ca}.pem`,
      '-days',
      '2',
      '-subj',
      `/CN=${ca}`,
    );
  const issue = (name: string, subject: string, ca: string, ext: string) => {
    ssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      subject,
    );
    ssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-extfile',
      ext,
    );
  };
  issue('server', '/CN=127.0.0.1', 'ca', 'server.ext');
  issue('client', '/CN=TEST COMPANY - U2687761C', 'ca', 'client.ext');
  issue('rogue', '/CN=ROGUE', 'rogue-ca', 'client.ext');
  ssl(
    'pkcs12',
    '-export',
    '-inkey',
    'client.key',
    '-in',
    'client.pem',
    '-out',
    'client.p12',
    '-passout',
    'pass:secreto',
  );
  ssl(
    'pkcs12',
    '-export',
    '-legacy',
    '-inkey',
    'client.key',
    '-in',
    'client.pem',
    '-out',
    'legacy.p12',
    '-passout',
    'pass:secreto',
  );
  const text = (name: string) => readFileSync(at(name), 'utf8');
  return {
    dir,
    ca: text('ca.pem'),
    serverKey: text('server.key'),
    serverCert: text('server.pem'),
    clientKey: text('client.key'),
    clientCert: text('client.pem'),
    clientP12: readFileSync(at('client.p12')),
    legacyP12: readFileSync(at('legacy.p12')),
    rogueKey: text('rogue.key'),
    rogueCert: text('rogue.pem'),
  };
}

let madePki: Pki | undefined;

/** The test PKI, made once per file (openssl takes a few seconds on a busy machine). */
function makePki(): Pki {
  madePki ??= createPki();
  return madePki;
}

afterAll(() => {
  if (madePki !== undefined) rmSync(madePki.dir, { recursive: true, force: true });
});

if (!ready)
  describe('siiSoapClient against the SII protocol simulator', () => {
    it.skip(`skipped: ${why}`, () => undefined);
  });

/** Rejects with the thrown `TaxAuthorityError` (fails the test if something else happens). */
async function failure(promise: Promise<unknown>): Promise<TaxAuthorityError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TaxAuthorityError);
  return error as TaxAuthorityError;
}

describe.skipIf(!ready)('siiSoapClient against the SII protocol simulator', () => {
  let pki: Pki;
  let simulator: SiiSoapSimulator;
  const clients: { close(): void }[] = [];
  const client = (options: Partial<Parameters<typeof siiSoapClient>[0]> = {}) => {
    const made = siiSoapClient({
      endpoint: simulator.origin,
      key: pki.clientKey,
      cert: pki.clientCert,
      ca: pki.ca,
      timeout_ms: 30_000,
      ...options,
    });
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    pki = makePki();
    simulator = await startSiiSoapSimulator({ key: pki.serverKey, cert: pki.serverCert, ca: pki.ca });
  }, 60_000);

  afterAll(async () => {
    for (const made of clients) made.close();
    await simulator?.close();
  });

  // The port's contract suite, every book and kind, through TLS, SOAP and the simulator.
  describeTaxAuthorityContract('siiSoapClient → SII protocol simulator', () => client());

  it('submits issued invoices and parseSiiResponse reads Correcto with every record', async () => {
    const message = builtSiiMessage('Expedida', 'alta', 2);
    const before = simulator.requests.length;
    const { xml } = await client().submit({ ledger_id: 1, xml: message });

    const seen = simulator.requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      path: '/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP',
      soap_action: '""',
      content_type: 'text/xml; charset=UTF-8',
      outcome: 'answer',
    });
    expect(seen[0]?.body_element).toMatch(/\/SuministroLR\.xsd\}SuministroLRFacturasEmitidas$/);

    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml).not.toContain('Envelope');
    const parsed = parseSiiResponse(xml);
    if (!parsed.success) throw new Error(JSON.stringify(parsed.issues));
    expect(parsed.data.submission_status).toBe('Correcto');
    expect(parsed.data.state).toBe('accepted');
    expect(parsed.data.csv).toMatch(/^[A-Z0-9]{16}$/);
    expect(parsed.data.records.map((record) => [record.invoice_number, record.status, record.state])).toEqual(
      [
        ['2026-A-000123-1', 'Correcto', 'registered'],
        ['2026-A-000123-2', 'Correcto', 'registered'],
      ],
    );
  });

  it('answers documents that are valid against RespuestaSuministro.xsd, every book and kind', async () => {
    const schema = compileSchema('sii/RespuestaSuministro.xsd');
    try {
      for (const [book, kind] of SII_BOOK_KINDS) {
        const { xml } = await client().submit({ ledger_id: 2, xml: builtSiiMessage(book, kind, 2) });
        const verdict = validateWith(schema, xml);
        expect(verdict.valid, `${book} ${kind}: ${formatXsdErrors(verdict)}`).toBe(true);
      }
      // and an invalid one is refused: the validation can fail
      const { xml } = await client().submit({ ledger_id: 2, xml: builtSiiMessage('Recibida', 'alta', 1) });
      expect(validateWith(schema, xml.replace('>Correcto<', '>Perfecto<')).valid).toBe(false);
    } finally {
      schema.dispose();
    }
  });

  it.each([
    ['Expedida', 'baja', 'RespuestaLRBajaFacturasEmitidas', '/fe/SiiFactFEV1SOAP'],
    ['Recibida', 'alta', 'RespuestaLRFacturasRecibidas', '/fr/SiiFactFRV1SOAP'],
    ['Recibida', 'baja', 'RespuestaLRBajaFacturasRecibidas', '/fr/SiiFactFRV1SOAP'],
    ['Inversion', 'alta', 'RespuestaLRBienesInversion', '/bi/SiiFactBIV1SOAP'],
    ['Intracomunitaria', 'alta', 'RespuestaLRDetOperacionesIntracomunitarias', '/oi/SiiFactOIV1SOAP'],
    ['CobrosEmitidas', 'alta', 'RespuestaLRCobrosEmitidas', '/fe/SiiFactCOBV1SOAP'],
    ['PagosRecibidas', 'alta', 'RespuestaLRPagosRecibidas', '/fr/SiiFactPAGV1SOAP'],
    ['Metalico', 'alta', 'RespuestaLRCobrosMetalico', '/pm/SiiFactCMV1SOAP'],
    ['Seguros', 'baja', 'RespuestaLRBajaOperacionesSeguros', '/pm/SiiFactCMV1SOAP'],
    ['AgenciasViajes', 'alta', 'RespuestaLRAgenciasViajes', '/pm/SiiFactCMV1SOAP'],
  ] as const)('routes a %s %s message to its WSDL service and reads %s', async (book, kind, root, path) => {
    const { xml } = await client().submit({ ledger_id: 3, xml: builtSiiMessage(book, kind, 2) });
    expect(simulator.requests.at(-1)?.path).toBe(`/wlpl/SSII-FACT/ws${path}`);
    expect(xml).toContain(`<siiR:${root}`);
    const parsed = parseSiiResponse(xml);
    if (!parsed.success) throw new Error(JSON.stringify(parsed.issues));
    expect(parsed.data.records).toHaveLength(2);
    expect(parsed.data.state).toBe('accepted');
  });

  it('sends a message that is already a SOAP envelope as it stands', async () => {
    const bare = builtSiiMessage('Expedida', 'alta', 1).replace(/^<\?xml[^>]*\?>\s*/, '');
    const wrapped = `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>${bare}</s:Body></s:Envelope>`;
    const { xml } = await client().submit({ ledger_id: 4, xml: wrapped });
    expect(parseSiiResponse(xml).success).toBe(true);
  });

  it('authenticates with a PKCS#12 file, current and legacy encryption', async () => {
    for (const pfx of [pki.clientP12, pki.legacyP12]) {
      const { xml } = await client({ key: undefined, cert: undefined, pfx, passphrase: 'secreto' }).submit({
        ledger_id: 5,
        xml: builtSiiMessage('Expedida', 'alta', 1),
      });
      expect(parseSiiResponse(xml).success).toBe(true);
    }
  });

  it('a PKCS#12 file with a wrong passphrase is a configuration error: not retryable', async () => {
    const before = simulator.requests.length;
    const error = await failure(
      client({ key: undefined, cert: undefined, pfx: pki.clientP12, passphrase: 'wrong' }).submit({
        ledger_id: 6,
        xml: builtSiiMessage('Expedida', 'alta', 1),
      }),
    );
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('PKCS#12');
    expect(simulator.requests.length).toBe(before);
  });

  it('the simulator refuses a TLS connection without a client certificate', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: Number(new URL(simulator.origin).port), ca: pki.ca });
      socket.on('secureConnect', () =>
        socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n'),
      );
      socket.on('data', () => resolve('answered'));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      socket.on('close', () => resolve('closed'));
    });
    expect(outcome).not.toBe('answered');
  });

  it('a connection refused for want of a client certificate (a TLS alert) is not retryable', async () => {
    // The real error Node gives a client without a certificate: the server's TLS 1.3 alert 116
    // (certificate_required), read the same way every time.
    const url = `${simulator.origin}/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP`;
    const before = simulator.requests.length;
    const thrown = await new Promise<unknown>((resolve) => {
      const req = request(url, { method: 'POST', ca: pki.ca, agent: false }, (res) => {
        res.resume();
        resolve(null);
      });
      req.on('error', resolve);
      req.end(builtSiiMessage('Expedida', 'alta', 1));
    });
    expect((thrown as NodeJS.ErrnoException | null)?.code).toBe('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED');
    const error = networkError(thrown, url);
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/refused for a certificate/);
    expect(simulator.requests.length).toBe(before);
  });

  it('a client certificate the server drops without an alert: nothing is posted, and it looks like a reset', async () => {
    // Node's TLS server checks the client's chain after the TLS 1.3 handshake and closes the socket
    // without an alert: the client sees a reset it cannot tell from a network failure, so retryable
    // (docs/sii-client.md "Errors"). A server that sends an alert (bad_certificate, unknown_ca) is not.
    const before = simulator.requests.length;
    const error = await failure(
      client({ key: pki.rogueKey, cert: pki.rogueCert }).submit({
        ledger_id: 7,
        xml: builtSiiMessage('Expedida', 'alta', 1),
      }),
    );
    expect(error.message).toMatch(/ECONNRESET|ERR_SSL_/);
    expect(error.retryable).toBe(!error.message.includes('ERR_SSL_'));
    expect(simulator.requests.length).toBe(before);
  });

  it('a server certificate not issued by a trusted CA is not retryable', async () => {
    const error = await failure(
      client({ ca: undefined }).submit({ ledger_id: 8, xml: builtSiiMessage('Expedida', 'alta', 1) }),
    );
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/certificate/);
  });

  it('a schema-invalid message gets a Client SOAP Fault: not retryable, with AEAT-style text', async () => {
    const invalid = builtSiiMessage('Expedida', 'alta', 1).replace(
      '<sii:TipoFactura>F1<',
      '<sii:TipoFactura>F9<',
    );
    const error = await failure(client().submit({ ledger_id: 9, xml: invalid }));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('faultcode env:Client');
    expect(error.message).toContain('Codigo[4102]');
    expect(simulator.requests.at(-1)?.outcome).toBe('fault');
  });

  it('HTTP 503 is retryable, and the next submission goes through', async () => {
    simulator.failNext(503);
    const error = await failure(
      client().submit({ ledger_id: 10, xml: builtSiiMessage('Expedida', 'alta', 1) }),
    );
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('HTTP 503');
    const { xml } = await client().submit({ ledger_id: 10, xml: builtSiiMessage('Expedida', 'alta', 1) });
    expect(parseSiiResponse(xml).success).toBe(true);
  });

  it('no answer by the deadline is retryable', async () => {
    simulator.hangNext();
    const error = await failure(
      client({ timeout_ms: 500 }).submit({ ledger_id: 10, xml: builtSiiMessage('Expedida', 'alta', 1) }),
    );
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('within 500 ms');
    expect(simulator.requests.at(-1)?.outcome).toBe(0);
  });

  it('HTTP 403 is not retryable', async () => {
    simulator.failNext(403);
    const error = await failure(
      client().submit({ ledger_id: 11, xml: builtSiiMessage('Expedida', 'alta', 1) }),
    );
    expect(error.retryable).toBe(false);
  });

  it('a book whose WSDL has no URL in the map is refused before anything is sent', async () => {
    const only = {
      [SII_OPERATIONS.SuministroLRFacturasEmitidas?.wsdl ?? '']:
        `${simulator.origin}/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP`,
    };
    const mapped = client({ endpoint: only });
    expect(
      parseSiiResponse(
        (await mapped.submit({ ledger_id: 12, xml: builtSiiMessage('Expedida', 'alta', 1) })).xml,
      ).success,
    ).toBe(true);
    const error = await failure(
      mapped.submit({ ledger_id: 12, xml: builtSiiMessage('Recibida', 'alta', 1) }),
    );
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('SuministroFactRecibidas.wsdl');
  });

  it('a document that is not an SII message is refused without a request', async () => {
    const before = simulator.requests.length;
    const error = await failure(client().submit({ ledger_id: 13, xml: '<Factura xmlns="urn:x"/>' }));
    expect(error.retryable).toBe(false);
    expect(simulator.requests.length).toBe(before);
  });
});

describe('siiSoapClient without a server', () => {
  it('a key that is not a key is a configuration error, found before connecting', async () => {
    // a port that was free a moment ago: nothing listens on it now
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
      });
    });
    const made = siiSoapClient({ endpoint: `https://127.0.0.1:${String(port)}`, key: 'k', cert: 'c' });
    // the key is not a key: that is a configuration error, found before connecting
    const error = await failure(made.submit({ ledger_id: 1, xml: builtSiiMessage('Expedida', 'alta', 1) }));
    expect(error.retryable).toBe(false);
  });

  it('refuses options that cannot work', () => {
    expect(() => siiSoapClient({ endpoint: 'test' })).toThrow(/client certificate/);
    expect(() => siiSoapClient({ endpoint: 'http://127.0.0.1:1', key: 'k', cert: 'c' })).toThrow(/https/);
    expect(() => siiSoapClient({ endpoint: 'staging', key: 'k', cert: 'c' })).toThrow(/neither/);
  });
});

describe.skipIf(!ready)('siiSoapClient network failures', () => {
  it('a refused connection is retryable', async () => {
    const pki = makePki();
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
      });
    });
    const made = siiSoapClient({
      endpoint: `https://127.0.0.1:${String(port)}`,
      key: pki.clientKey,
      cert: pki.clientCert,
    });
    const error = await failure(made.submit({ ledger_id: 1, xml: builtSiiMessage('Expedida', 'alta', 1) }));
    made.close();
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('ECONNREFUSED');
  }, 60_000);
});

describe('SOAP Faults and HTTP statuses', () => {
  it('a Server fault is retryable, a Client fault or an unknown one is not', () => {
    const fault = (code: string, kind: string) =>
      faultError({ code, kind, faultstring: 'x', detail: '' }, 500);
    expect(fault('env:Server', 'Server').retryable).toBe(true);
    expect(fault('soapenv:Server.Busy', 'Server').retryable).toBe(true);
    expect(fault('env:Client', 'Client').retryable).toBe(false);
    expect(fault('env:VersionMismatch', 'VersionMismatch').retryable).toBe(false);
    expect(fault('x:Whatever', 'Whatever').retryable).toBe(false);
  });

  it('reads the fault code, string and detail of a Fault envelope', () => {
    const answer = readSiiSoapResponse(
      '<?xml version="1.0"?><e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Body><e:Fault>' +
        '<faultcode>e:Server.Busy</faultcode><faultstring>Codigo[-1].No identificado</faultstring>' +
        '<detail><x:why xmlns:x="urn:x">  busy\n now </x:why></detail></e:Fault></e:Body></e:Envelope>',
    );
    expect(answer).toEqual({
      type: 'fault',
      fault: {
        code: 'e:Server.Busy',
        kind: 'Server',
        faultstring: 'Codigo[-1].No identificado',
        detail: 'busy now',
      },
    });
  });

  it.each([
    [500, true],
    [502, true],
    [503, true],
    [408, true],
    [429, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
  ])('HTTP %i without a SOAP answer: retryable %s', (status, retryable) => {
    expect(statusError(status, '').retryable).toBe(retryable);
  });
});

describe('siiSoapClientFromEnv', () => {
  it('is undefined when nothing is set', () => {
    expect(siiSoapClientFromEnv({})).toBeUndefined();
    expect(siiSoapClientFromEnv({ FISCALKIT_SII_ENDPOINT: '' })).toBeUndefined();
  });

  it('refuses half a configuration', () => {
    expect(() => siiSoapClientFromEnv({ FISCALKIT_SII_P12: '/x.p12' })).toThrow(/FISCALKIT_SII_ENDPOINT/);
    expect(() => siiSoapClientFromEnv({ FISCALKIT_SII_ENDPOINT: 'test' })).toThrow(/client certificate/);
    expect(() =>
      siiSoapClientFromEnv({ FISCALKIT_SII_ENDPOINT: 'test', FISCALKIT_SII_P12: '/nonexistent/x.p12' }),
    ).toThrow(/cannot be read/);
  });

  it.skipIf(!ready)(
    'builds a client from files',
    () => {
      const pki = makePki();
      const key = join(pki.dir, 'client.key');
      const cert = join(pki.dir, 'client.pem');
      const made = siiSoapClientFromEnv({
        FISCALKIT_SII_ENDPOINT: 'test',
        FISCALKIT_SII_KEY: key,
        FISCALKIT_SII_CERT: cert,
      });
      expect(made).toBeDefined();
      made?.close();
      expect(() =>
        siiSoapClientFromEnv({
          FISCALKIT_SII_ENDPOINT: 'test',
          FISCALKIT_SII_KEY: key,
          FISCALKIT_SII_CERT: cert,
          FISCALKIT_SII_TIMEOUT_MS: 'soon',
        }),
      ).toThrow(/TIMEOUT/);
    },
    60_000,
  );
});
