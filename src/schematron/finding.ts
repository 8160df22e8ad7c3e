/**
 * What running a schematron rule set over a document gives (ISO/IEC 19757-3 §5.4.2 `assert`, §5.4.11
 * `report`): one record per failed assert or successful report, as SVRL's `failed-assert` /
 * `successful-report` carry them.
 *
 * @module
 */

/** One failed `assert` or successful `report`. */
export interface SchematronFinding {
  /** The assert's `@id` (`BR-CO-15`); '' when it has none. */
  id: string;
  /** The assert's `@flag` (`fatal`, `warning`, …) or null when it has none. */
  flag: string | null;
  /**
   * `assert` (its test was false), `report` (its test was true), or `error`: evaluating the test
   * raised a dynamic error (XPath 2.0 §2.3.1), which Saxon would answer by stopping the whole run;
   * fiscalkit reports it against the rule and goes on, so that one bad value does not hide the rest.
   */
  kind: 'assert' | 'report' | 'error';
  /** The assert's text with its `value-of` and `name` parts evaluated, whitespace normalised. */
  message: string;
  /** An XPath to the context node, with the document's own prefixes and 1-based positions. */
  location: string;
  /** The line of the context node in the document (1-based), or null. */
  line: number | null;
}
