/**
 * The KSeF 2.0 REST client (issue #23): the `KsefTransport` port over the published API of
 * `api.ksef.mf.gov.pl/v2`. docs/ksef-client.md describes it.
 */
export { KSEF_ENVIRONMENTS, type KsefClient, type KsefClientOptions, ksefClient } from './client.js';
export { ksefClientFromEnv } from './env.js';
export { KsefRequestError } from './http.js';
