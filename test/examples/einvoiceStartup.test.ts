/**
 * What `npm start` says about e-invoice validation (issue #21 "Where the artefacts come from",
 * examples/http/einvoice.ts): the directories (`FISCALKIT_ARTEFACTS`, split by the platform's path
 * delimiter, else `../shared/en16931` beside the checkout and `artefacts/`), which rule sets are
 * available and which are not with why and how to get them, and whether the XSD processor is there.
 * Nothing that did not compile is called available.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { artefactDirectories, einvoiceFromEnv, einvoiceReport } from '../../examples/http/einvoice.js';
import type { RuleSetAvailability } from '../../src/einvoice/validator.js';
import { PROJECT_ROOT, SHARED_DIR } from '../support/shared.js';

describe('artefactDirectories', () => {
  it('FISCALKIT_ARTEFACTS: a list separated by the platform delimiter, empty entries skipped', () => {
    expect(artefactDirectories({ FISCALKIT_ARTEFACTS: ['/srv/a', '', ' /srv/b '].join(delimiter) })).toEqual({
      directories: [resolve('/srv/a'), resolve('/srv/b')],
      from: 'FISCALKIT_ARTEFACTS',
    });
  });

  it("unset or empty: ../shared/en16931 beside the checkout, then the checkout's artefacts/", () => {
    for (const env of [{}, { FISCALKIT_ARTEFACTS: '' }])
      expect(artefactDirectories(env)).toEqual({
        directories: [resolve(PROJECT_ROOT, '..', 'shared', 'en16931'), resolve(PROJECT_ROOT, 'artefacts')],
        from: 'default',
      });
  });
});

describe('einvoiceReport', () => {
  const availability: RuleSetAvailability[] = [
    { id: 'en16931-ubl', name: 'EN 16931 1.3.16 (UBL)', status: 'available' },
    {
      id: 'peppol-ubl',
      name: 'Peppol BIS Billing 3.0.19 (UBL)',
      status: 'unavailable',
      reason: 'schematron/peppol/PEPPOL-EN16931-UBL.sch is not in /srv/a',
    },
  ];

  it('lists what is available, what is not with why, and how to get it', () => {
    const lines = einvoiceReport(
      availability,
      { directories: ['/srv/a'], from: 'FISCALKIT_ARTEFACTS' },
      null,
    );
    expect(lines[0]).toBe('fiscalkit e-invoice validation: artefacts from /srv/a (FISCALKIT_ARTEFACTS)');
    expect(lines[1]).toBe('  available: EN 16931 1.3.16 (UBL)');
    expect(lines).toContain(
      '  unavailable: Peppol BIS Billing 3.0.19 (UBL): schematron/peppol/PEPPOL-EN16931-UBL.sch is not in /srv/a',
    );
    expect(lines.at(-1)).toMatch(
      /npm run artefacts:fetch -- <dir>, then FISCALKIT_ARTEFACTS=<dir> npm start/,
    );
    expect(lines.join('\n')).not.toMatch(/^ {2}available: .*Peppol/m);
  });

  it('says when the XSD processor is missing', () => {
    const lines = einvoiceReport(
      availability,
      { directories: ['/srv/a'], from: 'default' },
      'install libxml2-wasm',
    );
    expect(lines).toContain('  no XSD validation: install libxml2-wasm');
    expect(lines[0]).toMatch(/\(default; set FISCALKIT_ARTEFACTS to name others\)$/);
  });
});

describe('einvoiceFromEnv', () => {
  it("over an empty directory: every artefact rule set unavailable, none called available but fiscalkit's own", async () => {
    const empty = mkdtempSync(join(tmpdir(), 'fiscalkit-no-artefacts-'));
    try {
      const { validator, report } = await einvoiceFromEnv({ FISCALKIT_ARTEFACTS: empty }, { threads: false });
      try {
        expect(report[1]).toBe("  available: Facturae arithmetic rules (fiscalkit's own)");
        expect(report.filter((line) => line.startsWith('  unavailable: '))).toHaveLength(10);
        expect(report.join('\n')).toContain('npm run artefacts:fetch');
        expect(
          validator
            .availability()
            .filter((one) => one.status === 'available')
            .map((one) => one.id),
        ).toEqual(['facturae-rules']);
      } finally {
        validator.dispose();
      }
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!existsSync(join(SHARED_DIR, 'en16931', 'schematron')))(
  'einvoiceFromEnv over ../shared/en16931',
  () => {
    it('with worker threads: the same availability as the inline validator compiles, without loading libxml2 here', async () => {
      const env = {
        FISCALKIT_ARTEFACTS: [join(SHARED_DIR, 'en16931'), join(PROJECT_ROOT, 'artefacts')].join(delimiter),
      };
      const threads = await einvoiceFromEnv(env, { threads: true });
      const inline = await einvoiceFromEnv(env, { threads: false });
      try {
        expect(threads.report.filter((line) => !line.includes('each worker thread'))).toEqual(inline.report);
        expect(threads.report[2]).toMatch(/each worker thread compiles/);
        expect(threads.validator.description).toBe(inline.validator.description);
        expect(inline.report[1]).toMatch(
          /available: UBL 2\.1 XSD .*Peppol BIS Billing 3\.0\.19 \(UBL\).*FatturaPA 1\.2\.2 XSD/,
        );
      } finally {
        inline.validator.dispose();
      }
    });
  },
);
