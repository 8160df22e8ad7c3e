import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { PROJECT_ROOT } from './shared.js';

/** Every TypeScript source file under `src/`, as paths relative to the project root. */
export function sourceFiles(dir = join(PROJECT_ROOT, 'src')): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts')) files.push(relative(PROJECT_ROOT, path));
  }
  return files.sort();
}

/** The program over all of `src/`, made once per test worker: building it is the slow part. */
let wholeSource: ts.Program | undefined;

/**
 * A type-checked program over `src/` (no Node types: the core must not need them). The one over all of
 * `src/` is made once and shared by the repository guards of a worker.
 */
export function sourceProgram(files?: string[]): ts.Program {
  if (files === undefined) {
    wholeSource ??= makeProgram(sourceFiles());
    return wholeSource;
  }
  return makeProgram(files);
}

function makeProgram(files: string[]): ts.Program {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    types: [],
    noEmit: true,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options, true);
  // tsc skips most JSDoc in .ts files; the documentation test needs all of it.
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseAll;
  return ts.createProgram(
    files.map((file) => join(PROJECT_ROOT, file)),
    options,
    host,
  );
}

/** The text of a project file. */
export function readProjectFile(path: string): string {
  return readFileSync(join(PROJECT_ROOT, path), 'utf8');
}
