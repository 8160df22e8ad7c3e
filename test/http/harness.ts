/**
 * Starts the reference HTTP binding (`examples/http`) on a loopback port over fresh memory ports, and
 * talks to it with `fetch` (issue #8: "end-to-end over real HTTP on a loopback port").
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { parse } from 'lossless-json';
import { createHttpApp } from '../../examples/http/app.js';
import type { HttpOptions } from '../../examples/http/state.js';
import { type MemoryKeyStore, memoryKeyStore } from '../../src/adapters/memory/keyStore.js';
import {
  type MemoryPorts,
  type MemoryPortsOptions,
  memoryPorts,
} from '../../src/adapters/memory/memoryPorts.js';
import { createFiscalkit, type Fiscalkit, type FiscalkitOptions } from '../../src/index.js';
import { LATEST_API_VERSION } from '../../src/versions/apiVersion.js';

/** The sandbox key of group 1 (no group version), made by every {@link startService}. */
export const KEY = 'test_group1_key';
/** A sandbox key of group 2, another tenant. */
export const OTHER_KEY = 'test_group2_key';

/** An answer, with its body read three ways. */
export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body as `JSON.parse` reads it (undefined when empty). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  json: any;
  /** The body with numbers kept as `LosslessNumber` (exact amounts). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  lossless: any;
}

/** Options of one request. */
export interface RequestOptions {
  /** A JSON value (stringified) or a raw string body. */
  body?: unknown;
  /** The API key; default {@link KEY}; null sends none. */
  key?: string | null;
  /** The version header; default the newest version; null sends none. */
  version?: string | null;
  headers?: Record<string, string>;
}

/** A running service. */
export interface TestService {
  url: string;
  ports: MemoryPorts;
  fiscalkit: Fiscalkit;
  keys: MemoryKeyStore;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

/** Options of {@link startService}. */
export interface StartOptions {
  ports?: MemoryPortsOptions;
  fiscalkit?: FiscalkitOptions;
  http?: Partial<HttpOptions>;
}

/**
 * Starts a service on 127.0.0.1 with keys {@link KEY} (group 1) and {@link OTHER_KEY} (group 2), no
 * rate limit unless `http.rate_limit` is given, and a manual clock (tests run the worker with
 * `fiscalkit.worker.drain()`).
 *
 * @example
 * ```ts
 * const service = await startService();
 * const response = await service.request('GET', '/accounts');
 * await service.close();
 * ```
 */
export async function startService(options: StartOptions = {}): Promise<TestService> {
  const keys = memoryKeyStore({
    groups: [
      { id: 1, api_version: null },
      { id: 2, api_version: null },
    ],
    keys: [
      { key: KEY, environment: 'sandbox', group: 1, expires_at: null },
      { key: OTHER_KEY, environment: 'sandbox', group: 2, expires_at: null },
    ],
  });
  const ports = memoryPorts({ keys, ...options.ports });
  const server = serve({ fetch: (request) => app.fetch(request), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const fiscalkit = createFiscalkit(ports, { base_url: url, ...options.fiscalkit });
  const app = createHttpApp(fiscalkit, {
    environment: 'sandbox',
    base_url: url,
    rate_limit: null,
    trust_proxy: true,
    ...options.http,
  });
  return {
    url,
    ports,
    fiscalkit,
    keys,
    async request(method, path, requestOptions = {}) {
      const headers: Record<string, string> = { ...requestOptions.headers };
      const key = requestOptions.key === undefined ? KEY : requestOptions.key;
      if (key !== null) headers['X-B2B-API-Key'] = key;
      const version = requestOptions.version === undefined ? LATEST_API_VERSION : requestOptions.version;
      if (version !== null) headers['X-B2B-API-Version'] = version;
      let body: string | undefined;
      if (requestOptions.body !== undefined) {
        body =
          typeof requestOptions.body === 'string' ? requestOptions.body : JSON.stringify(requestOptions.body);
        headers['Content-Type'] ??= 'application/json';
      }
      const response = await fetch(`${url}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      const text = await response.text();
      const readable = text !== '' && (response.headers.get('content-type') ?? '').includes('json');
      return {
        status: response.status,
        headers: response.headers,
        text,
        json: readable ? JSON.parse(text) : undefined,
        lossless: readable ? parse(text) : undefined,
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Creates an account through the API and answers its id.
 *
 * @example
 * ```ts
 * const account = await createAccount(service); // 1
 * ```
 */
export async function createAccount(
  service: TestService,
  account: Record<string, unknown> = {},
  options: RequestOptions = {},
): Promise<number> {
  const response = await service.request('POST', '/accounts', {
    ...options,
    body: {
      account: { name: 'ACME SL', country: 'ES', tin_scheme: '9920', tin_value: 'B12345674', ...account },
    },
  });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`account create failed: ${String(response.status)} ${response.text}`);
  return response.json.account.id as number;
}
