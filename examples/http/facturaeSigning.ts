/**
 * The Facturae signer of `npm start` (issue #22): `xml.facturae.3.2.2.signed` is signed with the host's
 * certificate, named by the environment, and refused (never served unsigned) when none is named.
 *
 * - `FISCALKIT_FACTURAE_P12` — a PKCS#12 file (.p12 / .pfx, as FNMT and other Spanish CAs issue them),
 *   with `FISCALKIT_FACTURAE_P12_PASSWORD`;
 * - or `FISCALKIT_FACTURAE_KEY` and `FISCALKIT_FACTURAE_CERT` — PEM files of the private key (with
 *   `FISCALKIT_FACTURAE_KEY_PASSPHRASE` when it is encrypted) and of the certificate and its chain.
 */
import { readFileSync } from 'node:fs';
import type { FacturaeSigner } from 'fiscalkit/ports';
import { createFacturaeSigner, readPkcs12 } from 'fiscalkit/xades';

/**
 * The signer the environment names, or null, and the line the server prints about it.
 *
 * @example
 * ```ts
 * const { signer, report } = await facturaeSignerFromEnv(process.env);
 * if (signer) ports.facturaeSigner = signer;
 * ```
 */
export async function facturaeSignerFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ signer: FacturaeSigner | null; report: string }> {
  const p12 = env.FISCALKIT_FACTURAE_P12;
  if (p12 !== undefined && p12 !== '') {
    const material = await readPkcs12(readFileSync(p12), env.FISCALKIT_FACTURAE_P12_PASSWORD ?? '');
    const signer = createFacturaeSigner(material);
    return { signer, report: `Facturae signatures (xml.facturae.3.2.2.signed): ${signer.description}` };
  }
  const key = env.FISCALKIT_FACTURAE_KEY;
  const certificate = env.FISCALKIT_FACTURAE_CERT;
  if (key !== undefined && key !== '' && certificate !== undefined && certificate !== '') {
    const signer = createFacturaeSigner({
      privateKey: readFileSync(key, 'utf8'),
      certificate: readFileSync(certificate, 'utf8'),
      passphrase: env.FISCALKIT_FACTURAE_KEY_PASSPHRASE,
    });
    return { signer, report: `Facturae signatures (xml.facturae.3.2.2.signed): ${signer.description}` };
  }
  return {
    signer: null,
    report:
      'Facturae signatures: no certificate (set FISCALKIT_FACTURAE_P12 and FISCALKIT_FACTURAE_P12_PASSWORD, or FISCALKIT_FACTURAE_KEY and FISCALKIT_FACTURAE_CERT); xml.facturae.3.2.2.signed is refused, xml.facturae.3.2.2 is served unsigned',
  };
}
