import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import type { KsefTaxReportCreate } from '../../model/ksefTaxReport.js';
import { presentText } from '../../model/presentText.js';
import { issueAt } from '../../rules/issue.js';
import { fa3Issues } from '../fa3Issues.js';
import { fa } from './fa.js';
import { FA3_NAMESPACE, TZNAKOWY } from './fa3Types.js';
import { fa3TextLength, isXmlText } from './fa3Values.js';
import { fa3DateTime, naglowek } from './naglowek.js';
import { podmiot1 } from './podmiot1.js';
import { podmiot2 } from './podmiot2.js';
import { podmiot3 } from './podmiot3.js';
import { stopka } from './stopka.js';
import { writeXml } from './xml.js';

/** Options of {@link buildFa3}. */
export interface BuildFa3Options {
  /** When the document is made: `Naglowek/DataWytworzeniaFa` (injected clock; DESIGN.md). */
  now: Date;
  /** `Naglowek/SystemInfo`, the issuing system's name (`TZnakowy`); default `fiscalkit`. */
  system_info?: string;
}

/**
 * Builds the FA(3) XML of a Ksef tax report (`kodSystemowy="FA (3)"`, `wersjaSchemy="1-0E"`;
 * ksef-fa3.md §1, §5, §6): `fa3Issues` first, so a report that cannot become schema-valid FA(3)
 * gives its issues and no XML; then one section builder per schema section (`Naglowek`,
 * `Podmiot1`, `Podmiot2`, `Podmiot3`, `Fa`, `Stopka`), in schema order, written by `XMLBuilder`
 * with escaping (`writeXml`). `options.now` must be within the schema's range for
 * `DataWytworzeniaFa` (2025-09-01 – 2050-01-01), else `parameter_invalid` at `now`; a bad
 * `system_info` is `parameter_invalid` at `system_info`.
 *
 * @example
 * ```ts
 * const xml = buildFa3(report, { now: clock.now() });
 * xml.success && xml.data.startsWith('<?xml version="1.0" encoding="UTF-8"?><Faktura xmlns='); // true
 * buildFa3({ type: 'Ksef', invoice_type_code: 'VAT' }, { now }).success; // false: date, number, … missing
 * ```
 */
export function buildFa3(report: KsefTaxReportCreate, options: BuildFa3Options): Validated<string> {
  const issues: ValidationIssue[] = [...optionIssues(options), ...fa3Issues(report)];
  const createdAt = fa3DateTime(options.now);
  if (issues.length > 0 || createdAt === null) return { success: false, issues };
  const xml = writeXml('Faktura', {
    '@_xmlns': FA3_NAMESPACE,
    Naglowek: naglowek(createdAt, options.system_info ?? 'fiscalkit'),
    Podmiot1: podmiot1(report),
    Podmiot2: podmiot2(report),
    Podmiot3: podmiot3(report),
    Fa: fa(report),
    Stopka: stopka(report),
  });
  return { success: true, data: xml };
}

/** The options' own issues: the clock's moment and the system name. */
function optionIssues(options: BuildFa3Options): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (fa3DateTime(options.now) === null)
    issues.push(
      issueAt(
        'fa3.Naglowek.DataWytworzeniaFa',
        'parameter_invalid',
        ['now'],
        'must be a valid moment from 2025-09-01T00:00:00Z to 2050-01-01T23:59:59Z (FA(3) Naglowek/DataWytworzeniaFa)',
      ),
    );
  const system = options.system_info;
  if (system !== undefined && presentText(system) !== null) {
    if (
      typeof system !== 'string' ||
      !isXmlText(system) ||
      fa3TextLength(system.trim(), TZNAKOWY) > TZNAKOWY.max
    )
      issues.push(
        issueAt(
          'fa3.Naglowek.SystemInfo',
          'parameter_invalid',
          ['system_info'],
          'must be at most 256 characters an XML document can carry (FA(3) Naglowek/SystemInfo)',
        ),
      );
  }
  return issues;
}
