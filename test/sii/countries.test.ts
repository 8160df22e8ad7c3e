/**
 * AEAT's own country codes (`CountryType2` of SuministroInformacion.xsd): QU, XB, XU, XN and XG are not
 * ISO 3166-1, yet a valid SII message may carry them; the ISO codes the list leaves out (RE, GP, …)
 * cannot be written. The model, the record rules and the importer agree with the schema.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSiiCountryCode, SII_EXTRA_COUNTRIES } from '../../src/model/siiCodes.js';
import { parseSiiTaxReport } from '../../src/model/siiTaxReport.js';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import { importSiiMessage } from '../../src/sii/import/importSiiMessage.js';
import { siiRecordIssues } from '../../src/sii/recordIssues.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import { expedidaForeign, siiTitular } from '../support/siiReports.js';
import { formatXsdErrors, validateXml } from '../support/xsd.js';

describe('SII countries (CountryType2)', () => {
  it('accepts AEAT’s own codes and refuses the ISO codes the list leaves out', () => {
    for (const code of SII_EXTRA_COUNTRIES) expect(isSiiCountryCode(code)).toBe(true);
    expect(isSiiCountryCode('PT')).toBe(true);
    expect(isSiiCountryCode('RE')).toBe(false);
    expect(isSiiCountryCode('ZZ')).toBe(false);
  });

  it('the model reads qu as QU and refuses RE at the field', () => {
    const parsed = parseSiiTaxReport({ ...expedidaForeign(), customer_party_country: 'qu' }, 'create');
    expect(parsed.success && parsed.data.customer_party_country).toBe('QU');
    const refused = parseSiiTaxReport({ ...expedidaForeign(), customer_party_country: 'RE' }, 'create');
    expect(refused.success ? [] : refused.issues.map((issue) => [issue.code, issue.param])).toEqual([
      ['parameter_inclusion', 'customer_party_country'],
    ]);
  });

  describe.skipIf(!hasShared)('against the official schema', () => {
    it.each(SII_EXTRA_COUNTRIES)('%s: a record with it passes the rules and builds XSD-valid XML', (code) => {
      const report = { ...expedidaForeign(), customer_party_country: code };
      expect(siiRecordIssues(report, siiTitular())).toEqual([]);
      const built = buildSiiMessage({
        book_type: 'Expedida',
        kind: 'alta',
        communication_type: 'A0',
        titular: siiTitular(),
        records: [report],
      });
      if (!built.success) expect.fail(JSON.stringify(built.issues));
      const result = validateXml('sii', built.data);
      expect(result.valid, formatXsdErrors(result)).toBe(true);
    });

    it('imports a valid message whose counterpart is in QU', () => {
      const sample = readFileSync(
        join(SHARED_DIR, 'samples', 'sii', 'oca-derived', 'sii_out_invoice_s_iva10b.xml'),
        'utf8',
      );
      const xml = sample.replace(
        '<sii:NIF>F35999705</sii:NIF>',
        '<sii:IDOtro><sii:CodigoPais>QU</sii:CodigoPais><sii:IDType>04</sii:IDType><sii:ID>X123</sii:ID></sii:IDOtro>',
      );
      expect(validateXml('sii', xml).valid).toBe(true);
      const imported = importSiiMessage(xml);
      if (!imported.success) expect.fail(JSON.stringify(imported.issues));
      expect(imported.data.message.records[0]?.customer_party_country).toBe('QU');
    });
  });
});
