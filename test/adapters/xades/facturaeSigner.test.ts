/**
 * Facturae XAdES-EPES signatures (issue #22 "Facturae 3.2.2 … signing through a port … A test key signs
 * the tests' documents. The XSD validates them, and an independent XAdES verification accepts the
 * signature"). A throwaway CA and signer (`./testPki.ts`, openssl) sign fiscalkit's own Facturae fixtures
 * and the GOBL samples with their signatures taken out; then:
 * - the official Facturae XSD (which imports XMLDSig) accepts every signed document: zero fatal findings;
 * - xmlsec1, an independent XMLDSig implementation (libxml2 + OpenSSL, Debian's package), verifies each
 *   signature against the CA, and refuses it once an amount, the signing time or the certificate
 *   reference is changed;
 * - the XAdES-EPES properties say what the policy requires: its URL and SHA-1, the certificate's digest,
 *   issuer (RFC 4514) and serial, the injected signing time, the role, the data object format;
 * - what must be refused is: a second signature, a document that is not Facturae, a DTD, XML that is not
 *   well-formed (which the DOM under xml-crypto would repair and sign), an expired certificate, a key that
 *   is not the certificate's, a key that is not RSA-2048 or better.
 */
import { createHash, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSigningCertificate } from '../../../src/adapters/xades/certificate.js';
import {
  createFacturaeSigner,
  FACTURAE_SIGNATURE_POLICY,
  FacturaeSignatureError,
  type FacturaeSignerOptions,
  readPkcs12,
} from '../../../src/adapters/xades/index.js';
import { fatalFindings, HAS_JUDGE, JUDGE_SKIPPED, judgeDocument } from '../../support/einvoiceJudge.js';
import { PROJECT_ROOT } from '../../support/shared.js';
import {
  CA_RFC4514,
  HAS_OPENSSL,
  HAS_XMLSEC1,
  makeTestPki,
  OPENSSL_SKIPPED,
  SIGNER_SERIAL,
  type TestPki,
  XMLSEC1_SKIPPED,
  xmlsecVerify,
} from './testPki.js';

const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'einvoice', 'facturae');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

/** A signed sample without its signature: the `ds:Signature` element and the white space before it. */
const unsign = (xml: string) => xml.replace(/\s*<ds:Signature[\s>][\s\S]*<\/ds:Signature>/, '');

/** The unsigned documents: fiscalkit's hand-written fixtures, and the GOBL samples unsigned. */
const DOCUMENTS: ReadonlyArray<readonly [string, string]> = [
  ['fiscalkit-3.2.2-full-totals.xml', fixture('fiscalkit-3.2.2-full-totals.xml')],
  ['fiscalkit-3.2.1-batch.xml', fixture('fiscalkit-3.2.1-batch.xml')],
  ['gobl-invoice-vat.xml (unsigned)', unsign(fixture('gobl-invoice-vat.xml'))],
  ['gobl-invoice-vat-irpf.xml (unsigned)', unsign(fixture('gobl-invoice-vat-irpf.xml'))],
  ['gobl-credit-note.xml (unsigned)', unsign(fixture('gobl-credit-note.xml'))],
];
const FULL_TOTALS = fixture('fiscalkit-3.2.2-full-totals.xml');

/**
 * A document whose text has what canonicalization and re-serialization can get wrong: a carriage
 * return kept as a character reference, a tab, escaped markup, non-ASCII letters, the euro sign, and a
 * comment (left out by C14N without comments, kept in the document).
 */
const TRICKY_NOTE = 'Línea 1&#13;\nLínea 2 &amp; «€» &lt;b&gt;\tfin';
const TRICKY = FULL_TOTALS.replace(
  '<ItemDescription>Consulting hours</ItemDescription>',
  `<ItemDescription>${TRICKY_NOTE}</ItemDescription>`,
).replace('</FileHeader>', '</FileHeader>\n  <!-- a comment -->');

const text = (xml: string, element: string): string[] =>
  [...xml.matchAll(new RegExp(`<${element}(?:\\s[^>]*)?>([^<]*)</${element}>`, 'g'))].map(
    (match) => match[1] ?? '',
  );
const attribute = (xml: string, element: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<${element}\\s[^>]*\\b${name}="([^"]*)"`, 'g'))].map(
    (match) => match[1] ?? '',
  );

describe.skipIf(!HAS_OPENSSL)('Facturae XAdES-EPES signer (fiscalkit/xades)', () => {
  let pki: TestPki;
  let notBefore: number;
  let notAfter: number;
  /** An instant inside the certificate's validity, with milliseconds, as a clock gives it. */
  let signingMs: number;
  let options: FacturaeSignerOptions;

  beforeAll(() => {
    pki = makeTestPki();
    const certificate = readSigningCertificate(pki.signerPem);
    notBefore = certificate.notBefore;
    notAfter = certificate.notAfter;
    signingMs = notBefore + 86_400_000 + 123;
    options = {
      privateKey: pki.signerKeyPem,
      certificate: pki.signerPem,
      clock: { now: () => signingMs },
      newId: () => 'test-1',
    };
  });
  afterAll(() => pki?.dispose());

  describe('the signing certificate as the signature names it', () => {
    it('the issuer is written as RFC 4514 says: last RDN first, escaped, unknown types as #BER', () => {
      expect(readSigningCertificate(pki.signerPem).issuerName).toBe(CA_RFC4514);
    });

    it('the serial number is the decimal of the DER INTEGER (high bit set: a leading zero byte)', () => {
      const certificate = readSigningCertificate(pki.signerPem);
      expect(certificate.serialNumber).toBe(SIGNER_SERIAL);
      expect(BigInt(certificate.serialNumber).toString(16).toUpperCase()).toBe(
        new X509Certificate(pki.signerPem).serialNumber,
      );
    });

    it("the validity is the certificate's, as Node reads it", () => {
      const x509 = new X509Certificate(pki.signerPem);
      const certificate = readSigningCertificate(pki.signerPem);
      expect(certificate.notBefore).toBe(Date.parse(x509.validFrom));
      expect(certificate.notAfter).toBe(Date.parse(x509.validTo));
    });

    it('a notAfter past 2049 (GeneralizedTime) reads as Node reads it', () => {
      const long = readSigningCertificate(pki.longPem);
      expect(new Date(long.notAfter).getUTCFullYear()).toBeGreaterThan(2049);
      expect(long.notAfter).toBe(Date.parse(new X509Certificate(pki.longPem).validTo));
    });

    it('a name with only RFC 4514 types, in ASCII, is what openssl -nameopt RFC2253 prints', () => {
      // The test CA's name cannot be compared so: openssl prints organizationIdentifier by name where
      // RFC 4514 wants the OID, and escapes non-ASCII bytes where RFC 4514 keeps UTF-8.
      // A multi-valued RDN: its values may come in any order (RFC 4514 §2.2). fiscalkit writes them as
      // DER sorts the SET OF (the shorter encoding first); openssl reverses them with the RDNs.
      expect(pki.plainRfc2253).toContain(',OU=Compras+OU=Ventas,');
      const mine = readSigningCertificate(pki.plainPem);
      expect(mine.subjectName).toContain(',OU=Ventas+OU=Compras,');
      expect(pki.plainRfc2253).toMatch(/^CN=\\#Plain\\; \\<prueba\\> \\"x\\"\\ ,/);
      const reordered = mine.subjectName.replace('OU=Ventas+OU=Compras', 'OU=Compras+OU=Ventas');
      expect(reordered).toBe(pki.plainRfc2253);
      expect(mine.issuerName).toBe(mine.subjectName);
    });
  });

  describe('what the signature holds', () => {
    let signed: string;
    beforeAll(async () => {
      signed = await createFacturaeSigner(options).sign(FULL_TOTALS);
    });

    it('one enveloped ds:Signature, the last child of the root, the document before it unchanged', () => {
      expect(signed.match(/<ds:Signature[\s>]/g)).toHaveLength(1);
      // The root does not bind ds:, so the signature does.
      expect(signed).toContain(
        '<ds:Signature Id="Signature-test-1" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">',
      );
      expect(signed.trimEnd()).toMatch(/<\/ds:Signature><\/fe:Facturae>$/);
      const before = signed.slice(0, signed.indexOf('<ds:Signature'));
      expect(before).toBe(FULL_TOTALS.slice(0, FULL_TOTALS.lastIndexOf('</fe:Facturae>')));
    });

    it('SignedInfo: inclusive C14N, RSA-SHA256, the document, SignedProperties and KeyInfo by SHA-256', () => {
      expect(attribute(signed, 'ds:CanonicalizationMethod', 'Algorithm')).toEqual([
        'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
      ]);
      expect(attribute(signed, 'ds:SignatureMethod', 'Algorithm')).toEqual([
        'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      ]);
      expect(attribute(signed, 'ds:Reference', 'URI')).toEqual([
        '',
        '#Signature-test-1-SignedProperties',
        '#Signature-test-1-KeyInfo',
      ]);
      expect(attribute(signed, 'ds:Reference', 'Type')).toEqual([
        'http://uri.etsi.org/01903#SignedProperties',
      ]);
      expect(attribute(signed, 'ds:Transform', 'Algorithm')).toEqual([
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
        'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
      ]);
      // Three references and the certificate digest: SHA-256; the policy digest: SHA-1 (as published).
      expect(attribute(signed, 'ds:DigestMethod', 'Algorithm')).toEqual([
        'http://www.w3.org/2001/04/xmlenc#sha256',
        'http://www.w3.org/2001/04/xmlenc#sha256',
        'http://www.w3.org/2001/04/xmlenc#sha256',
        'http://www.w3.org/2001/04/xmlenc#sha256',
        'http://www.w3.org/2000/09/xmldsig#sha1',
      ]);
    });

    it('KeyInfo holds the signing certificate, and its Id is the one referenced', () => {
      expect(attribute(signed, 'ds:KeyInfo', 'Id')).toEqual(['Signature-test-1-KeyInfo']);
      expect(text(signed, 'ds:X509Certificate')).toEqual([
        new X509Certificate(pki.signerPem).raw.toString('base64'),
      ]);
    });

    it('the policy: the Facturae v3.1 URL and the SHA-1 of its PDF', () => {
      expect(text(signed, 'xades:Identifier')[0]).toBe(
        'http://www.facturae.es/politica_de_firma_formato_facturae/politica_de_firma_formato_facturae_v3_1.pdf',
      );
      expect(text(signed, 'ds:DigestValue')).toContain('Ohixl6upD6av8N7pEvDABhEL6hM=');
      expect(FACTURAE_SIGNATURE_POLICY.digestValue).toBe('Ohixl6upD6av8N7pEvDABhEL6hM=');
      expect(text(signed, 'xades:Description')[0]).toBe('Política de Firma FacturaE v3.1');
    });

    it('the signing certificate: SHA-256 of its DER, its issuer (RFC 4514) and serial', () => {
      const der = new X509Certificate(pki.signerPem).raw;
      const certDigest = /<xades:CertDigest>[\s\S]*?<ds:DigestValue>([^<]+)</.exec(signed)?.[1];
      expect(certDigest).toBe(createHash('sha256').update(der).digest('base64'));
      expect(text(signed, 'ds:X509IssuerName')).toEqual([CA_RFC4514]);
      expect(text(signed, 'ds:X509SerialNumber')).toEqual([SIGNER_SERIAL]);
    });

    it('the signing time is the injected clock, to the second, in UTC', () => {
      const expected = `${new Date(signingMs).toISOString().slice(0, 19)}+00:00`;
      expect(text(signed, 'xades:SigningTime')).toEqual([expected]);
    });

    it('the role (emisor unless told), and the document is text/xml, pointing at its reference', () => {
      expect(text(signed, 'xades:ClaimedRole')).toEqual(['emisor']);
      expect(attribute(signed, 'xades:DataObjectFormat', 'ObjectReference')).toEqual([
        `#${attribute(signed, 'ds:Reference', 'Id')[0]}`,
      ]);
      expect(attribute(signed, 'ds:Reference', 'Id')).toEqual(['Signature-test-1-Document']);
      expect(text(signed, 'xades:MimeType')).toEqual(['text/xml']);
      expect(attribute(signed, 'xades:QualifyingProperties', 'Target')).toEqual(['#Signature-test-1']);
      expect(attribute(signed, 'ds:Signature', 'Id')).toEqual(['Signature-test-1']);
    });

    it('the same key, document, clock and ids give the same bytes (RSA PKCS#1 v1.5 is deterministic)', async () => {
      expect(await createFacturaeSigner(options).sign(FULL_TOTALS)).toBe(signed);
    });

    it('another role is written as told', async () => {
      const third = await createFacturaeSigner({ ...options, role: 'third party' }).sign(FULL_TOTALS);
      expect(text(third, 'xades:ClaimedRole')).toEqual(['third party']);
    });

    it('the description names the certificate, never the key', () => {
      const { description } = createFacturaeSigner(options);
      expect(description).toContain('CN=Firmante de prueba - 99999999R');
      expect(description).toContain(SIGNER_SERIAL);
      expect(description).not.toContain('PRIVATE');
    });
  });

  describe.skipIf(!HAS_JUDGE)('the official Facturae XSD accepts the signed documents', () => {
    it.each(DOCUMENTS)('%s: zero fatal findings once signed', async (name, xml) => {
      const signed = await createFacturaeSigner(options).sign(xml);
      const verdict = await judgeDocument(signed);
      expect(verdict.syntax).toBe('facturae');
      expect(verdict.findings.filter((finding) => finding.rule.includes('xsd'))).toEqual([]);
      if (name.startsWith('gobl-invoice-vat-irpf')) {
        // gobl.facturae's IRPF sample leaves the withholding out of InvoiceTotal (a known disagreement,
        // test/einvoice/facturae.test.ts): the signature adds nothing to what is found unsigned.
        expect(fatalFindings(verdict)).toEqual(fatalFindings(await judgeDocument(xml)));
        expect(fatalFindings(verdict).every((line) => line.startsWith('facturae.totals.'))).toBe(true);
      } else expect(fatalFindings(verdict)).toEqual([]);
    });

    it('the XSD does judge the signature: a second ds:Object child out of place is refused', async () => {
      const signed = await createFacturaeSigner(options).sign(FULL_TOTALS);
      const broken = signed.replace('<ds:SignedInfo>', '<ds:Object/><ds:SignedInfo>');
      expect(fatalFindings(await judgeDocument(broken)).join('\n')).toMatch(/SignedInfo|Object/);
    });
  });
  if (!HAS_JUDGE) it.skip(JUDGE_SKIPPED, () => {});

  describe.skipIf(!HAS_XMLSEC1)('xmlsec1 verifies the signatures independently', () => {
    it.each(DOCUMENTS)('%s: verified against the CA', async (_name, xml) => {
      const signed = await createFacturaeSigner(options).sign(xml);
      const verdict = xmlsecVerify(pki, signed);
      expect(verdict.output).toContain('SignedInfo References (ok/all): 3/3');
      expect(verdict.ok).toBe(true);
    });

    it('a text with a CR reference, a tab, escapes, non-ASCII and a comment is signed as read', async () => {
      expect(TRICKY).toContain(TRICKY_NOTE);
      const signed = await createFacturaeSigner(options).sign(TRICKY);
      // xmldom writes the carriage return as &#xD;: the same character.
      expect(signed.replace('&#xD;', '&#13;')).toContain(TRICKY_NOTE);
      const verdict = xmlsecVerify(pki, signed);
      expect(verdict.output).toContain('SignedInfo References (ok/all): 3/3');
      expect(verdict.ok).toBe(true);
    });

    it('a changed amount breaks the document reference', async () => {
      const signed = await createFacturaeSigner(options).sign(FULL_TOTALS);
      const tampered = signed.replace(
        '<InvoiceTotal>902.33</InvoiceTotal>',
        '<InvoiceTotal>902.34</InvoiceTotal>',
      );
      expect(tampered).not.toBe(signed);
      const verdict = xmlsecVerify(pki, tampered);
      expect(verdict.ok).toBe(false);
      expect(verdict.output).toContain('SignedInfo References (ok/all): 0/1');
    });

    it('a changed signing time breaks the SignedProperties reference', async () => {
      const signed = await createFacturaeSigner(options).sign(FULL_TOTALS);
      const tampered = signed.replace(/<xades:SigningTime>\d{4}/, '<xades:SigningTime>1999');
      expect(tampered).not.toBe(signed);
      expect(xmlsecVerify(pki, tampered).ok).toBe(false);
    });

    it('a changed KeyInfo breaks its reference', async () => {
      const signed = await createFacturaeSigner(options).sign(FULL_TOTALS);
      const tampered = signed.replace(
        '</ds:X509Data>',
        '<ds:X509SubjectName>CN=x</ds:X509SubjectName></ds:X509Data>',
      );
      expect(tampered).not.toBe(signed);
      expect(xmlsecVerify(pki, tampered).ok).toBe(false);
    });

    it('a signature is not trusted without its CA', async () => {
      const signed = await createFacturaeSigner(options).sign(FULL_TOTALS);
      const stranger = makeTestPki();
      try {
        expect(xmlsecVerify(pki, signed, stranger.caPath).ok).toBe(false);
      } finally {
        stranger.dispose();
      }
    });

    it('the chain given after the certificate goes into KeyInfo, signer first', async () => {
      const signed = await createFacturaeSigner({ ...options, certificate: pki.signerPem + pki.caPem }).sign(
        FULL_TOTALS,
      );
      expect(text(signed, 'ds:X509Certificate')).toEqual([
        new X509Certificate(pki.signerPem).raw.toString('base64'),
        new X509Certificate(pki.caPem).raw.toString('base64'),
      ]);
      expect(xmlsecVerify(pki, signed).ok).toBe(true);
    });

    it('PKCS#12 files, current and legacy encryption, sign as their PEM does', async () => {
      for (const file of [pki.p12Modern, pki.p12Legacy]) {
        const material = await readPkcs12(file, pki.p12Password);
        const certificates = material.certificate.match(
          /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g,
        );
        expect(certificates?.map((pem) => new X509Certificate(pem).raw.toString('base64'))).toEqual([
          new X509Certificate(pki.signerPem).raw.toString('base64'),
          new X509Certificate(pki.caPem).raw.toString('base64'),
        ]);
        const signed = await createFacturaeSigner({ ...options, ...material }).sign(FULL_TOTALS);
        expect(signed).toBe(
          await createFacturaeSigner({ ...options, certificate: pki.signerPem + pki.caPem }).sign(
            FULL_TOTALS,
          ),
        );
        expect(xmlsecVerify(pki, signed).ok).toBe(true);
      }
    });
  });
  if (!HAS_XMLSEC1) it.skip(XMLSEC1_SKIPPED, () => {});

  describe('what is refused', () => {
    const refusal = async (xml: string, signerOptions = options) => {
      try {
        await createFacturaeSigner(signerOptions).sign(xml);
      } catch (error) {
        if (error instanceof FacturaeSignatureError)
          return { failure: error.failure, message: error.message };
        throw error;
      }
      throw new Error('signed');
    };

    it('a signed document (the XSD allows one ds:Signature)', async () => {
      expect((await refusal(fixture('gobl-invoice-vat.xml'))).failure).toBe('already_signed');
      const once = await createFacturaeSigner(options).sign(FULL_TOTALS);
      expect((await refusal(once)).failure).toBe('already_signed');
    });

    it('a document that is not Facturae, or not a 3.2.x namespace', async () => {
      expect(
        await refusal('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
      ).toEqual({
        failure: 'not_facturae',
        message: expect.stringContaining('{urn:oasis:names:specification:ubl:schema:xsd:Invoice-2}Invoice'),
      });
      expect((await refusal(FULL_TOTALS.replace('Facturaev3_2_2.xml"', 'Facturaev3_3.xml"'))).failure).toBe(
        'not_facturae',
      );
    });

    it('a DOCTYPE, and XML that is not well-formed (which xmldom would repair and sign)', async () => {
      const doctype = FULL_TOTALS.replace(
        '<fe:Facturae',
        '<!DOCTYPE fe:Facturae [<!ENTITY x "y">]>\n<fe:Facturae',
      );
      expect((await refusal(doctype)).failure).toBe('unreadable_document');
      const unclosed = FULL_TOTALS.replace('</FileHeader>', '');
      expect(await refusal(unclosed)).toEqual({
        failure: 'unreadable_document',
        message: expect.stringContaining('not well-formed'),
      });
      const entity = FULL_TOTALS.replace('<InvoiceTotal>902.33', '<InvoiceTotal>&unknown;902.33');
      expect((await refusal(entity)).failure).toBe('unreadable_document');
      expect((await refusal('')).failure).toBe('unreadable_document');
    });

    it('a signing time outside the certificate validity', async () => {
      const late = await refusal(FULL_TOTALS, { ...options, clock: { now: () => notAfter + 1000 } });
      expect(late.failure).toBe('certificate_not_valid');
      expect(late.message).toContain('Firmante de prueba');
      const early = await refusal(FULL_TOTALS, { ...options, clock: { now: () => notBefore - 1000 } });
      expect(early.failure).toBe('certificate_not_valid');
      // Both ends are inside (RFC 5280 §4.1.2.5).
      await expect(
        createFacturaeSigner({ ...options, clock: { now: () => notAfter } }).sign(FULL_TOTALS),
      ).resolves.toContain('</ds:Signature>');
      await expect(
        createFacturaeSigner({ ...options, clock: { now: () => notBefore } }).sign(FULL_TOTALS),
      ).resolves.toContain('</ds:Signature>');
    });

    it('a key that is not the certificate’s, not RSA, or under 2048 bits; a text without certificate', () => {
      expect(() => createFacturaeSigner({ ...options, privateKey: pki.otherKeyPem })).toThrow(
        /not the key of the first certificate/,
      );
      const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
      expect(() => createFacturaeSigner({ ...options, privateKey: ec })).toThrow(/RSA-SHA256; the key is ec/);
      const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
      expect(() => createFacturaeSigner({ ...options, privateKey: small })).toThrow(/1024 bits/);
      expect(() => createFacturaeSigner({ ...options, certificate: pki.signerKeyPem })).toThrow(
        /no PEM certificate/,
      );
    });

    it('an encrypted PEM key needs its passphrase', () => {
      const encrypted = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'clave' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      }).privateKey;
      expect(() => createFacturaeSigner({ ...options, privateKey: encrypted })).toThrow();
      // With its passphrase it is read, and refused only for not being the certificate's key.
      expect(() => createFacturaeSigner({ ...options, privateKey: encrypted, passphrase: 'clave' })).toThrow(
        /not the key of the first certificate/,
      );
    });

    it('a PKCS#12 file with a wrong password', async () => {
      await expect(readPkcs12(pki.p12Modern, 'wrong')).rejects.toThrow(/cannot read the PKCS#12 file/);
    });

    it('ids that are not NCName characters', async () => {
      await expect(
        createFacturaeSigner({ ...options, newId: () => 'a b' }).sign(FULL_TOTALS),
      ).rejects.toThrow(/newId/);
    });
  });
});
if (!HAS_OPENSSL) describe.skip(OPENSSL_SKIPPED, () => {});
