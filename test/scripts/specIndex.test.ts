/**
 * `docs/spec-index.md` (issue #20 §4, "an index from spec section to code, generated from the rule ids
 * and checked in CI"): regenerated in memory from `src/`, it must be the committed file, and every
 * literal that stands where a rule id stands, or starts like one, must be a well-formed id. Both
 * checks are shown to fail on planted violations.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareRuleIds,
  findRuleIds,
  SPEC_INDEX_PATH,
  specIndex,
  specIndexMarkdown,
} from '../../scripts/generate-spec-index.js';
import { PROJECT_ROOT } from '../support/shared.js';

const committed = () => readFileSync(join(PROJECT_ROOT, SPEC_INDEX_PATH), 'utf8');

describe('docs/spec-index.md', () => {
  const { markdown, malformed } = specIndex(PROJECT_ROOT);

  it('every rule-id literal of src/ is a well-formed rule id', () => {
    expect(malformed.map(({ id, file, line }) => `${file}:${String(line)} ${JSON.stringify(id)}`)).toEqual(
      [],
    );
  });

  it('is the index the generator writes (run `npm run generate:spec-index` and commit it)', () => {
    expect(committed()).toBe(markdown);
  });
});

describe('the checks catch what they are for (planted violations)', () => {
  const planted = [
    {
      path: 'src/rules/planted.ts',
      text: [
        "import { issueAt } from './issue.js';",
        "export const a = issueAt('spce.2.4.3', 'parameter_blank', ['contact'], 'needs an id');",
        "export const b = { rule: 'spec.2.7.1.', code: 'parameter_blank', param: 'x', message: 'x' };",
        "export const c = 'Spec.2.7.1';",
        "export const d = issueAt('parameter_blank', ['contact'], 'the removed form had no id');",
        "export const e = Symbol.for('fiscalkit.xsd.some key');",
        "export const f = issueAt('spec.2.4.99', 'parameter_blank', ['contact'], 'a new rule');",
      ].join('\n'),
    },
  ];
  const scan = findRuleIds(planted);

  it('a malformed id in a rule position, or any literal that starts like an id, is reported with its line', () => {
    expect(scan.malformed).toEqual([
      { id: 'spce.2.4.3', file: 'src/rules/planted.ts', line: 2 },
      { id: 'spec.2.7.1.', file: 'src/rules/planted.ts', line: 3 },
      { id: 'Spec.2.7.1', file: 'src/rules/planted.ts', line: 4 },
    ]);
    // The removed three-argument issueAt's first argument is a code, and a symbol key is no rule.
    expect(scan.ids).toEqual([{ id: 'spec.2.4.99', file: 'src/rules/planted.ts', line: 7 }]);
  });

  it('a new rule id makes the committed index stale', () => {
    const { ids } = findRuleIds([
      ...planted.map((file) => ({ ...file, text: file.text.replace(/^export const [a-e] .*$/gm, '') })),
      { path: 'src/rules/issue.ts', text: readFileSync(join(PROJECT_ROOT, 'src/rules/issue.ts'), 'utf8') },
    ]);
    expect(ids.map((use) => use.id)).toContain('spec.2.4.99');
    const withPlanted = specIndexMarkdown([...findRuleIds([]).ids, ...ids]);
    expect(withPlanted).not.toBe(committed());
    expect(withPlanted).toContain(
      '| `spec.2.4.99` | rule 99 | [src/rules/planted.ts](../src/rules/planted.ts) |',
    );
  });
});

describe('the index layout', () => {
  it('sorts naturally: spec.2.10 after spec.2.9, numbers before words', () => {
    expect(['spec.2.10', 'spec.2.krs', 'spec.2.9', 'spec.10.1', 'spec.2.9.1'].sort(compareRuleIds)).toEqual([
      'spec.2.9',
      'spec.2.9.1',
      'spec.2.10',
      'spec.2.krs',
      'spec.10.1',
    ]);
  });

  it('reads spec sections as the spec numbers them: §2.7 rule 1, §9 rule 1, a slug without a number', () => {
    const markdown = specIndexMarkdown([
      { id: 'spec.9.1', file: 'src/a.ts', line: 1 },
      { id: 'spec.2.7.1', file: 'src/b.ts', line: 1 },
      { id: 'spec.2.7.1', file: 'src/a.ts', line: 9 },
      { id: 'spec.8.krs', file: 'src/c.ts', line: 1 },
      { id: 'fa3.TNrKRS', file: 'src/c.ts', line: 2 },
      { id: 'fiscalkit.ksef.role8-tax-id', file: 'src/d.ts', line: 1 },
    ]);
    expect(markdown).toContain(
      '### spec §2.7\n\n| Rule id | Rule | Where |\n|---|---|---|\n| `spec.2.7.1` | rule 1 | [src/a.ts](../src/a.ts), [src/b.ts](../src/b.ts) |',
    );
    expect(markdown).toContain(
      '### spec §8\n\n| Rule id | Rule | Where |\n|---|---|---|\n| `spec.8.krs` |  |',
    );
    expect(markdown).toContain(
      '### spec §9\n\n| Rule id | Rule | Where |\n|---|---|---|\n| `spec.9.1` | rule 1 |',
    );
    expect(markdown.indexOf('### spec §2.7')).toBeLessThan(markdown.indexOf('### spec §8'));
    expect(markdown).toContain(
      '### fa3 by XSD type or element\n\n| Rule id | Where |\n|---|---|\n| `fa3.TNrKRS` |',
    );
    expect(markdown).toContain('### fiscalkit `ksef`');
  });
});
