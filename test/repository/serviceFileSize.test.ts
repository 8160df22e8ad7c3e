import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/shared.js';

/**
 * Issue #20 "No service file is over 400 lines" (docs/services.md): a service file that grows past
 * this holds more than one use-case family (or one family's every step) and is split by concept,
 * as invoices.ts and transports.ts were.
 */
const MAX_SERVICE_FILE_LINES = 400;

/** Lines of a text as `wc -l` counts them (a last line without its newline counts too). */
function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** Every `.ts` file under `dir` (recursively) over the limit, as `path: N lines`, relative to `root`. */
function oversized(dir: string, root: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...oversized(path, root));
    else if (entry.name.endsWith('.ts')) {
      const lines = lineCount(readFileSync(path, 'utf8'));
      if (lines > MAX_SERVICE_FILE_LINES) found.push(`${relative(root, path)}: ${String(lines)} lines`);
    }
  }
  return found.sort();
}

describe('service files stay small (issue #20, docs/services.md)', () => {
  it(`no file in src/service is over ${String(MAX_SERVICE_FILE_LINES)} lines`, () => {
    expect(oversized(join(PROJECT_ROOT, 'src', 'service'), PROJECT_ROOT)).toEqual([]);
  });

  it('the check can fail: it reports a planted file over the limit, in a subfolder too, and nothing else', () => {
    const root = mkdtempSync(join(tmpdir(), 'fiscalkit-service-size-'));
    try {
      const service = join(root, 'src', 'service');
      mkdirSync(join(service, 'formats'), { recursive: true });
      const lines = (n: number) => 'export {};\n'.repeat(n);
      writeFileSync(join(service, 'small.ts'), lines(MAX_SERVICE_FILE_LINES));
      writeFileSync(join(service, 'big.ts'), lines(MAX_SERVICE_FILE_LINES + 1));
      writeFileSync(join(service, 'formats', 'nested.ts'), `${lines(MAX_SERVICE_FILE_LINES)}export {};`);
      writeFileSync(join(service, 'notes.md'), lines(MAX_SERVICE_FILE_LINES + 10));
      expect(oversized(service, root)).toEqual([
        'src/service/big.ts: 401 lines',
        'src/service/formats/nested.ts: 401 lines',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
