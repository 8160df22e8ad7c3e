/**
 * The layers of src/ (issue #20 §2; docs/architecture.md "Layers"), checked by dependency-cruiser
 * through its API with the rules of `.dependency-cruiser.cjs`, which are built from the layers written
 * down in architecture/layers.json: no upward import (type-only ones count), no cycle, formats import
 * neither each other nor the ports, no `node:` outside src/adapters, every folder in a layer, and
 * examples/ reaching src/ only through the package's entry points. `npm run check:layers` runs the
 * same rules from the command line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/shared.js';

const FIXTURE = join(PROJECT_ROOT, 'test', 'repository', 'fixtures', 'layers');

interface LayerData {
  layers: { name: string; modules: string[] }[];
  side: { name: string; modules: string[] }[];
}

const LAYERS: LayerData = JSON.parse(readFileSync(join(PROJECT_ROOT, 'architecture', 'layers.json'), 'utf8'));

let options: ICruiseOptions;

/** Cruises `paths` of `baseDir` with the project's rules; the violations found. */
async function violationsOf(baseDir: string, paths: string[]): Promise<IViolation[]> {
  const tsConfig = extractTSConfig(join(PROJECT_ROOT, 'tsconfig.json'));
  const result = await cruise(paths, { ...options, baseDir }, {}, { tsConfig });
  return (result.output as ICruiseResult).summary.violations;
}

/** One line per violation: the rule, the import, and the rule's reason, so a failure says what to fix. */
function describeViolation(violation: IViolation): string {
  const rule = options.ruleSet?.forbidden?.find((candidate) => candidate.name === violation.rule.name);
  const cycle = violation.cycle?.map((step) => step.name).join(' → ');
  return [
    `${violation.rule.name}: ${violation.from} → ${violation.to}`,
    ...(cycle === undefined ? [] : [`  cycle: ${violation.from} → ${cycle}`]),
    ...(rule?.comment === undefined ? [] : [`  why: ${rule.comment}`]),
  ].join('\n');
}

const isExamplesRule = (violation: IViolation) => violation.rule.name === 'examples-entry-points-only';

describe('the layers of src/ (architecture/layers.json, checked by dependency-cruiser)', () => {
  let real: IViolation[];

  beforeAll(async () => {
    options = await extractDepcruiseOptions(join(PROJECT_ROOT, '.dependency-cruiser.cjs'));
    real = await violationsOf(PROJECT_ROOT, ['src', 'examples']);
  });

  it('every folder and top-level file of src/ is in exactly one layer, and every layer module exists', () => {
    const listed = [...LAYERS.layers, ...LAYERS.side].flatMap((layer) => layer.modules);
    const present = readdirSync(join(PROJECT_ROOT, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
      .map((entry) => entry.name);
    expect(present.filter((name) => !listed.includes(name)).sort(), 'in no layer').toEqual([]);
    expect(listed.filter((name) => !present.includes(name)).sort(), 'no such folder or file').toEqual([]);
    expect(
      listed.filter((name, index) => listed.indexOf(name) !== index),
      'in two layers',
    ).toEqual([]);
  });

  it('src/ has no upward import, cycle, format-to-format or format-to-ports import, node: module or unplaced module', () => {
    const found = real.filter((violation) => violation.from.startsWith('src/')).map(describeViolation);
    expect(found).toEqual([]);
  });

  it('examples/ has no cycle and no unresolvable import', () => {
    const found = real
      .filter((violation) => violation.from.startsWith('examples/') && !isExamplesRule(violation))
      .map(describeViolation);
    expect(found).toEqual([]);
  });

  it('examples/ reaches src/ only through the package entry points (rule examples-entry-points-only)', () => {
    expect(real.filter(isExamplesRule).map(describeViolation)).toEqual([]);
  });

  it('the check can fail: it reports each violation planted in test/repository/fixtures/layers, and nothing else', async () => {
    const found = (await violationsOf(FIXTURE, ['src', 'examples']))
      .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`)
      .sort();
    expect(found).toEqual(
      [
        'examples-entry-points-only: examples/deep.ts → src/model/thing.ts',
        'isolated:formats: src/ksef/report.ts → src/sii/book.ts',
        'layer:adapters: src/adapters/memory/clock.ts → src/service/service.ts',
        'layer:base: src/errors/issue.ts → src/model/thing.ts',
        'layer:formats: src/ksef/report.ts → src/ports.ts',
        'layer:service: src/service/wiring.ts → src/adapters/memory/clock.ts',
        // A cycle is reported once, at the import that closes it.
        'no-cycle: src/totals/one.ts → src/totals/two.ts',
        // dependency-cruiser names a node: module by its bare name.
        'no-node-in-core: src/money/file.ts → fs',
        'not-in-a-layer: src/stray/alone.ts → src/stray/alone.ts',
        'not-in-a-layer: src/stray/lost.ts → src/model/thing.ts',
      ].sort(),
    );
  });
});
