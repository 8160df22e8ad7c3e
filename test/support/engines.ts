/**
 * A fiscalkit service on in-memory ports for the engine tests (issue #7): account 1 is a Spanish
 * company (titular `U2687761C`, the SII fixtures' titular), account 2 another tenant.
 */
import { type MemoryCensusOptions, memoryPorts } from '../../src/adapters/memory/index.js';
import type { SchemaValidator } from '../../src/ports.js';
import { createFiscalkit } from '../../src/service/fiscalkit.js';
import { storedAccount } from './fixtures.js';

/** The account every engine test works in, and a second tenant. */
export const ACCOUNT = 1;
export const OTHER_ACCOUNT = 2;

/** Options of {@link engines}. */
export interface EngineOptions {
  /** The memory census's table (its known NIFs). */
  census?: MemoryCensusOptions;
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
