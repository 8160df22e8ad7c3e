import { describe, expect, it } from 'vitest';
import { XPathError } from '../../src/xpath/atomic.js';
import { compileXPath } from '../../src/xpath/compile.js';
import { Scope } from '../../src/xpath/context.js';
import { NAMESPACES } from './harness.js';

/**
 * Static errors of the XPath 2.0 engine (issue #21) with their W3C codes (XPath 2.0 Appendix F): a rule
 * set that uses something the engine does not know must fail when it is compiled, never while it
 * judges a document. So each test compiles only — it never evaluates.
 */

function compileError(expression: string): XPathError {
  try {
    compileXPath(expression, new Scope(NAMESPACES));
  } catch (error) {
    if (error instanceof XPathError) return error;
    throw error;
  }
  throw new Error(`${expression} compiled`);
}

describe('XPath 2.0 §2.3.1 / Appendix F: XPST0003 syntax errors, with the position', () => {
  it.each([
    ['1 +', 3],
    ['(1, 2', 5],
    ['1 @ 2', 2],
    ['//x[', 4],
    ['//x[1]]', 6],
    ['for $i in (1, 2) $i', 17],
    ['if (1) then 2', 13],
    ['some $x in (1) satisfies', 24],
    ['a/', 2],
    ['f(1,)', 4],
  ])('%s fails at %i', (expression, position) => {
    const error = compileError(expression);
    expect(error.code).toBe('XPST0003');
    expect(error.message).toContain(`at ${position}`);
  });

  it('an unterminated string is a syntax error at its opening quote', () => {
    const error = compileError('concat("abc, 1)');
    expect(error.code).toBe('XPST0003');
    expect(error.message).toContain('at 7');
  });

  it('an unknown character is a syntax error at that character', () => {
    const error = compileError('1 + # 2');
    expect(error.code).toBe('XPST0003');
    expect(error.message).toContain('at 4');
  });

  it.each(['1 is 1', '//a << //b', '1 treat as xs:integer', 'if(1)'])(
    'refuses what it does not support: %s',
    (expression) => {
      expect(compileError(expression).code).toBe('XPST0003');
    },
  );
});

describe('XPath 2.0 §2.1.1 / Appendix F: XPST0081 undeclared namespace prefix', () => {
  it.each(['foo:bar', '//zz:x', '//@zz:id', '//zz:*', 'zz:f()', '1 cast as zz:integer'])(
    '%s',
    (expression) => {
      const error = compileError(expression);
      expect(error.code).toBe('XPST0081');
      expect(error.message).toMatch(/"(zz|foo)"/);
    },
  );

  it('xs and fn need no declaration', () => {
    expect(() => compileXPath('xs:integer("1") = fn:count(())', new Scope(new Map()))).not.toThrow();
  });
});

describe('XPath 2.0 §3.1.5 / Appendix F: XPST0017 unknown function or arity', () => {
  it.each([
    'no-such(1)',
    'count()',
    'count(1, 2)',
    'substring("a")',
    'concat("a")',
    'a:count(1)',
    'fn:no-such()',
  ])('%s', (expression) => {
    expect(compileError(expression).code).toBe('XPST0017');
  });

  it('names the function and its arity', () => {
    expect(compileError('count(1, 2)').message).toContain('count#2');
  });
});

describe('XPath 2.0 §3.1.2 / Appendix F: XPST0008 undeclared variable', () => {
  it.each(['$nope', 'for $i in 1 return $j', '$i + (for $i in 1 return $i)', 'some $x in (1) satisfies $y'])(
    '%s',
    (expression) => {
      const error = compileError(expression);
      expect(error.code).toBe('XPST0008');
    },
  );

  it('a for variable is out of scope after its for expression', () => {
    expect(compileError('(for $i in 1 return $i), $i').message).toContain('$i');
  });

  it('a variable declared in the scope compiles', () => {
    const scope = new Scope(NAMESPACES);
    scope.declare('profile');
    expect(() => compileXPath('$profile = "x"', scope)).not.toThrow();
  });
});
