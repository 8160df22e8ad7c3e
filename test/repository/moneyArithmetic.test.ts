import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceProgram } from '../support/sourceFiles.js';

/**
 * Money is never a JS number (DESIGN.md, "Decisions that hold everywhere"). This test reads `src/`
 * with the TypeScript checker and fails on anything that would do decimal arithmetic on numbers:
 * multiplication, division, remainder or power with a `number` operand; `parseFloat`, `Number(…)`,
 * `Math.round/floor/ceil/trunc`, `toFixed`/`toPrecision`; and fractional number literals.
 * Counting (`index + 1`, `scale - 2`, `Math.max` of decimals) stays allowed. A line that must
 * convert a count may say why with a `// money-safe: …` comment on it or on the line above; a file
 * that does nothing but integer time arithmetic (`src/model/instant.ts`) says so once, on its first
 * line, with `// money-safe-file: …`.
 */
const ARITHMETIC = new Set([
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.PercentToken,
  ts.SyntaxKind.AsteriskAsteriskToken,
  ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.PercentEqualsToken,
  ts.SyntaxKind.AsteriskAsteriskEqualsToken,
]);
const FORBIDDEN_CALLS = new Set([
  'parseFloat',
  'Number',
  'Number.parseFloat',
  'Math.round',
  'Math.floor',
  'Math.ceil',
  'Math.trunc',
  'Math.fround',
]);
const FORBIDDEN_METHODS = new Set(['toFixed', 'toPrecision']);

/** Finds number arithmetic in the given source files of a program. */
function findNumberMoney(program: ts.Program, files: readonly ts.SourceFile[]): string[] {
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of files) {
    if (file.text.startsWith('// money-safe-file:')) continue;
    const lines = file.text.split('\n');
    const allowed = (line: number) => /money-safe:/.test(`${lines[line - 1] ?? ''}${lines[line] ?? ''}`);
    const report = (node: ts.Node, what: string) => {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      if (!allowed(line)) found.push(`${file.fileName.replace(/.*\/src\//, 'src/')}:${line + 1} ${what}`);
    };
    const isNumber = (node: ts.Expression) =>
      (checker.getTypeAtLocation(node).flags & ts.TypeFlags.NumberLike) !== 0;
    const visit = (node: ts.Node) => {
      if (ts.isBinaryExpression(node) && ARITHMETIC.has(node.operatorToken.kind)) {
        if (isNumber(node.left) || isNumber(node.right))
          report(node, `number arithmetic: ${node.getText(file)}`);
      } else if (ts.isCallExpression(node) && FORBIDDEN_CALLS.has(node.expression.getText(file))) {
        report(node, `forbidden call: ${node.getText(file)}`);
      } else if (ts.isPropertyAccessExpression(node) && FORBIDDEN_METHODS.has(node.name.text)) {
        report(node, `forbidden method: ${node.getText(file)}`);
      } else if (
        ts.isNumericLiteral(node) &&
        /[.eE]/.test(node.getText(file)) &&
        // A hex, binary or octal literal is an integer: its `e` is a digit (0xe000), not an exponent.
        !/^0[xXbBoO]/.test(node.getText(file))
      ) {
        report(node, `fractional number literal: ${node.getText(file)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

/**
 * Building a type-checked program of all of `src/` takes seconds, and many more on a busy 2-core CI
 * machine, where vitest's default 5 s once failed this test (issue #18 item 19): the guards get an
 * explicit budget that says nothing about speed.
 */
const PROGRAM_BUDGET_MS = 180_000;

describe('money is never a JS number', () => {
  it(
    'src/ does no decimal arithmetic on numbers',
    () => {
      const program = sourceProgram();
      const files = program.getSourceFiles().filter((file) => /\/src\//.test(file.fileName));
      expect(files.length).toBeGreaterThan(10);
      expect(findNumberMoney(program, files)).toEqual([]);
    },
    PROGRAM_BUDGET_MS,
  );

  it('the guard itself catches float money (so a green run means something)', () => {
    const code = [
      'const price = 10.005;',
      'const net = price * 3;',
      'const rounded = Math.round(net * 100) / 100;',
      'const text = net.toFixed(2);',
      "const parsed = parseFloat('1.5') + Number('2');",
      'let total = 2n; total *= 3n; const count = 4 + 1;',
      'const privateUse = 0xe000; const exponent = 1e3;',
      'export { rounded, text, parsed, total, count, privateUse, exponent };',
    ].join('\n');
    const host = ts.createCompilerHost({ target: ts.ScriptTarget.ES2022, types: [] });
    const original = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language) =>
      name === '/virtual/src/float.ts'
        ? ts.createSourceFile(name, code, language, true)
        : original(name, language);
    const program = ts.createProgram(
      ['/virtual/src/float.ts'],
      { target: ts.ScriptTarget.ES2022, types: [] },
      host,
    );
    const file = program.getSourceFile('/virtual/src/float.ts');
    expect(file).toBeDefined();
    const found = findNumberMoney(program, file === undefined ? [] : [file]);
    expect(found).toEqual([
      'src/float.ts:1 fractional number literal: 10.005',
      'src/float.ts:2 number arithmetic: price * 3',
      'src/float.ts:3 number arithmetic: Math.round(net * 100) / 100',
      'src/float.ts:3 forbidden call: Math.round(net * 100)',
      'src/float.ts:3 number arithmetic: net * 100',
      'src/float.ts:4 forbidden method: net.toFixed',
      "src/float.ts:5 forbidden call: parseFloat('1.5')",
      "src/float.ts:5 forbidden call: Number('2')",
      'src/float.ts:7 fractional number literal: 1e3',
    ]);
  });
});
