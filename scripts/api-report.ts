/**
 * The public API report (issue #20 §1; docs/public-api.md "The API report"): api-extractor reads the
 * built declarations of each entry point of package.json (`dist/<entry>.d.ts`, after `npm run build`)
 * and writes what it exports — every name and signature — to `api/<package>[-<entry>].api.md`.
 *
 * - `npm run check:api` (part of `npm test`, after the build) fails when a report differs from what
 *   the build exports: a change to the public surface is then visible in review, in the report's diff.
 * - `npm run api:update` writes the reports anew; commit them with the change.
 *
 * A type that an entry point's signatures name but that lives in another entry point (the resource
 * types of `fiscalkit/model` in the root's service interfaces) shows in that entry point's report as
 * an `ae-forgotten-export` note; this script checks that each such type is exported by some entry
 * point, so that nothing a signature names is out of a host's reach. The one exception is a type
 * that no module of src/ exports (a private alias such as `LedgerTransition`): the package keeps it
 * private on purpose, and the report records its shape all the same.
 *
 * Usage: `tsx scripts/api-report.ts [--update] [--dist <dir>]`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  type ExtractorMessage,
  type IConfigFile,
} from '@microsoft/api-extractor';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const REPORT_FOLDER = join(ROOT, 'api');
/** Where a check leaves the report it expected to find, for a diff (not committed). */
const TEMP_FOLDER = join(ROOT, 'reports', 'api-extractor');

const args = process.argv.slice(2);
const update = args.includes('--update');
const distArg = args.indexOf('--dist');
const DIST = distArg >= 0 ? resolve(args[distArg + 1] ?? '') : join(ROOT, 'dist');

interface PackageJson {
  name: string;
  exports: Record<string, string | { import?: { types?: string } }>;
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;

/** Each entry point of package.json: its specifier, its report's name and its built declarations. */
interface EntryPoint {
  specifier: string;
  report: string;
  declarations: string;
}

/**
 * The entry points of package.json `exports` (not `./package.json`), with the report file each gets:
 * `fiscalkit.api.md` for the root, `fiscalkit-memory.api.md` for `fiscalkit/memory`.
 *
 * @example
 * ```ts
 * entryPoints(distDir).map((entry) => entry.report); // ['fiscalkit', 'fiscalkit-model', …]
 * ```
 */
function entryPoints(dist: string): EntryPoint[] {
  return Object.entries(pkg.exports)
    .filter(([subpath]) => subpath !== './package.json')
    .map(([subpath, target]) => {
      const types = typeof target === 'string' ? target : (target.import?.types ?? '');
      const name = subpath === '.' ? '' : subpath.slice(2);
      return {
        specifier: name === '' ? pkg.name : `${pkg.name}/${name}`,
        report: name === '' ? pkg.name : `${pkg.name}-${name.replace(/\//g, '-')}`,
        declarations: join(dist, types.replace(/^\.\/dist\//, '')),
      };
    });
}

/**
 * The api-extractor configuration of one entry point. Each choice is deliberate (docs/public-api.md):
 *
 * - `ae-forgotten-export` is written into the report (visible in review) but not failed on: a type
 *   exported by another entry point is forgotten from this one's point of view; {@link main} checks
 *   that every such type is exported somewhere.
 * - `ae-missing-release-tag`: off. fiscalkit does not tag releases per declaration (`@public`,
 *   `@beta`): every export of an entry point is public, and the semver policy says what changes.
 * - TSDoc syntax, `ae-unresolved-link` and `ae-undocumented`: off. The comments are TSDoc read by
 *   typedoc, which checks them and every `{@link}` across all entry points (`npm run docs`, warnings
 *   as errors; api-extractor resolves a link only within one entry point, and typedoc's `@module` is
 *   not in TSDoc's standard set); what must be documented is the TSDoc guard's
 *   (test/repository/conventions.test.ts), not every interface member.
 * - Everything else api-extractor reports is an error.
 */
function configOf(entry: EntryPoint): IConfigFile {
  return {
    projectFolder: ROOT,
    mainEntryPointFilePath: entry.declarations,
    compiler: {
      overrideTsconfig: {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          module: 'ESNext',
          moduleResolution: 'Bundler',
          strict: true,
          skipLibCheck: true,
          types: ['node'],
        },
        files: [entry.declarations],
      },
    },
    apiReport: {
      enabled: true,
      // api-extractor writes (and compares) only below reports/: whether the surface changed is judged
      // by this script on the reports without chunk names (withoutChunkNames), not by api-extractor.
      reportFolder: TEMP_FOLDER,
      reportTempFolder: join(TEMP_FOLDER, 'temp'),
      reportFileName: entry.report,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
      extractorMessageReporting: {
        default: { logLevel: ExtractorLogLevel.Error, addToApiReportFile: false },
        'ae-forgotten-export': { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
        'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        'ae-unresolved-link': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        'ae-undocumented': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
      },
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false } },
    },
  } as IConfigFile;
}

/** The names a report says its entry point exports (`export function x`, `export interface X`, …). */
function exportedNames(report: string): Set<string> {
  const names = new Set<string>();
  for (const match of report.matchAll(
    /^export (?:declare )?(?:abstract )?(?:function|class|interface|type|const|let|var|enum|namespace) (\w+)/gm,
  ))
    if (match[1] !== undefined) names.add(match[1]);
  for (const match of report.matchAll(/^export \{ (\w+)(?: as (\w+))? \}/gm))
    names.add(match[2] ?? match[1] ?? '');
  return names;
}

/** The names some module under `dir` exports (`export interface X`, `export type X`, `export const X`…). */
function sourceExports(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) for (const name of sourceExports(path)) names.add(name);
    else if (entry.name.endsWith('.ts'))
      for (const match of readFileSync(path, 'utf8').matchAll(
        /^export (?:declare )?(?:abstract )?(?:async )?(?:function|class|interface|type|const|let|enum) (\w+)/gm,
      ))
        names.add(match[1] ?? '');
  }
  return names;
}

function main(): number {
  const entries = entryPoints(DIST);
  const missing = entries.filter((entry) => !existsSync(entry.declarations));
  if (missing.length > 0) {
    console.error(
      `api-report: no declarations for ${missing.map((entry) => entry.specifier).join(', ')} in ${DIST}: run npm run build first`,
    );
    return 2;
  }
  const failed: string[] = [];
  for (const entry of entries) {
    const config = ExtractorConfig.prepare({
      configObject: configOf(entry),
      configObjectFullPath: join(ROOT, 'api', `${entry.report}.api-extractor.json`),
      packageJsonFullPath: join(ROOT, 'package.json'),
    });
    const result = Extractor.invoke(config, {
      localBuild: true,
      messageCallback: (message: ExtractorMessage) => {
        // Whether the surface changed is judged below, on the reports without chunk names.
        if (message.messageId === 'console-api-report-changed') message.logLevel = ExtractorLogLevel.None;
      },
    });
    const committed = join(REPORT_FOLDER, `${entry.report}.api.md`);
    const built = withoutChunkNames(readFileSync(join(TEMP_FOLDER, `${entry.report}.api.md`), 'utf8'));
    if (update) writeFileSync(committed, built);
    const changed = !existsSync(committed) || withoutChunkNames(readFileSync(committed, 'utf8')) !== built;
    if (!result.succeeded || (!update && changed)) failed.push(entry.specifier);
  }
  // Every type a signature names is exported by some entry point (docs/public-api.md).
  const reports = new Map(
    entries.map((entry) => [entry, readFileSync(join(REPORT_FOLDER, `${entry.report}.api.md`), 'utf8')]),
  );
  const everywhere = new Set([...reports.values()].flatMap((report) => [...exportedNames(report)]));
  const exportedBySource = sourceExports(join(ROOT, 'src'));
  const unreachable: string[] = [];
  for (const [entry, report] of reports)
    for (const match of report.matchAll(/\(ae-forgotten-export\) The symbol "(\w+?)(?:_\d+)?" needs/g)) {
      const name = match[1] ?? '';
      if (!everywhere.has(name) && exportedBySource.has(name))
        unreachable.push(`${entry.specifier}: ${name} is named by a signature but no entry point exports it`);
    }
  for (const line of [...new Set(unreachable)]) console.error(`api-report: ${line}`);
  if (failed.length > 0)
    console.error(
      update
        ? `api-report: api-extractor failed for ${failed.join(', ')}`
        : `api-report: the public API of ${failed.join(', ')} differs from api/ (see reports/api-extractor/ for what the build exports). If the change is meant, run npm run api:update and commit api/ (docs/public-api.md).`,
    );
  return failed.length > 0 || unreachable.length > 0 ? 1 : 0;
}

/**
 * A report without the build's chunk names: api-extractor's warnings name the declaration file they
 * come from (`dist/ports-BbqrKaXy.d.ts:545:9`), and tsup's chunk hashes and line numbers change with
 * any edit of that chunk, so a report would differ on a change that leaves the surface alone.
 *
 * @example
 * withoutChunkNames('// dist/ports-BbqrKaXy.d.ts:545:9 - (ae-forgotten-export) …'); // '// dist/ports.d.ts - (ae-forgotten-export) …'
 */
function withoutChunkNames(report: string): string {
  return report.replace(/dist\/([\w.]+?)-[\w-]{8}\.d\.(c?ts):\d+:\d+/g, 'dist/$1.d.$2');
}

process.exitCode = main();
