/**
 * The file a tax report downloads as (spec §4.2 `GET /tax_reports/{id}/download`), whatever its format:
 * each format builds its XML, this one module names the file (issue #20 §2: the formats share it
 * without importing each other).
 *
 * @module
 */

/** A tax report file as `GET /tax_reports/{id}/download` answers it. */
export interface TaxReportFile {
  /** A file name made of the report's number: `FA3_<number>.xml`, `SII_<book>_<number>.xml`, unsafe characters as `_`. */
  filename: string;
  /** `application/xml; charset=utf-8`: FA(3) and SII are UTF-8 XML without a BOM (ksef-fa3.md §4). */
  content_type: string;
  /** The document. */
  body: string;
}

/**
 * The download of an XML tax report: `<prefix>_<name>.xml`, every run of characters of `name` outside
 * `A-Z a-z 0-9 . _ -` written `_` and the name cut at 120 characters, so that the file name is safe in
 * a `Content-Disposition` header and on any file system.
 *
 * @example
 * ```ts
 * taxReportFile('FA3', 'FV/2026/02 1', xml);
 * // { filename: 'FA3_FV_2026_02_1.xml', content_type: 'application/xml; charset=utf-8', body: xml }
 * ```
 */
export function taxReportFile(prefix: string, name: string, body: string): TaxReportFile {
  const stem = name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
  return { filename: `${prefix}_${stem}.xml`, content_type: 'application/xml; charset=utf-8', body };
}
