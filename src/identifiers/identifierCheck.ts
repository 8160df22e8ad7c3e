/**
 * The verdict of an identifier check: whether the identifier is well formed and its check digits
 * are right, and the compact form it was judged on (separators removed, as each identifier's
 * checker documents). Checks return this and never throw on bad input: a malformed identifier is
 * data, not a programmer error (DESIGN.md, "Validation returns, it does not throw").
 */
export interface IdentifierCheck {
  /** Format and check digits are right. */
  valid: boolean;
  /** The input in compact form, computed for every input, valid or not. */
  compact: string;
}
