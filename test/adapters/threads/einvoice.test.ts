/**
 * The e-invoice validator on worker threads (issue #21 with issue #24's compute port): a pool made with
 * `einvoice: { directories }` judges POST /documents/validate as the inline compute over a validator of
 * the same directories does; `createFiscalkit` refuses ports whose compute and `einvoice` port read
 * different artefacts, or where one has a validator and the other none.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artefactsFromDirectories } from '../../../src/adapters/artefacts/directory.js';
import {
  type DirectoryEInvoiceValidator,
  einvoiceValidatorFromDirectories,
} from '../../../src/adapters/artefacts/validator.js';
import { memoryPorts } from '../../../src/adapters/memory/index.js';
import { type ThreadCompute, threadCompute } from '../../../src/adapters/threads/index.js';
import { inlineCompute } from '../../../src/compute/inlineCompute.js';
import type { EInvoiceValidator } from '../../../src/einvoice/validator.js';
import { createFiscalkit } from '../../../src/index.js';
import { structuralSiiValidator } from '../../../src/sii/validator/structuralSiiValidator.js';
import { PROJECT_ROOT, SHARED_DIR } from '../../support/shared.js';

const EN16931_DIR = join(SHARED_DIR, 'en16931');
const DIRECTORIES = [EN16931_DIR, join(PROJECT_ROOT, 'artefacts')];
const hasArtefacts = (() => {
  try {
    return statSync(join(EN16931_DIR, 'schematron', 'peppol')).isDirectory();
  } catch {
    return false;
  }
})();

/** A validator that names its artefacts only (the service's check reads nothing else). */
const named = (description: string): EInvoiceValidator => ({
  description,
  validate: () => {
    throw new Error('not used');
  },
  availability: () => [],
  warm: () => [],
});

describe("createFiscalkit: the compute judges e-invoices with the einvoice port's artefacts", () => {
  it('refuses a compute without a validator when the port has one, and the other way round', () => {
    const ports = memoryPorts();
    ports.einvoice = named('/srv/artefacts');
    ports.compute = inlineCompute(structuralSiiValidator());
    expect(() => createFiscalkit(ports)).toThrow(
      /judges e-invoices with no e-invoice validator, but the einvoice port reads \/srv\/artefacts/,
    );
    const other = memoryPorts();
    other.compute = inlineCompute(structuralSiiValidator(), named('/srv/artefacts'));
    expect(() => createFiscalkit(other)).toThrow(
      /with the artefacts of \/srv\/artefacts, but the einvoice port has none/,
    );
  });

  it('accepts the same artefacts, and a thread pool over the same directories', async () => {
    const ports = memoryPorts();
    ports.einvoice = named(artefactsFromDirectories(['/srv/a', '/srv/b']).description);
    ports.compute = inlineCompute(structuralSiiValidator(), ports.einvoice);
    expect(() => createFiscalkit(ports)).not.toThrow();
    const pool = threadCompute({ threads: 1, einvoice: { directories: ['/srv/a', '/srv/b'] } });
    try {
      expect(pool.einvoice).toBe(ports.einvoice.description);
      ports.compute = pool;
      expect(() => createFiscalkit(ports)).not.toThrow();
    } finally {
      await pool.close();
    }
  });

  it('without a port, the inline compute has none (e-invoices: well-formedness only)', () => {
    const fiscalkit = createFiscalkit(memoryPorts());
    expect(fiscalkit.compute.einvoice).toBeNull();
  });
});

describe.skipIf(!hasArtefacts)('document_validation on a thread answers what it answers inline', () => {
  if (!hasArtefacts) it.skip(`../shared/en16931 not found at ${EN16931_DIR}`, () => undefined);
  let pool: ThreadCompute;
  let validator: DirectoryEInvoiceValidator;
  beforeAll(async () => {
    pool = threadCompute({ threads: 1, einvoice: { directories: DIRECTORIES } });
    validator = await einvoiceValidatorFromDirectories(DIRECTORIES);
  });
  afterAll(async () => {
    await pool?.close();
    validator?.dispose();
  });

  it('a valid Peppol invoice and an invalid one, as bytes and as text', async () => {
    const inline = inlineCompute(structuralSiiValidator(), validator);
    const valid = readFileSync(join(EN16931_DIR, 'examples', 'ubl', 'peppol--base-example.xml'));
    const invalid = valid.toString('utf8').replace(/<cbc:IssueDate>[^<]*</, '<cbc:IssueDate>2026-13-45<');
    for (const content of [new Uint8Array(valid), invalid]) {
      const input = { content, param: 'document' };
      const [threaded, here] = await Promise.all([
        pool.run('document_validation', input),
        inline.run('document_validation', input),
      ]);
      expect(threaded).toEqual(here);
      expect(threaded.success && threaded.data.rule_sets.map((one) => one.status)).toEqual([
        'applied',
        'applied',
        'applied',
      ]);
    }
  });
});
