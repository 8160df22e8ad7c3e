/**
 * The SII client as a host configures it from its environment, so that `npm start` talks to AEAT only
 * when told to, and says so when told half.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { type SiiSoapClient, type SiiSoapClientOptions, siiSoapClient } from './siiSoapClient.js';

/** The variables {@link siiSoapClientFromEnv} reads. */
export const SII_CLIENT_ENV = [
  'FISCALKIT_SII_ENDPOINT',
  'FISCALKIT_SII_P12',
  'FISCALKIT_SII_P12_PASSWORD',
  'FISCALKIT_SII_KEY',
  'FISCALKIT_SII_CERT',
  'FISCALKIT_SII_KEY_PASSWORD',
  'FISCALKIT_SII_CA',
  'FISCALKIT_SII_TIMEOUT_MS',
] as const;

function file(env: Readonly<Record<string, string | undefined>>, name: string): Buffer | undefined {
  const path = env[name];
  if (path === undefined || path === '') return undefined;
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(
      `${name}=${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * The SII client of the environment, or undefined when none of its variables is set (the host then
 * keeps its sandbox tax authority):
 *
 * - `FISCALKIT_SII_ENDPOINT`: `test` (prewww1.aeat.es), `production` (www1.agenciatributaria.gob.es),
 *   `test-seal` / `production-seal` (the seal-certificate hosts), or an https origin. Required: the
 *   client never picks AEAT's production by default.
 * - the certificate: `FISCALKIT_SII_P12` (path of a `.p12`/`.pfx`) with `FISCALKIT_SII_P12_PASSWORD`,
 *   or `FISCALKIT_SII_KEY` and `FISCALKIT_SII_CERT` (paths of PEM files) with
 *   `FISCALKIT_SII_KEY_PASSWORD` for an encrypted key;
 * - `FISCALKIT_SII_CA` (path of PEM CA certificates trusted in addition to Node's roots) and
 *   `FISCALKIT_SII_TIMEOUT_MS`, optional.
 *
 * Throws when the variables are set but cannot work (an endpoint without a certificate or the
 * reverse, an unreadable file, a timeout that is not a positive integer): a host that meant to talk
 * to AEAT must not start as if it did.
 *
 * @example
 * ```ts
 * const taxAuthority = siiSoapClientFromEnv(process.env) ?? memoryTaxAuthority();
 * ```
 */
export function siiSoapClientFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): SiiSoapClient | undefined {
  const set = SII_CLIENT_ENV.filter((name) => (env[name] ?? '') !== '');
  if (set.length === 0) return undefined;
  const endpoint = env.FISCALKIT_SII_ENDPOINT ?? '';
  if (endpoint === '')
    throw new Error(
      `${set.join(', ')} set but FISCALKIT_SII_ENDPOINT is not: say test, production, test-seal, production-seal or an https origin`,
    );
  const pfx = file(env, 'FISCALKIT_SII_P12');
  const key = file(env, 'FISCALKIT_SII_KEY');
  const cert = file(env, 'FISCALKIT_SII_CERT');
  const ca = file(env, 'FISCALKIT_SII_CA');
  if (pfx === undefined && (key === undefined || cert === undefined))
    throw new Error(
      'FISCALKIT_SII_ENDPOINT is set without a client certificate: set FISCALKIT_SII_P12 (and FISCALKIT_SII_P12_PASSWORD), or FISCALKIT_SII_KEY and FISCALKIT_SII_CERT',
    );
  const timeoutText = env.FISCALKIT_SII_TIMEOUT_MS ?? '';
  if (timeoutText !== '' && !/^[1-9]\d{0,8}$/.test(timeoutText))
    throw new Error(`FISCALKIT_SII_TIMEOUT_MS=${timeoutText} is not a positive whole number of milliseconds`);
  const passphrase = pfx !== undefined ? env.FISCALKIT_SII_P12_PASSWORD : env.FISCALKIT_SII_KEY_PASSWORD;
  const options: SiiSoapClientOptions = {
    endpoint,
    ...(pfx !== undefined ? { pfx } : { key, cert }),
    ...(passphrase === undefined ? {} : { passphrase }),
    ...(ca === undefined ? {} : { ca }),
    ...(timeoutText === '' ? {} : { timeout_ms: Number(timeoutText) }), // money-safe: milliseconds, a whole number checked above
  };
  return siiSoapClient(options);
}
