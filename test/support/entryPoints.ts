/**
 * The package's entry points and the source file each is built from, as tsconfig.json's `paths` map
 * them (docs/public-api.md). The same list is package.json's `exports`, tsup.config.ts's entries,
 * typedoc.json's entry points and the API reports of `npm run check:api`; the repository test
 * test/repository/examplesImports.test.ts checks that package.json's `exports` and typedoc.json's entry
 * points agree with it.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { PROJECT_ROOT } from './shared.js';

/** `paths` of tsconfig.json, read with TypeScript's own reader (the file has comments). */
function tsconfigPaths(): Record<string, string[]> {
  const { config, error } = ts.readConfigFile(join(PROJECT_ROOT, 'tsconfig.json'), ts.sys.readFile);
  if (error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return (config as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
}

/** Specifier (`fiscalkit`, `fiscalkit/memory`, …) → source file relative to the root (`src/index.ts`). */
export const ENTRY_POINTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(tsconfigPaths()).map(([specifier, [target]]) => [
    specifier,
    (target ?? '').replace(/^\.\//, ''),
  ]),
);
