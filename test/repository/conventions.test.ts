import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readProjectFile, sourceFiles, sourceProgram } from '../support/sourceFiles.js';

/**
 * The only core files allowed to read the clock (`Date.now()`), each with why:
 *
 * - `src/events/webhookSignature.ts`: `verifyWebhookSignature` is a receiver-side helper, and
 *   receivers have no `Clock` port, so its replay check defaults `now` to the current time (callers
 *   may pass their own). The sending side never reads it: `signWebhook` takes its timestamp from the
 *   delivery job, which reads the `Clock` port.
 */
const CLOCK_READERS: ReadonlySet<string> = new Set(['src/events/webhookSignature.ts']);

/**
 * Building a type-checked program of all of `src/` takes seconds, and many more on a busy 2-core CI
 * machine (issue #18 item 19): the TSDoc guard gets an explicit budget that says nothing about speed.
 */
const PROGRAM_BUDGET_MS = 180_000;

describe('repository conventions (DESIGN.md)', () => {
  it('the pure core imports nothing from node: (it must run in any JavaScript runtime)', () => {
    const offenders = sourceFiles()
      .filter((file) => !file.startsWith('src/adapters/'))
      .filter((file) => /from ['"]node:|require\(['"]node:/.test(readProjectFile(file)));
    expect(offenders).toEqual([]);
  });

  it('the core has no clock, randomness or global Decimal configuration', () => {
    // Adapters are where the world is: `systemClock()` reads the time, the memory random source Web Crypto.
    const offenders = sourceFiles()
      .filter((file) => !file.startsWith('src/adapters/'))
      .filter((file) => {
        const text = readProjectFile(file);
        // `new Date()` reads the clock; `new Date(ms)` only turns the injected clock's milliseconds
        // into the `Date` an API wants (the FA(3) builder's `now`), which is allowed.
        if (/new Date\(\s*\)|Math\.random\(|crypto\.randomUUID|Decimal\.set\(/.test(text)) return true;
        return /\bDate\.now\(/.test(text) && !CLOCK_READERS.has(file);
      });
    expect(offenders).toEqual([]);
  });

  it(
    'every exported function and class has a TSDoc comment with an @example',
    () => {
      const program = sourceProgram();
      const missing: string[] = [];
      for (const file of program.getSourceFiles()) {
        // Only the project's own files: a dependency's declarations (fast-xml-parser ships `src/fxp.d.ts`)
        // also sit under a `src/` folder.
        if (!/\/src\//.test(file.fileName) || file.fileName.includes('/node_modules/')) continue;
        const where = (node: ts.Node) =>
          `${file.fileName.replace(/.*\/src\//, 'src/')}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
        // An overloaded function is documented once, on its first signature (TSDoc convention); the
        // later overloads and the implementation are the same function.
        const seenFunctions = new Set<string>();
        for (const statement of file.statements) {
          if (ts.isFunctionDeclaration(statement) && statement.name !== undefined) {
            if (seenFunctions.has(statement.name.text)) continue;
            seenFunctions.add(statement.name.text);
          }
          const exported =
            ts.canHaveModifiers(statement) &&
            (ts.getModifiers(statement) ?? []).some(
              (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword,
            );
          if (!exported) continue;
          const docs = ts.getJSDocCommentsAndTags(statement);
          const hasDoc = docs.length > 0;
          const hasExample = ts.getJSDocTags(statement).some((tag) => tag.tagName.text === 'example');
          const isCallable =
            ts.isFunctionDeclaration(statement) ||
            ts.isClassDeclaration(statement) ||
            (ts.isVariableStatement(statement) &&
              statement.declarationList.declarations.some(
                (declaration) =>
                  declaration.initializer !== undefined &&
                  (ts.isArrowFunction(declaration.initializer) ||
                    ts.isFunctionExpression(declaration.initializer)),
              ));
          if (!hasDoc) missing.push(`${where(statement)} has no TSDoc comment`);
          else if (isCallable && !hasExample) missing.push(`${where(statement)} has no @example`);
        }
      }
      expect(missing).toEqual([]);
    },
    PROGRAM_BUDGET_MS,
  );
});
