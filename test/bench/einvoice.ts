/**
 * E-invoice validation speed and memory (issue #21 "Speed: ahead of the JVM"), on the built
 * `fiscalkit/validate` (dist/, what users run) and the `perf/` documents of shared/en16931:
 *
 * - warm medians of parse + rule sets for 10 and 1,000 lines, against Saxon-HE 9.9 on the JVM
 *   (shared/en16931/ENGINES.md: EN 16931 UBL 44 ms / 197 ms, Peppol UBL 53 ms / 108 ms, EN 16931 CII
 *   24 ms / 137 ms, XRechnung UBL 15 ms), and the targets (10 lines EN + Peppol ≤ 10 ms,
 *   1,000 lines ≤ 150 ms);
 * - the first validation in a fresh process, loading and compiling included (≤ 500 ms);
 * - peak RSS of a fresh process validating the 1,000-line invoice (< 200 MB).
 *
 * CPU time is printed beside wall time: on a shared machine the wall time includes waiting for a core.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const artefacts = process.env.FISCALKIT_ARTEFACTS ?? resolve(root, '..', 'shared', 'en16931');
if (!existsSync(join(artefacts, 'perf'))) {
  console.log(`e-invoice bench skipped: no artefacts at ${artefacts} (set FISCALKIT_ARTEFACTS)`);
  process.exit(0);
}
const built = join(root, 'dist', 'validate.js');
if (!existsSync(built)) throw new Error('run `npm run build` first: the bench measures dist/validate.js');
const engine = (await import(built)) as typeof import('../../src/entries/validate.js');

const SETS = {
  'EN16931-UBL': 'schematron/en16931/ubl/preprocessed/EN16931-UBL-validation-preprocessed.sch',
  'EN16931-CII': 'schematron/en16931/cii/preprocessed/EN16931-CII-validation-preprocessed.sch',
  'PEPPOL-UBL': 'schematron/peppol/PEPPOL-EN16931-UBL.sch',
  'XR-UBL': 'schematron/xrechnung/merged/ubl/XRechnung-UBL-validation.sch',
} as const;
const read = (path: string) => {
  const full = join(artefacts, path);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
};

interface Case {
  name: string;
  file: string;
  sets: (keyof typeof SETS)[];
  saxon: string;
  target: string;
  runs: number;
}
const CASES: Case[] = [
  {
    name: 'UBL 10 lines, EN 16931 + Peppol',
    file: 'perf/ubl-peppol-10-lines.xml',
    sets: ['EN16931-UBL', 'PEPPOL-UBL'],
    saxon: '44 + 53 ms',
    target: '≤ 10 ms',
    runs: 60,
  },
  {
    name: 'UBL 1,000 lines, EN 16931 + Peppol',
    file: 'perf/ubl-peppol-1000-lines.xml',
    sets: ['EN16931-UBL', 'PEPPOL-UBL'],
    saxon: '197 + 108 ms',
    target: '≤ 150 ms',
    runs: 15,
  },
  {
    name: 'CII 10 lines, EN 16931',
    file: 'perf/cii-en16931-10-lines.xml',
    sets: ['EN16931-CII'],
    saxon: '24 ms',
    target: '–',
    runs: 60,
  },
  {
    name: 'CII 1,000 lines, EN 16931',
    file: 'perf/cii-en16931-1000-lines.xml',
    sets: ['EN16931-CII'],
    saxon: '137 ms',
    target: '≤ 150 ms',
    runs: 15,
  },
  {
    name: 'UBL 10 lines, EN 16931 + XRechnung',
    file: 'perf/ubl-xrechnung-10-lines.xml',
    sets: ['EN16931-UBL', 'XR-UBL'],
    saxon: '44 + 15 ms',
    target: '≤ 10 ms',
    runs: 60,
  },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const compiled = new Map<string, ReturnType<typeof engine.compileSchematron>>();
const rules = (name: keyof typeof SETS) => {
  let set = compiled.get(name);
  if (set === undefined) {
    set = engine.compileSchematron(read, SETS[name]);
    compiled.set(name, set);
  }
  return set;
};

const rows: string[] = [];
for (const c of CASES) {
  const xml = read(c.file) as string;
  for (const set of c.sets) rules(set);
  const wall: number[] = [];
  const cpu: number[] = [];
  let findings = 0;
  for (let i = 0; i < c.runs + 10; i += 1) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    const document = engine.parseXdm(xml);
    findings = 0;
    for (const set of c.sets) findings += rules(set).run(document).length;
    const used = process.cpuUsage(startCpu);
    if (i < 10) continue; // warm-up: the JIT compiles the hot closures in the first runs
    wall.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  if (findings !== 0) throw new Error(`${c.file} should be valid, got ${findings} findings`);
  rows.push(
    `| ${c.name} | ${median(wall).toFixed(1)} ms | ${median(cpu).toFixed(1)} ms | ${c.saxon} | ${c.target} |`,
  );
}

// A fresh process: import, compile EN 16931 + Peppol UBL from the artefacts, validate one invoice —
// with the engine alone, and with the whole validator (XML guards, XSD with libxml2-wasm, rule sets).
const child = (file: string, whole: boolean) => {
  const script = `
    const t0 = performance.now();
    const { readFileSync, existsSync } = await import('node:fs');
    const { join } = await import('node:path');
    const engine = await import(${JSON.stringify(built)});
    let n = 0;
    if (${whole}) {
      const validator = await engine.einvoiceValidatorFromDirectories([${JSON.stringify(artefacts)}]);
      const verdict = validator.validate(readFileSync(join(${JSON.stringify(artefacts)}, ${JSON.stringify(file)}), 'utf8'));
      if (verdict.outcome !== 'valid') throw new Error(JSON.stringify(verdict.findings.slice(0, 3)));
    } else {
      const read = (p) => { const f = join(${JSON.stringify(artefacts)}, p); return existsSync(f) ? readFileSync(f, 'utf8') : undefined; };
      const sets = [${JSON.stringify(SETS['EN16931-UBL'])}, ${JSON.stringify(SETS['PEPPOL-UBL'])}].map((e) => engine.compileSchematron(read, e));
      const doc = engine.parseXdm(read(${JSON.stringify(file)}));
      for (const s of sets) n += s.run(doc).length;
    }
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage();
    console.log(JSON.stringify({ ms, sinceStart: performance.now(), cpu: (cpu.user + cpu.system) / 1000, rss: process.resourceUsage().maxRSS / 1024, n }));
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout.trim()) as {
    ms: number;
    sinceStart: number;
    cpu: number;
    rss: number;
    n: number;
  };
};
const firsts = [0, 1, 2, 3, 4].map(() => child('perf/ubl-peppol-10-lines.xml', false));
const wholes = [0, 1, 2].map(() => child('perf/ubl-peppol-10-lines.xml', true));
const peaks = [0, 1, 2].map(() => child('perf/ubl-peppol-1000-lines.xml', false));

console.log(
  `\nE-invoice validation (fiscalkit/validate from dist/, ${artefacts}); load ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
console.log('| document, rule sets | median wall | median CPU | Saxon-HE (JVM, warm) | target |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(
  `| first validation in a fresh process: import + compile EN 16931 + Peppol UBL + validate 10 lines (since process start, Node's own boot included: ${median(firsts.map((f) => f.sinceStart)).toFixed(0)} ms) | ${median(firsts.map((f) => f.ms)).toFixed(0)} ms | ${median(firsts.map((f) => f.cpu)).toFixed(0)} ms | 3–6 s cold compile | ≤ 500 ms |`,
);
console.log(
  `| the same with the whole validator (einvoiceValidatorFromDirectories: guards, libxml2-wasm XSD, rule sets, PDF reader loaded) | ${median(wholes.map((f) => f.ms)).toFixed(0)} ms | ${median(wholes.map((f) => f.cpu)).toFixed(0)} ms | | |`,
);
console.log(
  `| peak RSS of a fresh process validating the 1,000-line UBL invoice | ${median(peaks.map((p) => p.rss)).toFixed(0)} MB | | 476–925 MB | < 200 MB |`,
);
