/**
 * The KSeF client configured from the environment, for `npm start` and hosts that configure by
 * environment variables.
 */
import { KSEF_ENVIRONMENTS, type KsefClient, ksefClient } from './client.js';

/**
 * A {@link ksefClient} from `FISCALKIT_KSEF_URL` (`test`, `demo`, `prod` or a base URL),
 * `FISCALKIT_KSEF_TOKEN` (the KSeF token) and `FISCALKIT_KSEF_NIP` (optional: the token's NIP);
 * undefined when neither URL nor token is set. Throws when only one of the two is: a half-configured
 * client would fail on the first invoice instead of at start.
 *
 * @example
 * ```ts
 * const ksef = ksefClientFromEnv(process.env); // undefined without FISCALKIT_KSEF_URL / _TOKEN
 * ```
 */
export function ksefClientFromEnv(env: Readonly<Record<string, string | undefined>>): KsefClient | undefined {
  const url = env.FISCALKIT_KSEF_URL?.trim() || undefined;
  const token = env.FISCALKIT_KSEF_TOKEN?.trim() || undefined;
  const nip = env.FISCALKIT_KSEF_NIP?.trim() || undefined;
  if (url === undefined && token === undefined) return undefined;
  if (url === undefined || token === undefined) {
    throw new Error('FISCALKIT_KSEF_URL and FISCALKIT_KSEF_TOKEN are set together or not at all');
  }
  if (nip !== undefined && !/^\d{10}$/.test(nip)) {
    throw new Error(`FISCALKIT_KSEF_NIP must be 10 digits, not '${nip}'`);
  }
  const named = (KSEF_ENVIRONMENTS as Record<string, string>)[url];
  const baseUrl = named ?? url;
  if (!/^https?:\/\//.test(baseUrl)) {
    throw new Error(`FISCALKIT_KSEF_URL must be test, demo, prod or an http(s) URL, not '${url}'`);
  }
  return ksefClient({ baseUrl, token, ...(nip === undefined ? {} : { nip }) });
}
