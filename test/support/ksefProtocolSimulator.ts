/**
 * A local KSeF 2.0 protocol simulator (issue #23 "each is tested against a local protocol simulator
 * that is written from the published OpenAPI"), written from CIRFMF/ksef-docs (open-api.json,
 * uwierzytelnianie.md, sesja-interaktywna.md, klucze-publiczne-do-szyfrowania.md,
 * faktury/weryfikacja-faktury.md, faktury/sesje/sesja-sprawdzenie-stanu-i-pobranie-upo.md) and never
 * from fiscalkit's client: it imports nothing from src/adapters/ksef.
 *
 * It serves the subset of `api.ksef.mf.gov.pl/v2` a KSeF-token client with online sessions uses. The
 * request bodies are checked against the OpenAPI's own schemas (test/fixtures/ksef/open-api-subset.json,
 * extracted from the published file). It makes its own RSA keys and self-signed "Ministerstwo
 * Finansów" certificates (node-forge), decrypts what the client encrypted (the KSeF token, the AES key,
 * the invoice), checks the hashes and sizes, checks the bearer token of every call, and answers with
 * the documented statuses: an invoice is 100 at its first status read and final at the next (200, 440
 * for a duplicate seller NIP + `RodzajFaktury` + `P_2`, 450 for a document that is not FA(3), 435 when
 * it does not decrypt).
 */
import {
  constants,
  createDecipheriv,
  createHash,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';

const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

interface Schema {
  $ref?: string;
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  items?: Schema;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  nullable?: boolean;
}

const OPENAPI = JSON.parse(
  readFileSync(new URL('../fixtures/ksef/open-api-subset.json', import.meta.url), 'utf8'),
) as { requestBodies: Record<string, Schema>; schemas: Record<string, Schema> };

/** The problems of `value` against an OpenAPI 3.0 schema (the keywords the subset uses). */
export function schemaProblems(value: unknown, schema: Schema, at = '$'): string[] {
  if (schema.$ref !== undefined) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = OPENAPI.schemas[name];
    return target === undefined ? [`${at}: unknown schema ${name}`] : schemaProblems(value, target, at);
  }
  if (value === null) return schema.nullable === true ? [] : [`${at}: null`];
  const problems = (schema.allOf ?? []).flatMap((part) => schemaProblems(value, part, at));
  switch (schema.type) {
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return [...problems, `${at}: not an object`];
      const record = value as Record<string, unknown>;
      for (const name of schema.required ?? [])
        if (!(name in record)) problems.push(`${at}.${name}: required`);
      for (const [name, sub] of Object.entries(schema.properties ?? {})) {
        if (name in record) problems.push(...schemaProblems(record[name], sub, `${at}.${name}`));
      }
      return problems;
    }
    case 'string':
      if (typeof value !== 'string') return [...problems, `${at}: not a string`];
      if (schema.minLength !== undefined && value.length < schema.minLength)
        problems.push(`${at}: too short`);
      if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at}: too long`);
      if (schema.enum !== undefined && !schema.enum.includes(value))
        problems.push(`${at}: not one of ${schema.enum}`);
      return problems;
    case 'integer':
      if (!Number.isInteger(value)) return [...problems, `${at}: not an integer`];
      if (schema.minimum !== undefined && (value as number) < schema.minimum)
        problems.push(`${at}: below minimum`);
      return problems;
    case 'boolean':
      return typeof value === 'boolean' ? problems : [...problems, `${at}: not a boolean`];
    case 'array':
      if (!Array.isArray(value)) return [...problems, `${at}: not an array`];
      return [
        ...problems,
        ...value.flatMap((item, i) =>
          schema.items ? schemaProblems(item, schema.items, `${at}[${i}]`) : [],
        ),
      ];
    default: {
      // allOf-only schemas carry `required` beside the allOf (OpenAPI request bodies).
      if (typeof value === 'object' && value !== null) {
        for (const name of schema.required ?? [])
          if (!(name in value)) problems.push(`${at}.${name}: required`);
      }
      return problems;
    }
  }
}

interface KeyPair {
  privateKey: string;
  certificate: string;
  publicKeyId: string;
  certificateId: string;
}

function keyPair(commonName: string): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'countryName', value: 'PL' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  const spki = Buffer.from(publicKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  return {
    privateKey,
    certificate: der.toString('base64'),
    // klucze-publiczne-do-szyfrowania.md §2: certificateId = SHA-256 of the certificate's DER,
    // publicKeyId = SHA-256 of the SubjectPublicKeyInfo's DER, both Base64.
    certificateId: createHash('sha256').update(der).digest('base64'),
    publicKeyId: createHash('sha256').update(spki).digest('base64'),
  };
}

function oaepDecrypt(pair: KeyPair, base64: string): Buffer {
  return privateDecrypt(
    { key: pair.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(base64, 'base64'),
  );
}

/** A 36-character reference number in KSeF's shape (`20250625-SO-2C3E6C8000-B4B3F7C6A9-4E`). */
function referenceNumber(kind: string): string {
  const hex = randomBytes(11).toString('hex').toUpperCase();
  return `20260101-${kind}-${hex.slice(0, 10)}-${hex.slice(10, 20)}-${hex.slice(20, 22)}`;
}

function sha256Base64(data: Buffer): string {
  return createHash('sha256').update(data).digest('base64');
}

interface SimInvoice {
  referenceNumber: string;
  ordinalNumber: number;
  invoiceHash: string;
  /** The final status, shown from the second status read on. */
  final: { code: number; description: string; details?: string[]; extensions?: Record<string, string> };
  ksefNumber: string | null;
  reads: number;
  upo: string | null;
  invoiceNumber: string | null;
}

interface SimSession {
  nip: string;
  key: Buffer;
  iv: Buffer;
  open: boolean;
  invoices: Map<string, SimInvoice>;
}

/** A request the simulator received (method, path, the bearer token). */
export interface SimRequest {
  method: string;
  path: string;
  bearer: string | null;
}

/** What the simulator was set up with. */
export interface KsefSimulatorOptions {
  /** KSeF tokens and the NIP context each may open. */
  tokens: Record<string, string>;
}

/** The running simulator. */
export interface KsefProtocolSimulator {
  baseUrl: string;
  /** Every invoice XML the simulator decrypted, as bytes, in order. */
  decrypted: Buffer[];
  requests: SimRequest[];
  /** The next `times` requests (any path) answer `status` (e.g. 503) with `Retry-After` when given. */
  failNext(status: number, times?: number, retryAfterSeconds?: number): void;
  /** Makes every access token issued so far invalid (as if it expired): the next call gets 401. */
  expireAccessTokens(): void;
  /** Closes every open session, as KSeF does at a session's `validUntil`. */
  closeAllSessions(): void;
  close(): Promise<void>;
}

/**
 * Starts the simulator on 127.0.0.1, on a free port.
 *
 * @example
 * ```ts
 * const sim = await startKsefProtocolSimulator({ tokens: { 'secret-token': '9999999999' } });
 * ```
 */
export async function startKsefProtocolSimulator(
  options: KsefSimulatorOptions,
): Promise<KsefProtocolSimulator> {
  const tokenKey = keyPair('Ministerstwo Finansów (KsefTokenEncryption, simulator)');
  const symmetricKey = keyPair('Ministerstwo Finansów (SymmetricKeyEncryption, simulator)');
  const challenges = new Map<string, number>();
  const authOperations = new Map<
    string,
    {
      operationToken: string;
      code: number;
      description: string;
      details: string[];
      nip: string;
      redeemed: boolean;
    }
  >();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const sessions = new Map<string, SimSession>();
  const registry = new Map<string, { sessionReferenceNumber: string; ksefNumber: string; upo: string }>();
  const decrypted: Buffer[] = [];
  const requests: SimRequest[] = [];
  let failing = { status: 0, times: 0, retryAfter: undefined as number | undefined };

  const validUntil = (ms: number): string => new Date(Date.now() + ms).toISOString();

  function problem(
    response: ServerResponse,
    status: number,
    code: number,
    description: string,
    details: string[] = [],
  ) {
    // The OpenAPI's `ExceptionResponse` (the default error format without `X-Error-Format`).
    send(response, status, {
      exception: {
        exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }],
        referenceNumber: null,
        serviceCode: 'simulator',
        timestamp: new Date().toISOString(),
      },
    });
  }

  function send(response: ServerResponse, status: number, body?: unknown, type = 'application/json') {
    response.statusCode = status;
    if (body === undefined) {
      response.end();
      return;
    }
    response.setHeader('content-type', type);
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  function checkBody(response: ServerResponse, operation: string, body: unknown): boolean {
    const schema = OPENAPI.requestBodies[operation];
    const problems = schema === undefined ? [`no schema for ${operation}`] : schemaProblems(body, schema);
    if (problems.length === 0) return true;
    problem(response, 400, 21405, 'Błąd walidacji danych wejściowych.', problems);
    return false;
  }

  function upoFor(session: string, nip: string, ksefNumber: string, invoice: SimInvoice): string {
    // The shape of faktury/upo/przyklady/v4-3/kontekst-nip/upo-faktura-kontekst-id-nip.xml.
    return [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">',
      '<NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów - symulator</NazwaPodmiotuPrzyjmujacego>',
      `<NumerReferencyjnySesji>${session}</NumerReferencyjnySesji>`,
      `<Uwierzytelnienie><IdKontekstu><Nip>${nip}</Nip></IdKontekstu></Uwierzytelnienie>`,
      '<NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej><KodFormularza>FA (3)</KodFormularza>',
      `<Dokument><NipSprzedawcy>${nip}</NipSprzedawcy><NumerKSeFDokumentu>${ksefNumber}</NumerKSeFDokumentu>`,
      `<NumerFaktury>${invoice.invoiceNumber ?? ''}</NumerFaktury>`,
      `<SkrotDokumentu>${invoice.invoiceHash}</SkrotDokumentu><TrybWysylki>Online</TrybWysylki></Dokument>`,
      '</Potwierdzenie>',
    ].join('\n');
  }

  function judge(session: SimSession, sessionRef: string, plain: Buffer, invoice: SimInvoice): void {
    const xml = plain.toString('utf8');
    if (!xml.includes(`xmlns="${FA3_NAMESPACE}"`) || !/<Faktura[\s>]/.test(xml)) {
      invoice.final = {
        code: 450,
        description: 'Błąd weryfikacji semantyki dokumentu faktury',
        details: [`the document is not FA(3) (namespace ${FA3_NAMESPACE})`],
      };
      return;
    }
    const seller = /<Podmiot1>[\s\S]*?<NIP>(\d+)<\/NIP>/.exec(xml)?.[1] ?? '';
    const kind = /<RodzajFaktury>([^<]+)</.exec(xml)?.[1] ?? '';
    const number = /<P_2>([^<]+)</.exec(xml)?.[1] ?? '';
    invoice.invoiceNumber = number;
    // faktury/weryfikacja-faktury.md "Unikalność faktury": seller NIP + RodzajFaktury + P_2.
    const identity = `${seller}|${kind}|${number}`;
    const original = registry.get(identity);
    if (original !== undefined) {
      invoice.final = {
        code: 440,
        description: 'Duplikat faktury',
        extensions: {
          originalSessionReferenceNumber: original.sessionReferenceNumber,
          originalKsefNumber: original.ksefNumber,
        },
      };
      return;
    }
    const hex = randomBytes(7).toString('hex').toUpperCase();
    const ksefNumber = `${seller}-20260101-${hex.slice(0, 12)}-${hex.slice(12, 14)}`;
    invoice.final = { code: 200, description: 'Sukces' };
    invoice.ksefNumber = ksefNumber;
    invoice.upo = upoFor(sessionRef, session.nip, ksefNumber, invoice);
    registry.set(identity, { sessionReferenceNumber: sessionRef, ksefNumber, upo: invoice.upo });
  }

  async function handle(request: IncomingMessage, response: ServerResponse, raw: string): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/v2/, '');
    const auth = request.headers.authorization;
    const bearer = auth?.startsWith('Bearer ') ? auth.slice(7) : null;
    requests.push({ method: request.method ?? '', path, bearer });
    if (failing.times > 0) {
      failing.times -= 1;
      if (failing.retryAfter !== undefined) response.setHeader('retry-after', String(failing.retryAfter));
      send(response, failing.status, {
        status: { code: failing.status, description: 'simulated', details: [] },
      });
      return;
    }
    let body: unknown;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        problem(response, 400, 21405, 'Błąd walidacji danych wejściowych.', ['body is not JSON']);
        return;
      }
    }
    const route = `${request.method} ${path}`;
    let match: RegExpExecArray | null;

    if (route === 'GET /security/public-key-certificates') {
      const entry = (pair: KeyPair, usage: string) => ({
        certificate: pair.certificate,
        certificateId: pair.certificateId,
        publicKeyId: pair.publicKeyId,
        validFrom: new Date(Date.now() - 86_400_000).toISOString(),
        validTo: validUntil(365 * 86_400_000),
        usage: [usage],
      });
      send(response, 200, [
        entry(tokenKey, 'KsefTokenEncryption'),
        entry(symmetricKey, 'SymmetricKeyEncryption'),
      ]);
      return;
    }
    if (route === 'POST /auth/challenge') {
      const challenge = referenceNumber('CR');
      const timestampMs = Date.now();
      challenges.set(challenge, timestampMs);
      send(response, 200, {
        challenge,
        timestamp: new Date(timestampMs).toISOString(),
        timestampMs,
        clientIp: '127.0.0.1',
      });
      return;
    }
    if (route === 'POST /auth/ksef-token') {
      if (!checkBody(response, 'POST /auth/ksef-token', body)) return;
      const init = body as {
        challenge: string;
        contextIdentifier: { type: string; value: string };
        encryptedToken: string;
        publicKeyId?: string;
      };
      const timestampMs = challenges.get(init.challenge);
      if (timestampMs === undefined)
        return problem(response, 400, 21401, 'Nieprawidłowe wyzwanie autoryzacyjne.');
      challenges.delete(init.challenge);
      if (init.publicKeyId !== undefined && init.publicKeyId !== tokenKey.publicKeyId) {
        return problem(
          response,
          400,
          21470,
          'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.',
        );
      }
      let plain: string;
      try {
        plain = oaepDecrypt(tokenKey, init.encryptedToken).toString('utf8');
      } catch {
        return problem(response, 400, 21405, 'Błąd walidacji danych wejściowych.', [
          'encryptedToken does not decrypt',
        ]);
      }
      const bar = plain.lastIndexOf('|');
      const token = plain.slice(0, bar);
      const stamp = plain.slice(bar + 1);
      const referenceNumberValue = referenceNumber('AU');
      const operationToken = `op.${randomBytes(16).toString('hex')}`;
      // The outcome is asynchronous in KSeF: POST answers 202 and GET /auth/{ref} tells (status 450).
      let state = { code: 200, description: 'Uwierzytelnianie zakończone sukcesem', details: [] as string[] };
      if (stamp !== String(timestampMs)) {
        state = {
          code: 450,
          description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
          details: ['Nieprawidłowy czas tokena'],
        };
      } else if (options.tokens[token] === undefined) {
        state = {
          code: 450,
          description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
          details: ['Nieprawidłowy token'],
        };
      } else if (
        init.contextIdentifier.type !== 'Nip' ||
        options.tokens[token] !== init.contextIdentifier.value
      ) {
        state = {
          code: 415,
          description: 'Uwierzytelnianie zakończone niepowodzeniem',
          details: ['Brak przypisanych uprawnień'],
        };
      }
      authOperations.set(referenceNumberValue, {
        operationToken,
        ...state,
        nip: init.contextIdentifier.value,
        redeemed: false,
      });
      send(response, 202, {
        referenceNumber: referenceNumberValue,
        authenticationToken: { token: operationToken, validUntil: validUntil(600_000) },
      });
      return;
    }
    match = /^GET \/auth\/([^/]+)$/.exec(route);
    if (match !== null && match[1] !== 'sessions') {
      const operation = authOperations.get(decodeURIComponent(match[1] as string));
      if (operation === undefined || operation.operationToken !== bearer)
        return send(response, 401, { title: 'Unauthorized' }, 'application/problem+json');
      // The first read answers 100 "in progress", as an asynchronous operation may.
      const first = !('read' in operation);
      Object.assign(operation, { read: true });
      const status = first
        ? { code: 100, description: 'Uwierzytelnianie w toku' }
        : { code: operation.code, description: operation.description, details: operation.details };
      send(response, 200, {
        startDate: new Date().toISOString(),
        authenticationMethod: 'Token',
        authenticationMethodInfo: { category: 'Token', code: 'token.ksef', displayName: 'Token KSeF' },
        status,
      });
      return;
    }
    if (route === 'POST /auth/token/redeem') {
      const operation = [...authOperations.values()].find((o) => o.operationToken === bearer);
      if (operation === undefined)
        return send(response, 401, { title: 'Unauthorized' }, 'application/problem+json');
      if (operation.code !== 200 || operation.redeemed)
        return problem(response, 400, 21301, 'Brak autoryzacji.');
      operation.redeemed = true;
      const access = `at.${randomBytes(16).toString('hex')}`;
      const refresh = `rt.${randomBytes(16).toString('hex')}`;
      accessTokens.set(access, operation.nip);
      refreshTokens.set(refresh, operation.nip);
      send(response, 200, {
        accessToken: { token: access, validUntil: validUntil(900_000) },
        refreshToken: { token: refresh, validUntil: validUntil(7 * 86_400_000) },
      });
      return;
    }
    if (route === 'POST /auth/token/refresh') {
      const nip = bearer === null ? undefined : refreshTokens.get(bearer);
      if (nip === undefined)
        return send(response, 401, { title: 'Unauthorized' }, 'application/problem+json');
      const access = `at.${randomBytes(16).toString('hex')}`;
      accessTokens.set(access, nip);
      send(response, 200, { accessToken: { token: access, validUntil: validUntil(900_000) } });
      return;
    }

    // Everything below needs an access token (OpenAPI `security: Bearer`).
    const nip = bearer === null ? undefined : accessTokens.get(bearer);
    if (nip === undefined)
      return send(response, 401, { title: 'Unauthorized', status: 401 }, 'application/problem+json');

    if (route === 'POST /sessions/online') {
      if (!checkBody(response, 'POST /sessions/online', body)) return;
      const open = body as {
        formCode: { systemCode: string; schemaVersion: string; value: string };
        encryption: { encryptedSymmetricKey: string; initializationVector: string; publicKeyId?: string };
      };
      const form = open.formCode;
      if (form.systemCode !== 'FA (3)' || form.schemaVersion !== '1-0E' || form.value !== 'FA') {
        return problem(response, 400, 21405, 'Błąd walidacji danych wejściowych.', [
          'formCode is not FA (3) 1-0E FA',
        ]);
      }
      if (
        open.encryption.publicKeyId !== undefined &&
        open.encryption.publicKeyId !== symmetricKey.publicKeyId
      ) {
        return problem(
          response,
          400,
          21470,
          'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.',
        );
      }
      let key: Buffer;
      try {
        key = oaepDecrypt(symmetricKey, open.encryption.encryptedSymmetricKey);
      } catch {
        return problem(response, 400, 21405, 'Błąd walidacji danych wejściowych.', [
          'encryptedSymmetricKey does not decrypt',
        ]);
      }
      const iv = Buffer.from(open.encryption.initializationVector, 'base64');
      if (key.length !== 32 || iv.length !== 16) {
        return problem(response, 400, 21405, 'Błąd walidacji danych wejściowych.', [
          'the key must be 32 bytes, the IV 16',
        ]);
      }
      const ref = referenceNumber('SO');
      sessions.set(ref, { nip, key, iv, open: true, invoices: new Map() });
      send(response, 201, { referenceNumber: ref, validUntil: validUntil(12 * 3_600_000) });
      return;
    }
    match = /^POST \/sessions\/online\/([^/]+)\/invoices$/.exec(route);
    if (match !== null) {
      const sessionRef = decodeURIComponent(match[1] as string);
      const session = sessions.get(sessionRef);
      if (session === undefined || session.nip !== nip)
        return problem(response, 400, 21405, 'Błąd walidacji danych wejściowych.', ['unknown session']);
      if (!session.open)
        return problem(response, 400, 21180, 'Status sesji nie pozwala na wykonanie operacji.');
      if (!checkBody(response, 'POST /sessions/online/{referenceNumber}/invoices', body)) return;
      const sent = body as {
        invoiceHash: string;
        invoiceSize: number;
        encryptedInvoiceHash: string;
        encryptedInvoiceSize: number;
        encryptedInvoiceContent: string;
      };
      const encrypted = Buffer.from(sent.encryptedInvoiceContent, 'base64');
      const mismatch: string[] = [];
      if (encrypted.length !== sent.encryptedInvoiceSize)
        mismatch.push('encryptedInvoiceSize does not match the content');
      if (sha256Base64(encrypted) !== sent.encryptedInvoiceHash)
        mismatch.push('encryptedInvoiceHash does not match the content');
      if (mismatch.length > 0)
        return problem(response, 400, 21405, 'Błąd walidacji danych wejściowych.', mismatch);
      const invoice: SimInvoice = {
        referenceNumber: referenceNumber('EE'),
        ordinalNumber: session.invoices.size + 1,
        invoiceHash: sent.invoiceHash,
        final: { code: 200, description: 'Sukces' },
        ksefNumber: null,
        reads: 0,
        upo: null,
        invoiceNumber: null,
      };
      let plain: Buffer | null = null;
      try {
        const decipher = createDecipheriv('aes-256-cbc', session.key, session.iv);
        plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
      } catch {
        invoice.final = { code: 435, description: 'Błąd odszyfrowania pliku' };
      }
      if (plain !== null) {
        decrypted.push(plain);
        if (plain.length !== sent.invoiceSize || sha256Base64(plain) !== sent.invoiceHash) {
          invoice.final = {
            code: 430,
            description: 'Błąd weryfikacji pliku faktury',
            details: ['invoiceHash / invoiceSize do not match the decrypted document'],
          };
        } else {
          judge(session, sessionRef, plain, invoice);
        }
      }
      session.invoices.set(invoice.referenceNumber, invoice);
      send(response, 202, { referenceNumber: invoice.referenceNumber });
      return;
    }
    match = /^POST \/sessions\/online\/([^/]+)\/close$/.exec(route);
    if (match !== null) {
      const session = sessions.get(decodeURIComponent(match[1] as string));
      if (session === undefined || session.nip !== nip || !session.open)
        return problem(response, 400, 21180, 'Status sesji nie pozwala na wykonanie operacji.');
      session.open = false;
      send(response, 204);
      return;
    }
    match = /^GET \/sessions\/([^/]+)\/invoices\/ksef\/([^/]+)\/upo$/.exec(route);
    if (match !== null) {
      const session = sessions.get(decodeURIComponent(match[1] as string));
      const number = decodeURIComponent(match[2] as string);
      const invoice =
        session === undefined || session.nip !== nip
          ? undefined
          : [...session.invoices.values()].find((i) => i.ksefNumber === number);
      if (invoice?.upo == null) return problem(response, 404, 21178, 'Nie znaleziono UPO.');
      send(response, 200, invoice.upo, 'application/xml');
      return;
    }
    match = /^GET \/sessions\/([^/]+)\/invoices\/([^/]+)(\/upo)?$/.exec(route);
    if (match !== null) {
      const sessionRef = decodeURIComponent(match[1] as string);
      const session = sessions.get(sessionRef);
      const invoice =
        session === undefined || session.nip !== nip
          ? undefined
          : session.invoices.get(decodeURIComponent(match[2] as string));
      if (invoice === undefined)
        return problem(response, 400, 21405, 'Błąd walidacji danych wejściowych.', ['unknown invoice']);
      if (match[3] !== undefined) {
        if (invoice.upo === null || invoice.reads < 2)
          return problem(response, 404, 21178, 'Nie znaleziono UPO.');
        send(response, 200, invoice.upo, 'application/xml');
        return;
      }
      invoice.reads += 1;
      const final = invoice.reads >= 2;
      const status = final
        ? invoice.final
        : { code: 100, description: 'Faktura przyjęta do dalszego przetwarzania' };
      send(response, 200, {
        ordinalNumber: invoice.ordinalNumber,
        referenceNumber: invoice.referenceNumber,
        invoiceHash: invoice.invoiceHash,
        invoicingDate: new Date().toISOString(),
        ...(final && invoice.final.code === 200
          ? { ksefNumber: invoice.ksefNumber, acquisitionDate: new Date().toISOString() }
          : {}),
        ...(invoice.invoiceNumber === null ? {} : { invoiceNumber: invoice.invoiceNumber }),
        status,
      });
      return;
    }
    problem(response, 404, 21405, 'Błąd walidacji danych wejściowych.', [
      `the simulator does not serve ${route}`,
    ]);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      handle(request, response, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        send(response, 500, { title: 'simulator error', detail: String(error) }, 'application/problem+json');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v2`,
    decrypted,
    requests,
    failNext(status, times = 1, retryAfterSeconds) {
      failing = { status, times, retryAfter: retryAfterSeconds };
    },
    expireAccessTokens() {
      accessTokens.clear();
    },
    closeAllSessions() {
      for (const session of sessions.values()) session.open = false;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
