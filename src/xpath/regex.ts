/**
 * XPath regular expressions (F&O §7.6.1: XML Schema regular expressions, Part 2 Appendix F, with `^`,
 * `$`, reluctant quantifiers and back-references) translated to JavaScript's. They differ where the
 * rule sets notice: XSD's `\s` is four characters, JavaScript's twenty-five; XSD's `\d` and `\w` are
 * Unicode categories, JavaScript's ASCII; XSD's `.` excludes only `\n` and `\r`; `\-` is a legal
 * escape anywhere in XSD and not in a JavaScript `u` pattern. Each translation is cached.
 *
 * @module
 */
import { XPathError } from './atomic.js';

const SINGLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\\n',
  r: '\\r',
  t: '\\t',
  '\\': '\\\\',
  '|': '\\|',
  '.': '\\.',
  '?': '\\?',
  '*': '\\*',
  '+': '\\+',
  '(': '\\(',
  ')': '\\)',
  '{': '\\{',
  '}': '\\}',
  '[': '\\[',
  ']': '\\]',
  '^': '\\^',
  $: '\\$',
  '-': '\\-',
};

/** XSD multi-character escapes as the content of a JS character class (F&O §7.6.1, XSD Part 2 §F.1.1). */
const CLASS_ESCAPES: Readonly<Record<string, string>> = {
  s: ' \\t\\n\\r',
  d: '\\p{Nd}',
  w: '\\p{L}\\p{M}\\p{N}\\p{S}',
  i: 'A-Za-z_:\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD',
  c: '\\-.0-9A-Za-z_:\\u00B7\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u203F-\\u2040\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD',
};

function translate(pattern: string, dotAll: boolean, extended: boolean): string {
  let out = '';
  let inClass = 0;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i] as string;
    if (extended && /[ \t\n\r]/.test(c) && inClass === 0) continue;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined)
        throw new XPathError('FORX0002', `a regular expression ends in "\\": ${pattern}`);
      i += 1;
      const lower = next.toLowerCase();
      if (CLASS_ESCAPES[lower] !== undefined && (next === lower || next === next.toUpperCase())) {
        const content = CLASS_ESCAPES[lower] as string;
        const negated = next !== lower;
        if (inClass > 0) {
          if (negated)
            throw new XPathError(
              'FORX0002',
              `a negated escape \\${next} inside a class is not supported: ${pattern}`,
            );
          out += content;
        } else out += negated ? `[^${content}]` : `[${content}]`;
        continue;
      }
      if (next === 'p' || next === 'P') {
        const end = pattern.indexOf('}', i);
        const name = pattern.slice(i + 2, end);
        if (name.startsWith('Is'))
          throw new XPathError('FORX0002', `Unicode block escapes are not supported: ${pattern}`);
        out += `\\${next}{${name}}`;
        i = end;
        continue;
      }
      if (/[0-9]/.test(next)) {
        out += `\\${next}`;
        continue;
      }
      const single = SINGLE_ESCAPES[next];
      if (single === undefined) throw new XPathError('FORX0002', `invalid escape \\${next} in ${pattern}`);
      out += inClass === 0 && next === '-' ? '-' : single;
      continue;
    }
    if (c === '[') {
      if (inClass > 0 && pattern[i - 1] === '-')
        throw new XPathError('FORX0002', `class subtraction is not supported: ${pattern}`);
      inClass += 1;
      out += c;
      if (pattern[i + 1] === '^') {
        out += '^';
        i += 1;
      }
      continue;
    }
    if (c === ']' && inClass > 0) {
      inClass -= 1;
      out += c;
      continue;
    }
    if (c === '.' && inClass === 0) {
      out += dotAll ? '[\\s\\S]' : '[^\\n\\r]';
      continue;
    }
    if (inClass > 0 && (c === '/' || c === '{' || c === '}' || c === '(' || c === ')' || c === '|')) {
      out += `\\${c}`;
      continue;
    }
    out += c;
  }
  return out;
}

const CACHE = new Map<string, RegExp>();

/**
 * The JavaScript RegExp of an XPath regular expression with its flags (`s`, `m`, `i`, `x`).
 *
 * @throws {@link XPathError} FORX0001 for an unknown flag, FORX0002 for a pattern it cannot translate.
 * @example
 * ```ts
 * xpathRegex('^\\d+$', '').test('42'); // true
 * xpathRegex('^[^@\\s]+$', '').test('a\u00A0b'); // true: XSD's \s does not include U+00A0
 * ```
 */
export function xpathRegex(pattern: string, flags: string, global = false): RegExp {
  const key = `${global ? 'g' : ''}${flags}/${pattern}`;
  const cached = CACHE.get(key);
  if (cached !== undefined) {
    cached.lastIndex = 0;
    return cached;
  }
  if (/[^smix]/.test(flags)) throw new XPathError('FORX0001', `invalid regular expression flags "${flags}"`);
  // With the i flag, JavaScript folds the case of a \p{…} class too (\p{Lu} matches "a"); XPath does not
  // (F&O §7.6.1.1). Node 20 has no way to exempt a class from the flag, so the combination is refused
  // rather than answered wrongly.
  if (flags.includes('i') && /\\[pP]\{/.test(pattern))
    throw new XPathError('FORX0002', `a \\p{…} class with the i flag is not supported: ${pattern}`);
  let js: string;
  try {
    js = translate(pattern, flags.includes('s'), flags.includes('x'));
    const regex = new RegExp(
      js,
      `u${flags.includes('m') ? 'm' : ''}${flags.includes('i') ? 'i' : ''}${global ? 'g' : ''}`,
    );
    CACHE.set(key, regex);
    return regex;
  } catch (error) {
    if (error instanceof XPathError) throw error;
    throw new XPathError('FORX0002', `invalid regular expression ${pattern}: ${(error as Error).message}`);
  }
}
