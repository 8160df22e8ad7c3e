/**
 * The README walks a newcomer through every capability with a snippet each (issue #9), and "CI proves
 * every snippet … still runs": each ```ts block of README.md is written to a temporary `.mts` file with
 * its `fiscalkit…` imports pointed at the source entry points (`readmeSnippets.ts`), run with Node and
 * tsx from the checkout's root, and must exit 0 — the snippets state their results with
 * `node:assert/strict`, so one that drifts from what fiscalkit answers fails here. They are also
 * type-checked as a TypeScript project with the repository's compiler options would check them, since a
 * reader pastes them into one.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { hasShared, PROJECT_ROOT, SHARED_DIR, SHARED_MISSING } from '../support/shared.js';
import { ENTRY_POINTS, readmeSnippets, runnableSource, type Snippet } from './readmeSnippets.js';

const README = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
const SNIPPETS = readmeSnippets(README);

/**
 * The sections of the walkthrough, in the issue's order (install first, development last, neither with
 * a ```ts snippet), each of which must have at least one snippet.
 */
const WALKTHROUGH = [
  'Totals',
  'Identifiers',
  'API versions',
  'KSeF (FA(3))',
  'SII',
  'TIN verification',
  'Tax report batches',
  'Webhooks',
  'E-invoice documents',
  'Sending invoices',
  'The HTTP service',
  'Testing with `fiscalkit/testing`',
];

/**
 * Generous: each snippet is a cold Node + tsx start, several at once beside the rest of the suite.
 * Never asserted on; only a hung snippet should reach it.
 */
const RUN_TIMEOUT_MS = 120_000;

/** Snippets that read the official schemas or samples beside the checkout (`'../shared/…'`). */
function needsShared(snippet: Snippet): boolean {
  return /['"`]\.\.\/shared\//.test(snippet.code);
}

// One directory for every snippet, with the checkout's node_modules beside the files so that the
// packages a reader installs next to fiscalkit (fast-check, …) resolve from there as in their project.
const WORK_DIR = mkdtempSync(join(tmpdir(), 'fiscalkit-readme-'));
symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(WORK_DIR, 'node_modules'), 'junction');
afterAll(() => {
  rmSync(WORK_DIR, { recursive: true, force: true });
});

/** A file name for a snippet: its index and a slug of its section. */
function fileOf(snippet: Snippet, suffix: string): string {
  const slug = snippet.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return join(WORK_DIR, `${String(SNIPPETS.indexOf(snippet)).padStart(2, '0')}-${slug}${suffix}.mts`);
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a file with Node and tsx, from the checkout's root, as `npx tsx` would. */
function runNode(file: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe('README.md', () => {
  it('has a ```ts snippet in every section of the walkthrough, in the order of issue #9', () => {
    const sections = [...README.matchAll(/^## (.+)$/gm)].map((match) => match[1]?.trim());
    expect(sections[0]).toBe('Getting started');
    expect(sections.at(-1)).toBe('Development');
    expect(sections.slice(1, -1)).toEqual(WALKTHROUGH);
    const withSnippets = new Set(SNIPPETS.map((snippet) => snippet.name.replace(/ \(\d+\)$/, '')));
    expect(WALKTHROUGH.filter((section) => !withSnippets.has(section))).toEqual([]);
  });

  it('keeps the two commands of "Getting started"', () => {
    const start = README.indexOf('## Getting started');
    const firstBlock = README.slice(start, README.indexOf('```\n', README.indexOf('```sh', start) + 5));
    expect(firstBlock).toContain('npm install && npm start');
    expect(firstBlock).toContain('npm install && npm test');
  });

  it('names only npm scripts that package.json has, and every example script', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts,
    );
    const named = [...README.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] ?? '');
    const examples = /`npm run example:<name>`[^\n]*/.exec(README)?.[0] ?? '';
    const exampleNames = [...examples.matchAll(/`([\w-]+)` \(/g)].map((match) => `example:${match[1] ?? ''}`);
    expect(named.filter((name) => name !== 'example:' && !scripts.includes(name))).toEqual([]);
    expect(exampleNames.filter((name) => !scripts.includes(name))).toEqual([]);
    expect(scripts.filter((name) => name.startsWith('example:') && !exampleNames.includes(name))).toEqual([]);
  });

  it('imports only entry points that package.json exports, built from the files the snippets run', () => {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, { import?: { default?: string } } | string>;
    };
    const tsup = readFileSync(join(PROJECT_ROOT, 'tsup.config.ts'), 'utf8');
    const exported = Object.entries(pkg.exports)
      .filter(([subpath]) => subpath !== './package.json')
      .map(([subpath, target]) => {
        const built = typeof target === 'string' ? target : (target.import?.default ?? '');
        const name = /^\.\/dist\/(.+)\.js$/.exec(built)?.[1] ?? '';
        const specifier = subpath === '.' ? 'fiscalkit' : `fiscalkit/${subpath.slice(2)}`;
        // An entry named with a hyphen (`ksef-client`) is a quoted key in tsup.config.ts.
        return [specifier, new RegExp(`(?:\\b${name}|'${name}'): '([^']+)'`).exec(tsup)?.[1]];
      });
    expect(Object.fromEntries(exported)).toEqual(ENTRY_POINTS);
  });
});

describe.concurrent('every README snippet runs as it is', () => {
  it.for(SNIPPETS.map((snippet) => [snippet.name, snippet] as const))(
    '%s',
    { timeout: RUN_TIMEOUT_MS },
    async ([, snippet], context) => {
      if (needsShared(snippet) && !hasShared)
        context.skip(`README line ${String(snippet.line)} reads ../shared: ${SHARED_MISSING}`);
      const file = fileOf(snippet, '');
      writeFileSync(file, runnableSource(snippet.code, { root: PROJECT_ROOT, shared: SHARED_DIR }));
      const run = await runNode(file);
      const report = `README.md line ${String(snippet.line)} (${file}) exited ${String(run.code ?? run.signal)}:\n${run.stderr}${run.stdout}`;
      context.expect(run.code, report).toBe(0);
    },
  );
});

describe('every README snippet type-checks', () => {
  it(
    'under the repository compiler options (strict, exactOptionalPropertyTypes, …)',
    () => {
      const config = ts.readConfigFile(join(PROJECT_ROOT, 'tsconfig.json'), (path) => ts.sys.readFile(path));
      const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, PROJECT_ROOT);
      const files = SNIPPETS.map((snippet) => {
        const file = fileOf(snippet, '.check');
        // Paths are only strings to the checker: `shared` need not exist.
        const source = runnableSource(snippet.code, {
          root: PROJECT_ROOT,
          shared: SHARED_DIR,
          style: 'path',
        });
        writeFileSync(file, source);
        return { file, snippet };
      });
      const program = ts.createProgram(
        files.map(({ file }) => file),
        {
          ...parsed.options,
          noEmit: true,
          allowImportingTsExtensions: true,
          typeRoots: [join(PROJECT_ROOT, 'node_modules', '@types')],
        },
      );
      const problems = ts
        .getPreEmitDiagnostics(program)
        .filter(
          (diagnostic) => diagnostic.file === undefined || diagnostic.file.fileName.startsWith(WORK_DIR),
        )
        .map((diagnostic) => {
          const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
          if (diagnostic.file === undefined || diagnostic.start === undefined) return message;
          const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
          const owner = files.find(({ file }) => file === diagnostic.file?.fileName)?.snippet;
          const where =
            owner === undefined
              ? diagnostic.file.fileName
              : `README.md line ${String(owner.line + 1 + line)}`;
          return `${where} (${owner?.name ?? '?'}): ${message}`;
        });
      expect(problems).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('readmeSnippets and runnableSource (the machinery above)', () => {
  const markdown = [
    '# Title',
    '```ts',
    'const before = 1;',
    '```',
    '## Totals',
    '```sh',
    'npm test',
    '```',
    '```ts',
    "import { computeTotals } from 'fiscalkit';",
    '```',
    '```ts no-run',
    'this is not run',
    '```',
    '```ts',
    "import { buildFa3 } from 'fiscalkit/ksef';",
    '```',
  ].join('\n');

  it('finds ```ts blocks by section, numbering a section’s second block, skipping no-run', () => {
    expect(readmeSnippets(markdown).map(({ name, line, code }) => ({ name, line, code }))).toEqual([
      { name: '(before any section)', line: 2, code: 'const before = 1;' },
      { name: 'Totals', line: 9, code: "import { computeTotals } from 'fiscalkit';" },
      { name: 'Totals (2)', line: 15, code: "import { buildFa3 } from 'fiscalkit/ksef';" },
    ]);
  });

  it('refuses a block that never closes', () => {
    expect(() => readmeSnippets('## A\n```ts\nconst a = 1;\n')).toThrow(/line 2 never closes/);
  });

  it('points package imports, examples and ../shared at the checkout, and nothing else', () => {
    const places = { root: '/repo', shared: '/elsewhere/shared', style: 'path' } as const;
    const code = [
      "import { computeTotals } from 'fiscalkit';",
      'import { memoryPorts } from "fiscalkit/memory";',
      "const ksef = await import('fiscalkit/ksef');",
      "import { createHttpApp } from './examples/http/app.ts';",
      "const directory = '../shared/xsd/sii';",
      "const system_info = 'fiscalkit';",
    ].join('\n');
    expect(runnableSource(code, places).split('\n')).toEqual([
      "import { computeTotals } from '/repo/src/index.ts';",
      'import { memoryPorts } from "/repo/src/adapters/memory/index.ts";',
      "const ksef = await import('/repo/src/ksef/index.ts');",
      "import { createHttpApp } from '/repo/examples/http/app.ts';",
      "const directory = '/elsewhere/shared/xsd/sii';",
      "const system_info = 'fiscalkit';",
    ]);
    expect(runnableSource("import { x } from 'fiscalkit';", { root: '/repo', shared: '/s' })).toBe(
      "import { x } from 'file:///repo/src/index.ts';",
    );
  });

  it('refuses an import of a subpath the package does not export', () => {
    expect(() =>
      runnableSource("import { x } from 'fiscalkit/src/totals';", { root: '/r', shared: '/s' }),
    ).toThrow(/'fiscalkit\/src\/totals', which is not an entry point/);
  });
});
