/**
 * What the reference server reaches beyond its own storage (issue #23): the tax authorities, the
 * delivery channels of sent invoices and the webhook transport. Every one is real or a clearly named
 * sandbox simulator — never an in-memory stand-in, never a log of what did not happen:
 *
 * | port | configured | otherwise, in the sandbox | otherwise (staging, production) |
 * |---|---|---|---|
 * | SII (`taxAuthority`) | `FISCALKIT_SII_ENDPOINT` + certificate: AEAT's SOAP service | the AEAT SII simulator | refused: every submission fails saying SII is not configured |
 * | KSeF (`ksef`) | `FISCALKIT_KSEF_URL` + `FISCALKIT_KSEF_TOKEN`: KSeF 2.0 | the KSeF simulator | none: a submission answers 409 saying so |
 * | e-mail (`channels.email`) | `FISCALKIT_SMTP_URL` + `FISCALKIT_MAIL_FROM` | the sandbox mailbox, which keeps each mail and sends none (`GET /accounts/{account}/sandbox_mailbox`) | none: a send by e-mail is refused (422) saying so |
 * | Peppol (`channels.peppol`) | — (an access point's own client is the host's) | the sandbox access point, whose outbox `GET /accounts/{account}/peppol_outbox` reads | none (422) |
 * | webhooks | always over HTTP | loopback and private receivers allowed | the SSRF guard refuses them |
 *
 * The sandbox is `FISCALKIT_ENV=sandbox` (the default); `FISCALKIT_SANDBOX_AUTHORITY=reject|timeout`
 * makes the simulated authorities reject or time out (docs/sandbox-authorities.md).
 *
 * @module
 */

import { ksefClientFromEnv } from 'fiscalkit/ksef-client';
import type { Ports } from 'fiscalkit/ports';
import { TaxAuthorityError } from 'fiscalkit/ports';
import { sandboxAuthoritiesFromEnv, sandboxMailbox, sandboxPeppolAccessPoint } from 'fiscalkit/sandbox';
import { siiSoapClientFromEnv } from 'fiscalkit/sii-client';
import { smtpChannelFromEnv } from 'fiscalkit/smtp';

/** Whether the environment runs the server as a sandbox (`FISCALKIT_ENV`, default `sandbox`). */
export function isSandbox(env: Readonly<Record<string, string | undefined>>): boolean {
  return (env.FISCALKIT_ENV ?? 'sandbox') === 'sandbox';
}

/** What {@link connectOutsideWorld} wired: one line per port for the start banner, and how to let go. */
export interface OutsideWorld {
  report: string[];
  /** Closes what holds connections open (the KSeF client's sessions, the SII client's TLS pool). */
  close(): Promise<void>;
}

/**
 * Wires the tax authorities and the delivery channels the environment names into `ports`, and answers
 * one line per port saying what it is, for the start banner.
 *
 * @example
 * ```ts
 * const { ports } = await portsFromEnv(process.env, keys);
 * const world = connectOutsideWorld(ports, process.env);
 * for (const line of world.report) console.log(line);
 * ```
 */
export function connectOutsideWorld(
  ports: Ports,
  env: Readonly<Record<string, string | undefined>>,
): OutsideWorld {
  const sandbox = isSandbox(env);
  const report: string[] = [];
  const simulators = sandbox ? sandboxAuthoritiesFromEnv(env, { clock: ports.clock }) : null;
  const mode = env.FISCALKIT_SANDBOX_AUTHORITY ?? 'accept';

  const sii = siiSoapClientFromEnv(env);
  if (sii !== undefined) {
    ports.taxAuthority = sii;
    report.push('fiscalkit: SII → AEAT over SOAP with the client certificate (FISCALKIT_SII_ENDPOINT)');
  } else if (simulators !== null) {
    ports.taxAuthority = simulators.taxAuthority;
    report.push(`fiscalkit: SII → the sandbox AEAT simulator (FISCALKIT_SANDBOX_AUTHORITY=${mode})`);
  } else {
    ports.taxAuthority = {
      submit: async () => {
        throw new TaxAuthorityError(
          'AEAT SII is not configured on this server: set FISCALKIT_SII_ENDPOINT and its certificate (docs/sii-client.md)',
          false,
        );
      },
    };
    report.push('fiscalkit: SII → not configured (submissions fail saying so; set FISCALKIT_SII_ENDPOINT)');
  }

  const ksef = ksefClientFromEnv(env);
  if (ksef !== undefined) {
    ports.ksef = ksef;
    report.push('fiscalkit: KSeF → KSeF 2.0 (FISCALKIT_KSEF_URL)');
  } else if (simulators !== null) {
    ports.ksef = simulators.ksef;
    report.push(`fiscalkit: KSeF → the sandbox KSeF simulator (FISCALKIT_SANDBOX_AUTHORITY=${mode})`);
  } else {
    delete ports.ksef;
    report.push('fiscalkit: KSeF → not configured (set FISCALKIT_KSEF_URL and FISCALKIT_KSEF_TOKEN)');
  }

  const smtp = smtpChannelFromEnv(env);
  // The real service's sandbox delivers e-mail (the official client's `invoices.php` sends to a
  // contact with an address), so a sandbox without SMTP keeps each mail in the sandbox mailbox, a
  // named simulator that says in every receipt that nothing was sent; outside the sandbox a send by
  // e-mail without SMTP is refused, never kept.
  const email = smtp ?? (sandbox ? sandboxMailbox(ports) : undefined);
  ports.channels = {
    ...(email === undefined ? {} : { email }),
    ...(sandbox ? { peppol: sandboxPeppolAccessPoint(ports) } : {}),
  };
  report.push(
    smtp !== undefined
      ? 'fiscalkit: e-mail → SMTP (FISCALKIT_SMTP_URL)'
      : sandbox
        ? 'fiscalkit: e-mail → the sandbox mailbox (nothing is sent; GET /accounts/{account}/sandbox_mailbox; set FISCALKIT_SMTP_URL to send)'
        : 'fiscalkit: e-mail → not configured (set FISCALKIT_SMTP_URL and FISCALKIT_MAIL_FROM)',
  );
  report.push(
    sandbox
      ? 'fiscalkit: Peppol → the sandbox access point (nothing leaves this server; GET /accounts/{account}/peppol_outbox)'
      : 'fiscalkit: Peppol → not configured (give the service an access point client)',
  );
  return {
    report,
    close: async () => {
      await ksef?.close();
      sii?.close();
    },
  };
}
