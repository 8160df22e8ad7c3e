/**
 * `xml.ksef.fa3` (fiscalkit's code): the Polish KSeF FA(3) document of the invoice, the same XML a
 * generated `Ksef` tax report downloads as (docs/ksef.md), written without storing a report. FA(3) is
 * the document of a Polish seller: another account is refused before the KSeF mapping runs, so the
 * answer names the real reason (the account's country) and not a NIP check it could never pass.
 *
 * @module
 */

import { refused } from '../../generate/parties.js';
import { buildFa3, generateKsefTaxReport } from '../../ksef/index.js';
import type { InvoiceDocumentType } from './documentType.js';

/** The KSeF FA(3) document type. */
export const fa3Document: InvoiceDocumentType = {
  code: 'xml.ksef.fa3',
  name: 'KSeF FA(3) (Poland)',
  content_type: 'application/xml; charset=utf-8',
  extension: 'xml',
  fiscalkit_code: true,
  async write({ invoice, account, contact }, { now }) {
    if (account.country !== 'PL')
      return refused(
        'ksef.document.account-country',
        'parameter_inclusion',
        ['document_type'],
        `is xml.ksef.fa3, the Polish KSeF invoice, written for accounts in PL; this invoice's account is in ${account.country}`,
      );
    const report = generateKsefTaxReport({ invoice, account, contact, exemption_basis: null });
    if (!report.success) return report;
    return buildFa3(report.data, { now });
  },
};
