/**
 * `fiscalkit/sandbox`: the clearly named simulators a sandbox server runs in place of the world
 * (issue #23): the AEAT SII and KSeF 2.0 tax authorities, answering with the authorities' own codes and
 * switchable to reject or time out (`FISCALKIT_SANDBOX_AUTHORITY`; docs/sandbox-authorities.md); a
 * Peppol access point that keeps every document it is given in an outbox GET can read and sends
 * nothing to the network; and, for a server without SMTP, a mailbox that keeps every mail it would
 * send and sends none (docs/delivery-channels.md). None of them is a test double: each says in its
 * answers that it is the sandbox.
 *
 * @module
 */
export {
  KSEF_INVOICE_STATUS,
  ksefCrc8,
  type SandboxKsef,
  type SandboxKsefOptions,
  sandboxKsef,
  UPO_NAMESPACE,
} from './ksef.js';
export {
  SANDBOX_MAIL_CODES,
  SANDBOX_MAIL_FROM,
  type SandboxMailboxOptions,
  type SandboxMailboxPorts,
  sandboxMailbox,
} from './mailbox.js';
export { type SandboxAuthorityOptions, sandboxTimeoutMs, simulatedTimeout } from './mode.js';
export {
  SANDBOX_PEPPOL_CODES,
  type SandboxPeppolAccessPointOptions,
  type SandboxPeppolPorts,
  sandboxPeppolAccessPoint,
} from './peppolAccessPoint.js';
export {
  SANDBOX_UNKNOWN_NIFS,
  type SandboxSii,
  type SandboxSiiOptions,
  SII_DUPLICATE,
  SII_SIMULATED_REJECTION,
  SII_TOTAL_OUT_OF_TOLERANCE,
  SII_UNKNOWN_NIF,
  sandboxSii,
} from './sii.js';
export * from './switch.js';
