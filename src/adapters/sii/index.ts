/**
 * `fiscalkit/sii-client`: the real AEAT SII client (issue #23), a `TaxAuthorityTransport` that
 * submits SII messages to AEAT's SOAP 1.1 services over TLS with a client certificate. The services
 * and their paths come from AEAT's WSDLs ({@link SII_OPERATIONS}); docs/sii-client.md says how
 * failures map to retryable and non-retryable errors and what was checked only against a simulator.
 *
 * @module
 */

export {
  readSiiSoapResponse,
  type SiiSoapAnswer,
  type SiiSoapRequest,
  type SoapFault,
  wrapSiiMessage,
} from './envelope.js';
export { SII_CLIENT_ENV, siiSoapClientFromEnv } from './fromEnv.js';
export {
  SII_ENVIRONMENT_ORIGINS,
  SII_OPERATIONS,
  type SiiEnvironment,
  type SiiOperation,
} from './services.js';
export {
  type SiiEndpoint,
  type SiiKeyMaterial,
  type SiiSoapClient,
  type SiiSoapClientOptions,
  siiSoapClient,
} from './siiSoapClient.js';
