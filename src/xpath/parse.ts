/**
 * The XPath 2.0 parser (W3C XPath 2.0 §A.1 grammar): text to an {@link XPathAst}. It reads the
 * whole language the EN 16931, Peppol and XRechnung rule sets are written in — for/some/every/if,
 * the comparisons, arithmetic, `to`, unions and `except`, `cast as`/`castable as`, paths with every
 * axis, predicates, filter expressions — and refuses what it does not know with the position, so that a
 * rule set that uses more fails when it is compiled, not while it judges a document.
 *
 * Operators that look like names (`div`, `and`, `to`) and `*` are told apart by position, as the
 * grammar's lexical rules say (§A.2.2): after an operand they are operators, elsewhere names.
 *
 * @module
 */
import { XPathError } from './atomic.js';

/** An axis (XPath 2.0 §3.2.1.1). */
export type Axis =
  | 'child'
  | 'descendant'
  | 'descendant-or-self'
  | 'self'
  | 'parent'
  | 'ancestor'
  | 'ancestor-or-self'
  | 'following-sibling'
  | 'preceding-sibling'
  | 'following'
  | 'preceding'
  | 'attribute';

const AXES: ReadonlySet<string> = new Set([
  'child',
  'descendant',
  'descendant-or-self',
  'self',
  'parent',
  'ancestor',
  'ancestor-or-self',
  'following-sibling',
  'preceding-sibling',
  'following',
  'preceding',
  'attribute',
]);

/** A node test: a name (prefix resolved later), a wildcard, or a kind test. */
export type NodeTest =
  | { type: 'name'; prefix: string | null; local: string }
  | { type: 'wildcard'; prefix: string | null; local: string | null }
  | { type: 'kind'; kind: 'node' | 'text' | 'element' | 'attribute' | 'comment' | 'document-node' };

/** A parsed expression. */
export type XPathAst =
  | { type: 'string'; value: string }
  | { type: 'integer'; value: string }
  | { type: 'decimal'; value: string }
  | { type: 'double'; value: string }
  | { type: 'var'; name: string }
  | { type: 'context' }
  | { type: 'root' }
  | { type: 'sequence'; items: XPathAst[] }
  | { type: 'call'; name: string; args: XPathAst[] }
  | { type: 'step'; axis: Axis; test: NodeTest; predicates: XPathAst[] }
  | { type: 'filter'; base: XPathAst; predicates: XPathAst[] }
  | { type: 'path'; left: XPathAst; right: XPathAst }
  | { type: 'or' | 'and'; left: XPathAst; right: XPathAst }
  | { type: 'general'; operator: 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge'; left: XPathAst; right: XPathAst }
  | { type: 'value'; operator: 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge'; left: XPathAst; right: XPathAst }
  | { type: 'arith'; operator: '+' | '-' | '*' | 'div' | 'idiv' | 'mod'; left: XPathAst; right: XPathAst }
  | { type: 'negate'; operand: XPathAst }
  | { type: 'range'; left: XPathAst; right: XPathAst }
  | { type: 'union' | 'intersect' | 'except'; left: XPathAst; right: XPathAst }
  | { type: 'if'; condition: XPathAst; then: XPathAst; else: XPathAst }
  | { type: 'for'; bindings: { name: string; in: XPathAst }[]; body: XPathAst }
  | { type: 'quantified'; every: boolean; bindings: { name: string; in: XPathAst }[]; test: XPathAst }
  | { type: 'cast' | 'castable'; operand: XPathAst; target: string; optional: boolean }
  | { type: 'instance'; operand: XPathAst; target: string; occurrence: '' | '?' | '*' | '+' };

type Token =
  | { kind: 'name'; value: string; pos: number }
  | { kind: 'string'; value: string; pos: number }
  | { kind: 'number'; value: string; pos: number }
  | { kind: 'var'; value: string; pos: number }
  | { kind: 'symbol'; value: string; pos: number }
  | { kind: 'end'; value: ''; pos: number };

/** An NCName at a position (sticky): letters, digits, `_`, `-`, `.`, and the non-ASCII name characters. */
const NCNAME = /[A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_.\-\u00B7\u00C0-\uFFFF]*/y;
/** A numeric literal at a position (sticky, §A.2.1 IntegerLiteral, DecimalLiteral, DoubleLiteral). */
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const TWO_CHAR_SYMBOLS: ReadonlySet<string> = new Set(['!=', '<=', '>=', '<<', '>>', '//', '::', '..']);
const ONE_CHAR_SYMBOLS = '()[],/@.=<>+-*|?:';

function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code >= 0xc0;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Splits an expression into tokens with charCodeAt and sticky regexes: fast enough to compile a rule set cold. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const length = text.length;
  const readName = (): string => {
    NCNAME.lastIndex = i;
    const match = NCNAME.exec(text);
    if (match === null) return '';
    i += match[0].length;
    return match[0];
  };
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || code === 10 || code === 13) {
      i += 1;
      continue;
    }
    if (code === 40 && text.charCodeAt(i + 1) === 58) {
      // (: comment :), nested (§A.2.2)
      let depth = 0;
      while (i < length) {
        if (text.charCodeAt(i) === 40 && text.charCodeAt(i + 1) === 58) {
          depth += 1;
          i += 2;
        } else if (text.charCodeAt(i) === 58 && text.charCodeAt(i + 1) === 41) {
          depth -= 1;
          i += 2;
          if (depth === 0) break;
        } else i += 1;
      }
      continue;
    }
    const pos = i;
    if (code === 34 || code === 39) {
      const quote = text[i] as string;
      let value = '';
      i += 1;
      for (;;) {
        const close = text.indexOf(quote, i);
        if (close < 0) throw new XPathError('XPST0003', `unterminated string at ${pos}`);
        value += text.slice(i, close);
        if (text[close + 1] === quote) {
          value += quote;
          i = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
      tokens.push({ kind: 'string', value, pos });
      continue;
    }
    if (isDigit(code) || (code === 46 && isDigit(text.charCodeAt(i + 1)))) {
      NUMBER.lastIndex = i;
      const value = (NUMBER.exec(text) as RegExpExecArray)[0];
      i += value.length;
      tokens.push({ kind: 'number', value, pos });
      continue;
    }
    if (code === 36) {
      i += 1;
      while (text.charCodeAt(i) === 32) i += 1;
      let name = readName();
      if (text.charCodeAt(i) === 58 && isNameStart(text.charCodeAt(i + 1))) {
        i += 1;
        name = `${name}:${readName()}`;
      }
      tokens.push({ kind: 'var', value: name, pos });
      continue;
    }
    if (isNameStart(code)) {
      let name = readName();
      // prefix:local and prefix:* (a QName has no spaces around its colon)
      if (text.charCodeAt(i) === 58 && text.charCodeAt(i + 1) !== 58) {
        const next = text.charCodeAt(i + 1);
        if (next === 42) {
          i += 2;
          name = `${name}:*`;
        } else if (isNameStart(next)) {
          i += 1;
          name = `${name}:${readName()}`;
        }
      }
      tokens.push({ kind: 'name', value: name, pos });
      continue;
    }
    if (code === 42 && text.charCodeAt(i + 1) === 58 && isNameStart(text.charCodeAt(i + 2))) {
      i += 2;
      tokens.push({ kind: 'name', value: `*:${readName()}`, pos });
      continue;
    }
    const two = text.slice(i, i + 2);
    if (TWO_CHAR_SYMBOLS.has(two)) {
      i += 2;
      tokens.push({ kind: 'symbol', value: two, pos });
      continue;
    }
    const one = text[i] as string;
    if (!ONE_CHAR_SYMBOLS.includes(one)) throw new XPathError('XPST0003', `unexpected "${one}" at ${pos}`);
    i += 1;
    tokens.push({ kind: 'symbol', value: one, pos });
  }
  tokens.push({ kind: 'end', value: '', pos: length });
  return tokens;
}

const KIND_TESTS: ReadonlySet<string> = new Set([
  'node',
  'text',
  'element',
  'attribute',
  'comment',
  'document-node',
]);
const RESERVED_FUNCTION_NAMES: ReadonlySet<string> = new Set([
  'if',
  'typeswitch',
  'item',
  'empty-sequence',
  'schema-element',
  'schema-attribute',
  'processing-instruction',
  ...KIND_TESTS,
]);

class Parser {
  private index = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly text: string,
  ) {}

  private get token(): Token {
    return this.tokens[this.index] as Token;
  }
  private peek(offset = 1): Token {
    return (this.tokens[this.index + offset] ?? this.tokens[this.tokens.length - 1]) as Token;
  }
  private fail(message: string): never {
    throw new XPathError('XPST0003', `${message} at ${this.token.pos} in: ${this.text}`);
  }
  private isSymbol(value: string): boolean {
    return this.token.kind === 'symbol' && this.token.value === value;
  }
  private isName(value: string): boolean {
    return this.token.kind === 'name' && this.token.value === value;
  }
  private expectSymbol(value: string): void {
    if (!this.isSymbol(value)) this.fail(`expected "${value}"`);
    this.index += 1;
  }
  private expectName(value: string): void {
    if (!this.isName(value)) this.fail(`expected "${value}"`);
    this.index += 1;
  }

  parse(): XPathAst {
    const ast = this.expr();
    if (this.token.kind !== 'end') this.fail(`unexpected "${this.token.value}"`);
    return ast;
  }

  private expr(): XPathAst {
    const first = this.exprSingle();
    if (!this.isSymbol(',')) return first;
    const items = [first];
    while (this.isSymbol(',')) {
      this.index += 1;
      items.push(this.exprSingle());
    }
    return { type: 'sequence', items };
  }

  private bindings(): { name: string; in: XPathAst }[] {
    const bindings: { name: string; in: XPathAst }[] = [];
    do {
      if (bindings.length > 0) this.index += 1; // ','
      const variable = this.token;
      if (variable.kind !== 'var') this.fail('expected a variable');
      this.index += 1;
      this.expectName('in');
      bindings.push({ name: variable.value, in: this.exprSingle() });
    } while (this.isSymbol(','));
    return bindings;
  }

  private exprSingle(): XPathAst {
    const next = this.peek();
    if (this.token.kind === 'name' && next.kind === 'var') {
      if (this.token.value === 'for') {
        this.index += 1;
        const bindings = this.bindings();
        this.expectName('return');
        return { type: 'for', bindings, body: this.exprSingle() };
      }
      if (this.token.value === 'some' || this.token.value === 'every') {
        const every = this.token.value === 'every';
        this.index += 1;
        const bindings = this.bindings();
        this.expectName('satisfies');
        return { type: 'quantified', every, bindings, test: this.exprSingle() };
      }
    }
    if (this.isName('if') && next.kind === 'symbol' && next.value === '(') {
      this.index += 2;
      const condition = this.expr();
      this.expectSymbol(')');
      this.expectName('then');
      const then = this.exprSingle();
      this.expectName('else');
      return { type: 'if', condition, then, else: this.exprSingle() };
    }
    return this.or();
  }

  private or(): XPathAst {
    let left = this.and();
    while (this.isName('or')) {
      this.index += 1;
      left = { type: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): XPathAst {
    let left = this.comparison();
    while (this.isName('and')) {
      this.index += 1;
      left = { type: 'and', left, right: this.comparison() };
    }
    return left;
  }

  private comparison(): XPathAst {
    const left = this.range();
    const token = this.token;
    const general: Record<string, 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge'> = {
      '=': 'eq',
      '!=': 'ne',
      '<': 'lt',
      '<=': 'le',
      '>': 'gt',
      '>=': 'ge',
    };
    if (token.kind === 'symbol' && general[token.value] !== undefined) {
      this.index += 1;
      return { type: 'general', operator: general[token.value] as 'eq', left, right: this.range() };
    }
    if (token.kind === 'name' && ['eq', 'ne', 'lt', 'le', 'gt', 'ge'].includes(token.value)) {
      this.index += 1;
      return { type: 'value', operator: token.value as 'eq', left, right: this.range() };
    }
    if (token.kind === 'symbol' && (token.value === '<<' || token.value === '>>'))
      this.fail('node order comparisons are not supported');
    if (token.kind === 'name' && token.value === 'is') this.fail('node identity comparison is not supported');
    return left;
  }

  private range(): XPathAst {
    const left = this.additive();
    if (this.isName('to')) {
      this.index += 1;
      return { type: 'range', left, right: this.additive() };
    }
    return left;
  }

  private additive(): XPathAst {
    let left = this.multiplicative();
    while (this.isSymbol('+') || this.isSymbol('-')) {
      const operator = this.token.value as '+' | '-';
      this.index += 1;
      left = { type: 'arith', operator, left, right: this.multiplicative() };
    }
    return left;
  }

  private multiplicative(): XPathAst {
    let left = this.union();
    for (;;) {
      let operator: 'div' | 'idiv' | 'mod' | '*' | null = null;
      if (this.isSymbol('*')) operator = '*';
      else if (this.isName('div') || this.isName('idiv') || this.isName('mod'))
        operator = this.token.value as 'div';
      if (operator === null) return left;
      this.index += 1;
      left = { type: 'arith', operator, left, right: this.union() };
    }
  }

  private union(): XPathAst {
    let left = this.intersect();
    while (this.isSymbol('|') || this.isName('union')) {
      this.index += 1;
      left = { type: 'union', left, right: this.intersect() };
    }
    return left;
  }

  private intersect(): XPathAst {
    let left = this.instanceOf();
    while (this.isName('intersect') || this.isName('except')) {
      const type = this.token.value as 'intersect' | 'except';
      this.index += 1;
      left = { type, left, right: this.instanceOf() };
    }
    return left;
  }

  private typeName(): string {
    const token = this.token;
    if (token.kind !== 'name') this.fail('expected a type name');
    this.index += 1;
    return token.value;
  }

  private instanceOf(): XPathAst {
    const operand = this.castable();
    if (this.isName('instance') && this.peek().kind === 'name' && this.peek().value === 'of') {
      this.index += 2;
      const target = this.typeName();
      let occurrence: '' | '?' | '*' | '+' = '';
      if (this.isSymbol('?') || this.isSymbol('*') || this.isSymbol('+')) {
        occurrence = this.token.value as '?';
        this.index += 1;
      }
      return { type: 'instance', operand, target, occurrence };
    }
    if (this.isName('treat')) this.fail('"treat as" is not supported');
    return operand;
  }

  private castable(): XPathAst {
    const operand = this.cast();
    if (this.isName('castable') && this.peek().kind === 'name' && this.peek().value === 'as') {
      this.index += 2;
      const target = this.typeName();
      const optional = this.isSymbol('?');
      if (optional) this.index += 1;
      return { type: 'castable', operand, target, optional };
    }
    return operand;
  }

  private cast(): XPathAst {
    const operand = this.unary();
    if (this.isName('cast') && this.peek().kind === 'name' && this.peek().value === 'as') {
      this.index += 2;
      const target = this.typeName();
      const optional = this.isSymbol('?');
      if (optional) this.index += 1;
      return { type: 'cast', operand, target, optional };
    }
    return operand;
  }

  private unary(): XPathAst {
    let negative = false;
    let signed = false;
    while (this.isSymbol('-') || this.isSymbol('+')) {
      if (this.token.value === '-') negative = !negative;
      signed = true;
      this.index += 1;
    }
    const operand = this.path();
    if (!signed) return operand;
    // Unary plus still atomizes (§3.4); written as 0-free negate twice would lose that, so negate or keep.
    return negative
      ? { type: 'negate', operand }
      : { type: 'arith', operator: '+', left: { type: 'integer', value: '0' }, right: operand };
  }

  private path(): XPathAst {
    if (this.isSymbol('/')) {
      this.index += 1;
      // A lone '/' is the root; '/' followed by a step starts a path (§3.2 "leading lone slash").
      const token = this.token;
      const stepFollows =
        token.kind === 'name' ||
        token.kind === 'var' ||
        token.kind === 'string' ||
        token.kind === 'number' ||
        (token.kind === 'symbol' && ['@', '.', '..', '*', '('].includes(token.value));
      if (!stepFollows) return { type: 'root' };
      return this.relative({ type: 'root' });
    }
    if (this.isSymbol('//')) {
      this.index += 1;
      const descendants: XPathAst = {
        type: 'path',
        left: { type: 'root' },
        right: {
          type: 'step',
          axis: 'descendant-or-self',
          test: { type: 'kind', kind: 'node' },
          predicates: [],
        },
      };
      return this.relative(descendants);
    }
    return this.relative(null);
  }

  private relative(start: XPathAst | null): XPathAst {
    let left = start === null ? this.step() : { type: 'path' as const, left: start, right: this.step() };
    for (;;) {
      if (this.isSymbol('/')) {
        this.index += 1;
        left = { type: 'path', left, right: this.step() };
      } else if (this.isSymbol('//')) {
        this.index += 1;
        const descendants: XPathAst = {
          type: 'path',
          left,
          right: {
            type: 'step',
            axis: 'descendant-or-self',
            test: { type: 'kind', kind: 'node' },
            predicates: [],
          },
        };
        left = { type: 'path', left: descendants, right: this.step() };
      } else return left;
    }
  }

  private predicates(): XPathAst[] {
    const predicates: XPathAst[] = [];
    while (this.isSymbol('[')) {
      this.index += 1;
      predicates.push(this.expr());
      this.expectSymbol(']');
    }
    return predicates;
  }

  private nodeTest(axis: Axis): NodeTest {
    const token = this.token;
    if (token.kind === 'symbol' && token.value === '*') {
      this.index += 1;
      return { type: 'wildcard', prefix: null, local: null };
    }
    if (token.kind !== 'name') this.fail('expected a node test');
    const next = this.peek();
    if (KIND_TESTS.has(token.value) && next.kind === 'symbol' && next.value === '(') {
      this.index += 2;
      if (!this.isSymbol(')')) this.fail(`arguments of ${token.value}() are not supported`);
      this.index += 1;
      return { type: 'kind', kind: token.value as 'node' };
    }
    this.index += 1;
    const name = token.value;
    if (name.startsWith('*:')) return { type: 'wildcard', prefix: null, local: name.slice(2) };
    const colon = name.indexOf(':');
    if (colon >= 0) {
      const prefix = name.slice(0, colon);
      const local = name.slice(colon + 1);
      if (local === '*') return { type: 'wildcard', prefix, local: null };
      return { type: 'name', prefix, local };
    }
    void axis;
    return { type: 'name', prefix: null, local: name };
  }

  private step(): XPathAst {
    const token = this.token;
    if (token.kind === 'symbol' && token.value === '..') {
      this.index += 1;
      return {
        type: 'step',
        axis: 'parent',
        test: { type: 'kind', kind: 'node' },
        predicates: this.predicates(),
      };
    }
    if (token.kind === 'symbol' && token.value === '@') {
      this.index += 1;
      const test = this.nodeTest('attribute');
      return { type: 'step', axis: 'attribute', test, predicates: this.predicates() };
    }
    if (
      token.kind === 'name' &&
      AXES.has(token.value) &&
      this.peek().kind === 'symbol' &&
      this.peek().value === '::'
    ) {
      const axis = token.value as Axis;
      this.index += 2;
      const test = this.nodeTest(axis);
      return { type: 'step', axis, test, predicates: this.predicates() };
    }
    if (token.kind === 'symbol' && token.value === '*') {
      const test = this.nodeTest('child');
      return { type: 'step', axis: 'child', test, predicates: this.predicates() };
    }
    if (token.kind === 'name') {
      const next = this.peek();
      const isCall = next.kind === 'symbol' && next.value === '(';
      if (!isCall || KIND_TESTS.has(token.value)) {
        const test = this.nodeTest('child');
        const axis: Axis = test.type === 'kind' && test.kind === 'attribute' ? 'attribute' : 'child';
        return { type: 'step', axis, test, predicates: this.predicates() };
      }
    }
    const primary = this.primary();
    const predicates = this.predicates();
    return predicates.length === 0 ? primary : { type: 'filter', base: primary, predicates };
  }

  private primary(): XPathAst {
    const token = this.token;
    switch (token.kind) {
      case 'string':
        this.index += 1;
        return { type: 'string', value: token.value };
      case 'number': {
        this.index += 1;
        if (/[eE]/.test(token.value)) return { type: 'double', value: token.value };
        if (token.value.includes('.')) return { type: 'decimal', value: token.value };
        return { type: 'integer', value: token.value };
      }
      case 'var':
        this.index += 1;
        return { type: 'var', name: token.value };
      case 'symbol':
        if (token.value === '.') {
          this.index += 1;
          return { type: 'context' };
        }
        if (token.value === '(') {
          this.index += 1;
          if (this.isSymbol(')')) {
            this.index += 1;
            return { type: 'sequence', items: [] };
          }
          const inner = this.expr();
          this.expectSymbol(')');
          // Keep parentheses visible so that a predicate on them filters the whole sequence.
          return inner.type === 'sequence' ? inner : { type: 'sequence', items: [inner] };
        }
        break;
      case 'name': {
        if (RESERVED_FUNCTION_NAMES.has(token.value)) this.fail(`"${token.value}" cannot be called`);
        this.index += 2; // name '('
        const args: XPathAst[] = [];
        if (!this.isSymbol(')')) {
          args.push(this.exprSingle());
          while (this.isSymbol(',')) {
            this.index += 1;
            args.push(this.exprSingle());
          }
        }
        this.expectSymbol(')');
        return { type: 'call', name: token.value, args };
      }
    }
    return this.fail(`unexpected "${token.value}"`);
  }
}

/**
 * Parses an XPath 2.0 expression.
 *
 * @throws {@link XPathError} XPST0003 with the position for a syntax error or an unsupported construct.
 * @example
 * ```ts
 * parseXPath('count(cac:InvoiceLine) > 0').type; // 'general'
 * parseXPath('for $i in 1 to 3 return $i * 2').type; // 'for'
 * ```
 */
export function parseXPath(text: string): XPathAst {
  return new Parser(tokenize(text), text).parse();
}
