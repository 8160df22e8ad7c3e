/**
 * The limits a JSON request body is held to before any tree is built from it (issue #24 item 5: "JSON
 * bodies are parsed in full before any check" — a 10 MB array sent to `POST /accounts` cost 6.2 s and
 * 372 MB before its 400). One linear pass over the text, with no allocation per value, refuses a body
 * nested too deep, holding too many values or a string too long; only a body within the limits is
 * handed to the lossless parser, whose tree costs tens of bytes per value.
 *
 * The pass judges the limits, not the grammar: it reads strings (with their escapes), brackets and the
 * runs of characters between them, and leaves every syntax error to the parser that follows it.
 *
 * @module
 */
import type { ValidationIssue } from '../errors/validationIssue.js';

/** The deepest nesting of arrays and objects any body may have (issue #24: "depth ≤ 64"). */
export const MAX_JSON_DEPTH = 64;

/**
 * What a body may hold (issue #24 item 5). Each endpoint has its own, proportional to what its largest
 * legitimate body holds (the HTTP binding's table, `examples/http/bodyLimits.ts`).
 */
export interface JsonLimits {
  /** The deepest nesting of arrays and objects; {@link MAX_JSON_DEPTH} when not given. */
  readonly max_depth?: number;
  /**
   * The most values: every object, array, string, number, `true`, `false` and `null`, at any depth
   * (an object's keys are not counted: each goes with a value).
   */
  readonly max_values: number;
  /**
   * The longest string, key or value, counted in UTF-16 units as written in the body: an escape
   * counts as its characters (`\u00e9` as six), so a string may decode shorter, never longer.
   */
  readonly max_string_length: number;
}

/** No limit but the depth: what {@link jsonLimitIssue} applies to a body of an unknown endpoint. */
export const DEPTH_ONLY_JSON_LIMITS: JsonLimits = {
  max_values: Number.POSITIVE_INFINITY,
  max_string_length: Number.POSITIVE_INFINITY,
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** JSON's white space (RFC 8259 §2) and its structural characters end a run of a number or literal. */
function endsToken(code: number): boolean {
  return (
    code === 0x20 ||
    code === 0x0a ||
    code === 0x0d ||
    code === 0x09 ||
    code === COMMA ||
    code === COLON ||
    code === OPEN_BRACE ||
    code === CLOSE_BRACE ||
    code === OPEN_BRACKET ||
    code === CLOSE_BRACKET ||
    code === QUOTE
  );
}

/** Where the string opened at `start` ends (its closing quote), or `text.length` when it does not. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    // The quote closes the string unless an odd number of backslashes escapes it. Each backslash run
    // is counted back once, by the one quote that follows it, so the pass stays linear.
    let before = quote - 1;
    while (before > start && text.charCodeAt(before) === BACKSLASH) before -= 1;
    if (((quote - 1 - before) & 1) === 0) return quote; // an even run escapes nothing
    from = quote + 1;
  }
}

function refused(rule: string, message: string): ValidationIssue {
  return { rule, code: 'invalid_request_params', param: '', message };
}

/**
 * The first limit of `limits` that `text` (a JSON body) goes over, as a 400 `invalid_request_params`
 * issue naming the limit, or null when it keeps to all of them. Linear in the length of the text,
 * whatever it holds (issue #24 item 5: checked before the lossless tree is built); malformed JSON is
 * not judged here but by the parser afterwards.
 *
 * @example
 * ```ts
 * const limits = { max_values: 100, max_string_length: 1000 };
 * jsonLimitIssue('{"account":{"name":"ACME"}}', limits); // null
 * jsonLimitIssue('['.repeat(65) + ']'.repeat(65), limits)?.message;
 * // 'the request body nests arrays and objects deeper than 64 levels (at character 64)'
 * ```
 */
export function jsonLimitIssue(text: string, limits: JsonLimits): ValidationIssue | null {
  const maxDepth = limits.max_depth ?? MAX_JSON_DEPTH;
  const { max_values: maxValues, max_string_length: maxString } = limits;
  // Whether each open container is an object (1) or an array (0), by depth.
  const objects = new Uint8Array(Math.min(maxDepth, text.length) + 2);
  let depth = 0;
  let values = 0;
  // Whether the next string is a key: after `{`, and after a comma inside an object.
  let key = false;
  const tooMany = () =>
    refused(
      'fiscalkit.json.max-values',
      `the request body holds more than ${String(maxValues)} values (objects, arrays, strings, numbers, true, false, null): this endpoint takes no more`,
    );
  // money-safe: character positions, depths and counts, never amounts.
  for (let index = 0; index < text.length; ) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      const end = stringEnd(text, index);
      if (end - index - 1 > maxString)
        return refused(
          'fiscalkit.json.max-string-length',
          `the request body holds a string longer than ${String(maxString)} characters (at character ${String(index)})`,
        );
      if (!key && ++values > maxValues) return tooMany();
      key = false;
      index = end + 1;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++values > maxValues) return tooMany();
      if (++depth > maxDepth)
        return refused(
          'fiscalkit.json.max-depth',
          `the request body nests arrays and objects deeper than ${String(maxDepth)} levels (at character ${String(index)})`,
        );
      objects[depth] = code === OPEN_BRACE ? 1 : 0;
      key = code === OPEN_BRACE;
      index += 1;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (depth > 0) depth -= 1;
      key = false;
      index += 1;
    } else if (code === COMMA) {
      key = depth > 0 && objects[depth] === 1;
      index += 1;
    } else if (endsToken(code)) {
      index += 1;
    } else {
      // A number or a literal (or a syntax error the parser will name): one value, up to its end.
      if (++values > maxValues) return tooMany();
      key = false;
      index += 1;
      while (index < text.length && !endsToken(text.charCodeAt(index))) index += 1;
    }
  }
  return null;
}
