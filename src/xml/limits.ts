/**
 * The limits every XML reader of fiscalkit applies, in a module of their own so that the e-invoice
 * scanner (`src/xpath/scan.ts`) shares them without loading saxes.
 *
 * @module
 */

/**
 * The nesting depth a document is read to when no schema says more (`XmlParseOptions.occurrences`
 * `'collect'` of `src/xml/parse.ts`, and always for e-invoices): 256 levels, the default limit of libxml2 (`xmlParserMaxDepth`, which the `fiscalkit/xsd`
 * validator also applies). Real UBL, CII and Facturae documents stay below 20.
 *
 * @example
 * ```ts
 * parseXml(`${'<a>'.repeat(257)}${'</a>'.repeat(257)}`, { repeatable: new Set(), occurrences: 'collect' }).success; // false
 * ```
 */
export const XML_MAX_DEPTH = 256;
