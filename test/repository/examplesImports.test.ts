/**
 * The binding uses only the package (issue #20 §1): every module specifier in examples/ — the HTTP
 * binding and the small examples — is the package's own name or one of its entry points
 * (`fiscalkit`, `fiscalkit/memory`, …, package.json `exports`), a file of examples/ itself, a `node:`
 * built-in, or a package that package.json declares. A relative path into src/, a deep
 * `fiscalkit/dist/…` import or an entry point package.json does not export fails here, so a host can
 * rebuild the reference binding from the npm package alone. (The layer rules of dependency-cruiser
 * say the same from the other side; this is the explicit list of specifiers.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ENTRY_POINTS } from '../support/entryPoints.js';
import { PROJECT_ROOT } from '../support/shared.js';

interface PackageJson {
  name: string;
  exports: Record<string, unknown>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as PackageJson;

/** `fiscalkit`, `fiscalkit/memory`, …: package.json's exports as specifiers. */
const EXPORTED: ReadonlySet<string> = new Set(
  Object.keys(pkg.exports)
    .filter((subpath) => subpath !== './package.json')
    .map((subpath) => (subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`)),
);

/** The packages package.json declares (hono, pg, zod, …), which a host installs beside fiscalkit. */
const DECLARED: ReadonlySet<string> = new Set(
  [pkg.dependencies, pkg.devDependencies, pkg.peerDependencies].flatMap((deps) => Object.keys(deps ?? {})),
);

/** Every module specifier of a TypeScript source: imports, re-exports, `import()` and `import type`. */
function moduleSpecifiers(source: string, fileName = 'example.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      found.push(node.argument.literal.text);
    else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    )
      found.push(node.moduleReference.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The package a bare specifier names: `hono` of `hono/utils`, `@hono/node-server` of itself. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Why `specifier`, imported by `file` (relative to the project root), is not allowed; null if it is. */
function refusedSpecifier(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) {
    const target = relative(PROJECT_ROOT, resolve(PROJECT_ROOT, dirname(file), specifier));
    return target.startsWith(`examples/`) ? null : `a relative import out of examples/ (${target})`;
  }
  if (specifier.startsWith('node:')) return null;
  if (specifier === pkg.name || specifier.startsWith(`${pkg.name}/`))
    return EXPORTED.has(specifier) ? null : 'not an entry point of package.json "exports"';
  if (specifier.startsWith('/')) return 'an absolute path';
  return DECLARED.has(packageOf(specifier)) ? null : 'a package that package.json does not declare';
}

function examplesFiles(dir = join(PROJECT_ROOT, 'examples')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return examplesFiles(path);
    return /\.(?:ts|mts|cts|tsx|js|mjs|cjs)$/.test(entry.name) ? [relative(PROJECT_ROOT, path)] : [];
  });
}

describe('examples/ imports only the package (issue #20 §1)', () => {
  it('every import of examples/ is an entry point, a file of examples/, node: or a declared package', () => {
    const files = examplesFiles();
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) =>
      moduleSpecifiers(readFileSync(join(PROJECT_ROOT, file), 'utf8'), file).flatMap((specifier) => {
        const why = refusedSpecifier(file, specifier);
        return why === null ? [] : [`${file}: '${specifier}' is ${why}`];
      }),
    );
    expect(offenders).toEqual([]);
  });

  it('the binding does use the package (the check above is not vacuous)', () => {
    const specifiers = new Set(
      examplesFiles().flatMap((file) => moduleSpecifiers(readFileSync(join(PROJECT_ROOT, file), 'utf8'))),
    );
    expect(specifiers.has('fiscalkit')).toBe(true);
    expect(specifiers.has('fiscalkit/http')).toBe(true);
  });

  it('the entry points it allows are exactly those tsconfig.json resolves to the source', () => {
    expect([...EXPORTED].sort()).toEqual(Object.keys(ENTRY_POINTS).sort());
  });

  it('the API reference documents every entry point (typedoc.json), and only those', () => {
    const typedoc = JSON.parse(readFileSync(join(PROJECT_ROOT, 'typedoc.json'), 'utf8')) as {
      entryPoints: string[];
    };
    expect([...typedoc.entryPoints].sort()).toEqual(Object.values(ENTRY_POINTS).sort());
  });

  it('refuses planted violations of every kind', () => {
    const planted = `
      import { ownedAccount } from '../../src/service/tenancy.js';
      import type { Ports } from '../../src/ports.ts';
      export { serialize } from '../../src/versions/serialize.js';
      import { computeTotals } from 'fiscalkit/dist/index.js';
      import { x } from 'fiscalkit/service';
      import { left } from 'left-pad';
      const lazy = await import('../../src/index.js');
      type T = import('fiscalkit/internal').T;
      import { ok } from 'fiscalkit/memory';
      import { wire } from './wire.js';
      import { Hono } from 'hono';
      import { readFileSync } from 'node:fs';
    `;
    const refused = moduleSpecifiers(planted).filter(
      (specifier) => refusedSpecifier('examples/http/app.ts', specifier) !== null,
    );
    expect(refused).toEqual([
      '../../src/service/tenancy.js',
      '../../src/ports.ts',
      '../../src/versions/serialize.js',
      'fiscalkit/dist/index.js',
      'fiscalkit/service',
      'left-pad',
      '../../src/index.js',
      'fiscalkit/internal',
    ]);
  });
});
