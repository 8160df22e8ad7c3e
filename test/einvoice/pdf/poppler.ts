/**
 * poppler-utils for the readable-PDF tests (issue #22 "render a page with pdftoppm in a test and
 * check it, then keep a golden image or a text extraction"): text extraction with `pdftotext -layout`,
 * page images with `pdftoppm`, fonts with `pdffonts`, page count with `pdfinfo`. The tests that need
 * them skip with {@link POPPLER_SKIPPED} where poppler is not installed (Debian: `poppler-utils`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether poppler-utils is on the PATH. */
export const HAS_POPPLER = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' }).status === 0;

/** The message a skipped test gives. */
export const POPPLER_SKIPPED =
  'poppler-utils (pdftotext, pdftoppm, pdffonts, pdfinfo) not found: the PDFs are not read back (apt-get install poppler-utils)';

if (!HAS_POPPLER) console.warn(`[pdf tests] ${POPPLER_SKIPPED}`);

function withFile<T>(pdf: Uint8Array, use: (path: string, directory: string) => T): T {
  const directory = mkdtempSync(join(tmpdir(), 'fiscalkit-pdf-'));
  try {
    const path = join(directory, 'invoice.pdf');
    writeFileSync(path, pdf);
    return use(path, directory);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function run(command: string, args: readonly string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** `pdftotext -layout` of some pages (all by default). */
export function pdfText(pdf: Uint8Array, pages?: { first: number; last: number }): string {
  const range = pages === undefined ? [] : ['-f', String(pages.first), '-l', String(pages.last)];
  return withFile(pdf, (path) => run('pdftotext', ['-layout', '-enc', 'UTF-8', ...range, path, '-']));
}

/** `pdffonts` as rows: name, type, embedded, subset, unicode. */
export function pdfFonts(
  pdf: Uint8Array,
): { name: string; type: string; emb: string; sub: string; uni: string }[] {
  const lines = withFile(pdf, (path) => run('pdffonts', [path]))
    .split('\n')
    .slice(2);
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [name = '', ...rest] = line.trim().split(/\s+/);
      // name, type (may be two words), encoding, emb, sub, uni, object number, generation
      const [emb = '', sub = '', uni = ''] = rest.slice(-5, -2);
      return { name, type: rest.slice(0, -6).join(' '), emb, sub, uni };
    });
}

/** The page count `pdfinfo` reports. */
export function pdfPages(pdf: Uint8Array): number {
  const match = /^Pages:\s+(\d+)/m.exec(withFile(pdf, (path) => run('pdfinfo', [path])));
  return Number(match?.[1] ?? 0);
}

/** Page `page` as a PNG at `dpi` (pdftoppm), for a person to look at. */
export function pagePng(pdf: Uint8Array, page: number, dpi: number): Uint8Array {
  return withFile(pdf, (path, directory) => {
    const prefix = join(directory, 'page');
    run('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      path,
      prefix,
    ]);
    return readFileSync(`${prefix}.png`);
  });
}

/**
 * Extracted text as it is compared with a golden file: no-break spaces as spaces, runs of spaces
 * (the layout's column gaps, which depend on poppler's version) as two, no trailing blanks, pages
 * marked.
 */
export function comparableText(text: string): string {
  return text
    .replace(/\u00A0/g, ' ')
    .split('\f')
    .map((page) =>
      page
        .split('\n')
        .map((line) => line.replace(/ {2,}/g, '  ').trimEnd())
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
    )
    .filter((page) => page !== '')
    .join('\n\n--- page ---\n\n');
}
