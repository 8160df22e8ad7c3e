/**
 * Issue #20 §3: tax reports are handled through one small interface, a format per report type
 * (`src/service/taxReportFormats/`, docs/tax-report-formats.md). The registry has a format for every
 * type and document; the service reaches `src/ksef` and `src/sii` only through their entry points; and
 * the use-case files that every report goes through never name a report type (no format branches).
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TAX_REPORT_TYPES } from '../../src/model/taxReport.js';
import { formatOfDocument, taxReportFormat } from '../../src/service/taxReportFormats/registry.js';
import { readProjectFile, sourceFiles } from '../support/sourceFiles.js';

/** The files every report goes through, whatever its type: a report type named here is a branch. */
const FORMAT_FREE: ReadonlySet<string> = new Set([
  'src/service/taxReports.ts',
  'src/service/taxReportEvents.ts',
  'src/service/taxReportGiveWay.ts',
  'src/service/taxReportRequests.ts',
]);

/** A relative import into `src/ksef` or `src/sii` that is not the folder's entry point. */
const DEEP_FORMAT_IMPORT = /^(?:\.\.\/)+(?:ksef|sii)\/(?!index\.js$)/;

/**
 * What `text` (the source of `file`, a path under src/service) does against the format boundary: each
 * deep import of a format folder, and — in a {@link FORMAT_FREE} file — each report type written as a
 * string (comments are not code, and are not read).
 */
function formatLeaks(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const types: readonly string[] = TAX_REPORT_TYPES;
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (DEEP_FORMAT_IMPORT.test(node.moduleSpecifier.text))
        found.push(`${file}: imports ${node.moduleSpecifier.text}, not the folder's index.js`);
      return;
    }
    if (FORMAT_FREE.has(file) && ts.isStringLiteralLike(node) && types.includes(node.text))
      found.push(`${file}: names the report type '${node.text}'`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('tax report formats (issue #20 §3, docs/tax-report-formats.md)', () => {
  it('every report type has its format, registered under its own type, and every format its document', () => {
    const documents = new Set<string>();
    for (const type of TAX_REPORT_TYPES) {
      const format = taxReportFormat(type);
      expect(format.type).toBe(type);
      expect(formatOfDocument(format.document)).toBe(format);
      documents.add(format.document);
    }
    expect(documents.size).toBe(TAX_REPORT_TYPES.length);
  });

  it('src/service reaches src/ksef and src/sii only through their entry points, and its shared steps name no report type', () => {
    const leaks = sourceFiles()
      .filter((file) => file.startsWith('src/service/'))
      .flatMap((file) => formatLeaks(file, readProjectFile(file)));
    expect(leaks).toEqual([]);
    // Not vacuous: the format-free files exist, and the formats do use the entry points.
    for (const file of FORMAT_FREE) expect(readProjectFile(file).length).toBeGreaterThan(0);
    expect(readProjectFile('src/service/taxReportFormats/sii.ts')).toContain("from '../../sii/index.js'");
  });

  it('the check can fail: it reports a planted deep import and a planted type branch, and nothing else', () => {
    const planted = [
      "import { SII_BAJA_BOOKS } from '../sii/build/baja.js';",
      "import { downloadSiiTaxReport } from '../sii/index.js';",
      "export { supplierParty } from '../ksef/generate/parties.js';",
      "import { fail } from './taxReportRequests.js';",
      "if (report.type === 'Ksef') fail([]);",
      "// a comment may say 'SiiDocument'",
      "const label = 'Ksef report';",
    ].join('\n');
    expect(formatLeaks('src/service/taxReports.ts', planted)).toEqual([
      "src/service/taxReports.ts: imports ../sii/build/baja.js, not the folder's index.js",
      "src/service/taxReports.ts: imports ../ksef/generate/parties.js, not the folder's index.js",
      "src/service/taxReports.ts: names the report type 'Ksef'",
    ]);
    // A format's own file may name its type; no file may import deep.
    expect(formatLeaks('src/service/taxReportFormats/ksef.ts', planted)).toEqual([
      "src/service/taxReportFormats/ksef.ts: imports ../sii/build/baja.js, not the folder's index.js",
      "src/service/taxReportFormats/ksef.ts: imports ../ksef/generate/parties.js, not the folder's index.js",
    ]);
    expect(() => formatOfDocument('ubl' as never)).toThrow(TypeError);
  });
});
