/**
 * `npm run docs` (issue #9): the API reference builds with typedoc, every link in a TSDoc comment
 * resolves, and no warning is left (typedoc.json treats warnings as errors). Checked without writing
 * the HTML (`--emit none`); `npm run docs` writes it to reports/api.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npm run docs', () => {
  it('builds the API reference of every entry point without a warning', () => {
    const run = () =>
      execFileSync(process.execPath, ['node_modules/typedoc/bin/typedoc', '--emit', 'none'], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    let output = '';
    try {
      output = run();
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      throw new Error(`typedoc failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
    }
    expect(output).not.toMatch(/\[warning\]|\[error\]/);
  }, 120_000);
});
