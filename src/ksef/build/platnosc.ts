import type { KsefTaxReportCreate } from '../../model/ksefTaxReport.js';
import { optionalElement, repeated, text, type XmlElement } from './xml.js';

/**
 * `Platnosc` (ksef-fa3.md §5, §6.4), in the schema's order: `Zaplacono=1` + `DataZaplaty` when paid
 * (**before** `TerminPlatnosci`, lkosson/profak #84), `TerminPlatnosci/Termin` from `due_date`,
 * `FormaPlatnosci` or `PlatnoscInna=1` + `OpisPlatnosci` (a choice), and one `RachunekBankowy` per
 * bank account (`NrRB`, `SWIFT`, `NazwaBanku`, `OpisRachunku`). `undefined` when there is nothing
 * to write.
 *
 * @example
 * ```ts
 * platnosc({ ...report, paid: true, payment_date: '2026-01-27', payment_method: '6' });
 * // { Zaplacono: '1', DataZaplaty: '2026-01-27', TerminPlatnosci: undefined, FormaPlatnosci: '6', … }
 * ```
 */
export function platnosc(report: KsefTaxReportCreate): XmlElement | undefined {
  const paid = report.paid === true;
  const due = text(report.due_date);
  const method = text(report.payment_method);
  const other = method === undefined ? text(report.payment_method_description) : undefined;
  return optionalElement({
    Zaplacono: paid ? '1' : undefined,
    DataZaplaty: paid ? text(report.payment_date) : undefined,
    TerminPlatnosci: due === undefined ? undefined : [{ Termin: due }],
    FormaPlatnosci: method,
    PlatnoscInna: other === undefined ? undefined : '1',
    OpisPlatnosci: other,
    RachunekBankowy: repeated(report.bank_accounts, (account) => ({
      NrRB: text(account.account_number),
      SWIFT: text(account.bic),
      NazwaBanku: text(account.bank_name),
      OpisRachunku: text(account.description),
    })),
  });
}
