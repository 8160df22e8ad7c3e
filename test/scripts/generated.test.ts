/**
 * The generated source files are what their generators make of the official XSDs today (issue #20 §5):
 * every generator of `npm run generate` runs in memory against `shared/xsd`, its output is formatted
 * with Biome as the command line formats it, and each file must equal the committed one. A hand edit of
 * a generated file, a generator changed without regenerating, or a new schema in `shared/` fails here,
 * naming the file and the command that fixes it.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../scripts/generate.js';
import { fa3TypesFiles } from '../../scripts/generate-fa3-types.js';
import { formatted } from '../../scripts/generated.js';
import { PROJECT_ROOT, SHARED_DIR } from '../support/shared.js';
import { readProjectFile, sourceFiles } from '../support/sourceFiles.js';

const XSD_DIR = join(SHARED_DIR, 'xsd');
const hasXsd = existsSync(join(XSD_DIR, 'sii')) && existsSync(join(XSD_DIR, 'ksef-fa3'));
const SKIPPED = `shared/xsd not found at ${XSD_DIR}: the generated files are not compared with their generators (set FISCALKIT_SHARED or put shared/ beside the checkout)`;

describe('generated source files (npm run generate)', () => {
  // A plain clone has no shared/: the comparison is skipped, and says why (in the skipped test's name).
  if (!hasXsd) it.skip(`compares nothing: ${SKIPPED}`, () => {});

  describe.skipIf(!hasXsd)('regenerated from shared/xsd', () => {
    const files = hasXsd ? formatted(generatedFiles(SHARED_DIR)) : {};

    it('covers every file of src/ that says it is generated, each naming its generator', () => {
      const marked = sourceFiles().filter((path) => readProjectFile(path).startsWith('// GENERATED FILE'));
      expect(Object.keys(files).sort(), 'a generated file that npm run generate does not write').toEqual(
        marked,
      );
      for (const path of marked) {
        expect(readProjectFile(path), path).toMatch(
          /^\/\/ GENERATED FILE — do not edit\. Generator: scripts\/generate-[a-z0-9-]+\.ts\./,
        );
      }
    });

    it.each(Object.keys(files))('%s is what its generator writes', (path) => {
      const committed = readFileSync(join(PROJECT_ROOT, path), 'utf8');
      expect(
        committed,
        `${path} differs from what its generator makes of ${XSD_DIR}: run \`npm run generate\` and commit the result (never edit a generated file by hand)`,
      ).toBe(files[path]);
    });
  });

  describe.skipIf(!hasXsd)('the FA(3) types generator refuses what it would read wrongly', () => {
    /** Runs `fa3TypesFiles` over a copy of shared/xsd/ksef-fa3 with one file edited. */
    const generateWithEdit = (file: string, from: string, to: string) => {
      const shared = mkdtempSync(join(tmpdir(), 'fiscalkit-xsd-'));
      try {
        cpSync(join(XSD_DIR, 'ksef-fa3'), join(shared, 'xsd', 'ksef-fa3'), { recursive: true });
        const path = join(shared, 'xsd', 'ksef-fa3', file);
        const text = readFileSync(path, 'utf8');
        if (!text.includes(from)) throw new Error(`${file} no longer contains ${from}: update this test`);
        writeFileSync(path, text.replace(from, to));
        return fa3TypesFiles(shared);
      } finally {
        rmSync(shared, { recursive: true, force: true });
      }
    };

    it('reads the committed schema', () => {
      expect(Object.keys(fa3TypesFiles(SHARED_DIR))).toEqual(['src/ksef/build/fa3Types.ts']);
    });

    it('stops when a fact a hand-written predicate assumes changes (TProcentowy 0 to 100)', () => {
      const run = () =>
        generateWithEdit(
          'schemat_FA(3)_v1-0E.xsd',
          '<xsd:totalDigits value="9"/>\n\t\t\t<xsd:fractionDigits value="6"/>\n\t\t\t<xsd:minInclusive value="0"/>\n\t\t\t<xsd:maxInclusive value="100"/>',
          '<xsd:totalDigits value="9"/>\n\t\t\t<xsd:fractionDigits value="6"/>\n\t\t\t<xsd:minInclusive value="0"/>\n\t\t\t<xsd:maxInclusive value="99"/>',
        );
      expect(run).toThrow(/fa3Percent assumes TProcentowy is 0 to 100/);
    });

    it('stops at a pattern JavaScript reads differently (\\w), naming the file and line', () => {
      const run = () =>
        generateWithEdit('bazowe/ElementarneTypyDanych_v10-0E.xsd', 'value="\\d{10}"', 'value="\\w{10}"');
      expect(run).toThrow(/^ElementarneTypyDanych_v10-0E\.xsd:\d+: pattern \\w\{10\}: \\w is not supported/);
    });
  });
});
