/**
 * XML Schema regular expressions (XSD 1.0 Part 2, Appendix F) as JavaScript `RegExp`s.
 *
 * The two dialects differ in ways that matter for validation: an XSD pattern always matches the whole
 * value (no anchors; `^` and `$` are ordinary characters), `\d` is any Unicode decimal digit (`\p{Nd}`),
 * `\s` is only space, tab, CR and LF, `.` is any character but CR and LF, `\w` is everything but
 * punctuation, separators and "other" characters, and `\-` is an escape even outside a character class.
 * The translation is anchored, uses the `u` flag and turns groups into non-capturing ones. Constructs
 * that `u`-mode JavaScript cannot say without the `v` flag are refused with an error (character class
 * subtraction, block escapes `\p{IsBasicLatin}`, name escapes `\i` `\c`, and the negated multi-character
 * escapes `\S` `\w` `\I` `\C` inside a character class); the SII schemas use none of them.
 *
 * @module
 */

const SINGLE_CHAR_ESCAPES = new Set([
  'n',
  'r',
  't',
  '\\',
  '|',
  '.',
  '?',
  '*',
  '+',
  '(',
  ')',
  '{',
  '}',
  '-',
  '[',
  ']',
  '^',
]);
/** Characters that are literal in XSD but need an escape in a `u`-mode JavaScript pattern. */
const JS_SYNTAX = new Set(['^', '$', '/']);

/**
 * Translates an XSD pattern facet into the source of an equivalent, anchored JavaScript regular
 * expression (to be compiled with the `u` flag).
 *
 * @throws Error on a malformed pattern or a construct this translation does not support.
 *
 * @example
 * xsdPatternSource('(\\+|-)?\\d{1,12}(\\.\\d{0,2})?');
 * // → '^(?:(?:\\+|-)?\\p{Nd}{1,12}(?:\\.\\p{Nd}{0,2})?)$'
 * xsdPatternSource('a$b'); // → '^(?:a\\$b)$' ($ is an ordinary character in XSD)
 */
export function xsdPatternSource(pattern: string): string {
  const chars = Array.from(pattern);
  let out = '';
  let index = 0;
  const unsupported = (what: string): never => {
    throw new Error(`XSD pattern ${JSON.stringify(pattern)}: ${what} is not supported`);
  };
  const next = (): string => {
    const char = chars[index];
    if (char === undefined) throw new Error(`XSD pattern ${JSON.stringify(pattern)} ends too early`);
    index += 1;
    return char;
  };
  /** An escape after `\`, translated; `inClass` says whether it stands inside `[…]`. */
  const translateEscape = (inClass: boolean): string => {
    const char = next();
    if (SINGLE_CHAR_ESCAPES.has(char)) {
      if (char === '-' && !inClass) return '-';
      return `\\${char}`;
    }
    switch (char) {
      case 'd':
        return '\\p{Nd}';
      case 'D':
        return '\\P{Nd}';
      case 's':
        return inClass ? ' \\t\\n\\r' : '[ \\t\\n\\r]';
      case 'S':
        return inClass ? unsupported('\\S inside a character class') : '[^ \\t\\n\\r]';
      case 'w':
        return inClass ? unsupported('\\w inside a character class') : '[^\\p{P}\\p{Z}\\p{C}]';
      case 'W':
        return inClass ? '\\p{P}\\p{Z}\\p{C}' : '[\\p{P}\\p{Z}\\p{C}]';
      case 'p':
      case 'P': {
        if (next() !== '{') unsupported(`\\${char} without {…}`);
        let name = '';
        for (let c = next(); c !== '}'; c = next()) name += c;
        if (name.startsWith('Is')) unsupported(`the block escape \\${char}{${name}}`);
        if (!/^[A-Z][a-z]?$/.test(name)) unsupported(`the category \\${char}{${name}}`);
        return `\\${char}{${name}}`;
      }
      default:
        return unsupported(`the escape \\${char}`);
    }
  };
  const characterClass = (): string => {
    let body = '';
    if (chars[index] === '^') {
      body += '^';
      index += 1;
    }
    let first = true;
    for (;;) {
      const char = next();
      if (char === ']' && !first) break;
      first = false;
      if (char === '\\') body += translateEscape(true);
      else if (char === '[') unsupported('a nested character class');
      else if (char === '-' && chars[index] === '[') unsupported('character class subtraction');
      else body += char === ']' ? '\\]' : char;
    }
    return `[${body}]`;
  };
  while (index < chars.length) {
    const char = next();
    if (char === '\\') out += translateEscape(false);
    else if (char === '[') out += characterClass();
    else if (char === '(') out += '(?:';
    else if (char === '.') out += '[^\\n\\r]';
    else if (char === '{') {
      let quantity = '';
      for (let c = next(); c !== '}'; c = next()) quantity += c;
      if (!/^[0-9]+(?:,[0-9]*)?$/.test(quantity)) unsupported(`the quantifier {${quantity}}`);
      out += `{${quantity}}`;
    } else if (JS_SYNTAX.has(char)) out += `\\${char}`;
    else if (char === ']' || char === '}') out += `\\${char}`;
    else out += char;
  }
  return `^(?:${out})$`;
}

/**
 * Compiles an XSD pattern facet into a JavaScript `RegExp` that tests a whole value the way the XSD
 * does (see the module comment).
 *
 * @throws Error on a malformed pattern or an unsupported construct.
 *
 * @example
 * const nif = xsdPattern('(([a-z|A-Z]{1}\\d{7}[a-z|A-Z]{1})|(\\d{8}[a-z|A-Z]{1})|([a-z|A-Z]{1}\\d{8}))');
 * nif.test('B12345674'); // → true
 * nif.test('B123456745'); // → false (the pattern is anchored)
 */
export function xsdPattern(pattern: string): RegExp {
  return new RegExp(xsdPatternSource(pattern), 'u');
}
