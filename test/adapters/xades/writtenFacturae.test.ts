/**
 * The Facturae documents fiscalkit writes (`writeFacturae`, issue #22), signed: the path of the
 * `xml.facturae.3.2.2.signed` document type. Its root declares `xmlns:ds` itself (the writer's choice),
 * so the signature sits in a namespace already in scope; the official XSD and xmlsec1 must accept the
 * result all the same, for a small invoice and for one of 1,000 lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSigningCertificate } from '../../../src/adapters/xades/certificate.js';
import { createFacturaeSigner, type FacturaeSigner } from '../../../src/adapters/xades/index.js';
import { writeFacturae } from '../../../src/einvoice/facturae/write/writeFacturae.js';
import { FacturaeWorld, line, SPANISH_BUYER } from '../../einvoice/facturae/facturaeWorld.js';
import { fatalFindings, HAS_JUDGE, judgeDocument } from '../../support/einvoiceJudge.js';
import { HAS_OPENSSL, HAS_XMLSEC1, makeTestPki, type TestPki, xmlsecVerify } from './testPki.js';

describe.skipIf(!HAS_OPENSSL)('signing what writeFacturae writes', () => {
  let pki: TestPki;
  let signer: FacturaeSigner;
  let world: FacturaeWorld;

  beforeAll(async () => {
    pki = makeTestPki();
    const { notBefore } = readSigningCertificate(pki.signerPem);
    signer = createFacturaeSigner({
      privateKey: pki.signerKeyPem,
      certificate: pki.signerPem,
      clock: { now: () => notBefore + 3_600_000 },
    });
    world = await FacturaeWorld.create();
  });
  afterAll(() => pki?.dispose());

  async function written(lines: number): Promise<string> {
    const contact = await world.contact(SPANISH_BUYER);
    const source = await world.source(contact, {
      number: `F-2026-${lines}`,
      invoice_lines_attributes: Array.from({ length: lines }, (_, index) =>
        index % 2 === 0
          ? line('3', '12.35')
          : line('1', '120.00', [
              { name: 'IVA', percent: '10' },
              { name: 'IRPF', percent: '-15' },
            ]),
      ),
      due_date: '2026-05-20',
      bank_account: { iban: 'ES9121000418450200051332', bic: 'CAIXESBB' },
    });
    const xml = writeFacturae(source);
    if (!xml.success) throw new Error(JSON.stringify(xml.issues));
    return xml.data;
  }

  it.each([2, 1000])(
    '%i lines: signed, judged valid by the XSD, verified by xmlsec1',
    async (lines) => {
      const unsigned = await written(lines);
      const signed = await signer.sign(unsigned);
      expect(signed.match(/<ds:Signature[\s>]/g)).toHaveLength(1);
      // The root binds ds: already; xml-crypto binds it again on ds:Signature (always): the same binding,
      // which canonicalization leaves out as superfluous.
      expect(unsigned).toMatch(/<fe:Facturae [^>]*xmlns:ds="http:\/\/www.w3.org\/2000\/09\/xmldsig#"/);
      if (HAS_JUDGE) expect(fatalFindings(await judgeDocument(signed))).toEqual([]);
      if (HAS_XMLSEC1) {
        const verdict = xmlsecVerify(pki, signed);
        expect(verdict.output).toContain('SignedInfo References (ok/all): 3/3');
        expect(verdict.ok).toBe(true);
        const tampered = signed.replace(/<InvoiceTotal>(\d)/, '<InvoiceTotal>9$1');
        expect(tampered).not.toBe(signed);
        expect(xmlsecVerify(pki, tampered).ok).toBe(false);
      }
    },
    120_000,
  );
});
