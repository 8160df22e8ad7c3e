import type { SiiTaxReportCreate } from '../../src/model/siiTaxReport.js';
import type { SiiMessage } from '../../src/sii/message.js';
import { expedidaF1, siiTitular } from '../support/siiReports.js';

/**
 * An SII message of `records` issued invoices (issue #6 bench: 5,000 Expedida records), each the F1
 * fixture (goods with recargo, services, exempt and not-subject lines) under its own number, so the
 * records differ as real ones do.
 */
export function benchSiiMessage(records: number): SiiMessage {
  const reports: SiiTaxReportCreate[] = [];
  for (let i = 0; i < records; i += 1)
    reports.push({ ...expedidaF1(), invoice_number: `2026-A-${String(i + 1).padStart(6, '0')}` });
  return {
    book_type: 'Expedida',
    kind: 'alta',
    communication_type: 'A0',
    titular: siiTitular(),
    records: reports,
  };
}
