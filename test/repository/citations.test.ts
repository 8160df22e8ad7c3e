import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/shared.js';
import { readProjectFile, sourceFiles } from '../support/sourceFiles.js';

/**
 * A citation is grepped for (issue #20 §4, "Citations that grep finds"): `§4.1 rule 3` is found by a
 * search for `§4.1 rule 3`, while `§4.1 rules 1–3` or `§4.4–§4.6` hides the rules and sections inside
 * the range. So a section or rule is cited one at a time (`§2.4, §2.5, §2.6`; `§2.3 rule 1, §2.3 rule 2`).
 * This matches a section (`§4.4`) or a rule number (`rule 2`, `rules 1`) followed by an en dash, em
 * dash, hyphen, `to` or `through` and another number. Ranges of other things (golden vectors
 * `V26–V38`, buckets `1–4`, lengths `1–60`) are not citations and do not match.
 */
const RANGE_CITATION = /(?:§ ?|\brules? )\d+(?:\.\d+)* ?(?:[–—-]|\bto\b|\bthrough\b) ?§?\d/;

/** Every `file:line: text` of `files` (project-relative paths) with a range citation. */
function rangeCitations(files: readonly string[], read: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((line, index) => {
        if (RANGE_CITATION.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('citations name one section or rule each (issue #20 §4)', () => {
  it('src/ and examples/ cite no range of sections or rules', () => {
    const files = [...sourceFiles(), ...sourceFiles(join(PROJECT_ROOT, 'examples'))];
    expect(files.some((file) => file.startsWith('examples/'))).toBe(true);
    expect(rangeCitations(files, readProjectFile)).toEqual([]);
  });

  it('the guard itself catches range citations (so a green run means something)', () => {
    const planted: Record<string, string> = {
      'src/planted.ts': [
        '/** The breakdown (sii.md §4.4–§4.6). */',
        '// Spec §2.3 rules 1–2 are judged on the account.',
        "const d = 'spec §4.1 rules 1-3';",
        '/** api-notes.md §3.1–3.2, spec §2 to §3, rule 1 through 4. */',
        '/** Fine: §2.4, §2.5, §2.6; §2.3 rule 1 and §2.3 rule 2; buckets 1–4; V26–V38; v2026-03-02. */',
        '/** Fine: `NumSerieFacturaEmisor` 1–60, digits 2–3, art. 106e ust. 7, rule 2 of §4.1. */',
      ].join('\n'),
    };
    expect(rangeCitations(Object.keys(planted), (file) => planted[file] ?? '')).toEqual([
      'src/planted.ts:1: /** The breakdown (sii.md §4.4–§4.6). */',
      'src/planted.ts:2: // Spec §2.3 rules 1–2 are judged on the account.',
      "src/planted.ts:3: const d = 'spec §4.1 rules 1-3';",
      'src/planted.ts:4: /** api-notes.md §3.1–3.2, spec §2 to §3, rule 1 through 4. */',
    ]);
  });
});
