/**
 * A fiscalkit service on in-memory ports for the engine tests (issue #7): account 1 is a Spanish
 * company (titular `U2687761C`, the SII fixtures' titular), account 2 another tenant.
 */
import { memoryPorts } from '../../src/adapters/memory/index.js';
import type { SchemaValidator } from '../../src/ports.js';
import { createFiscalkit } from '../../src/service/fiscalkit.js';
import { storedAccount } from './fixtures.js';

/** The account every engine test works in, and a second tenant. */
export const ACCOUNT = 1;
export const OTHER_ACCOUNT = 2;

/** Options of {@link engines}. */
export interface EngineOptions {
  census?: Parameters<typeof memoryPorts>[0] extends infer O
    ? O extends { census?: infer C }
      ? C
      : never
    : never;
  schemaValidator?: SchemaValidator;
  /** The account's `tin_value`; default `ESU2687761C`. */
  tin_value?: string | null;
}

/**
 * Memory ports with the two accounts stored, and the service over them.
 *
 * @example
 * ```ts
 * const { ports, fiscalkit } = await engines();
 * ```
 */
export async function engines(options: EngineOptions = {}) {
  const ports = memoryPorts({
    ...(options.census === undefined ? {} : { census: options.census }),
    ...(options.schemaValidator === undefined ? {} : { schemaValidator: options.schemaValidator }),
  });
  await ports.store.accounts.insert(
    storedAccount({
      id: ACCOUNT,
      name: 'Test company',
      country: 'ES',
      tin_value: options.tin_value === undefined ? 'ESU2687761C' : options.tin_value,
    }),
  );
  await ports.store.accounts.insert(
    storedAccount({ id: OTHER_ACCOUNT, name: 'Other company', country: 'ES' }),
  );
  const fiscalkit = createFiscalkit(ports, { base_url: 'https://api.example.test' });
  return { ports, fiscalkit };
}

/** Runs every due job, advancing the manual clock past each scheduled retry, until nothing is left. */
export async function settle(
  ports: { clock: { now(): number; advance(ms: number): void }; jobs: { get(id: number): Promise<unknown> } },
  worker: { drain(): Promise<number> },
  options: { step_ms?: number; max_steps?: number } = {},
): Promise<void> {
  const step = options.step_ms ?? 60_000;
  for (let i = 0; i < (options.max_steps ?? 2000); i += 1) {
    await worker.drain();
    ports.clock.advance(step);
  }
}
