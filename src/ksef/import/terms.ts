/**
 * The readers of the FA(3) payment and transaction terms: `Fa/Platnosc` and `Fa/WarunkiTransakcji`,
 * the inverse of the builder's sections (ksef-fa3.md §5, §6.4).
 *
 * @module
 */
import type { Fa3Element, ImportContext, ReportDraft } from './xmlTree.js';

/**
 * Reads `Fa/Platnosc` (ksef-fa3.md §6.4): `Zaplacono=1` → `paid`, `DataZaplaty` → `payment_date`,
 * the first `TerminPlatnosci/Termin` → `due_date`, `FormaPlatnosci` → `payment_method`,
 * `PlatnoscInna=1` + `OpisPlatnosci` → `payment_method_description`, every `RachunekBankowy` →
 * `bank_accounts` (`NrRB`, `SWIFT`, `NazwaBanku`, `OpisRachunku`). Partial payments
 * (`ZnacznikZaplatyCzesciowej`, `ZaplataCzesciowa`), `TerminOpis`, further `TerminPlatnosci`,
 * `RachunekWlasnyBanku`, `RachunekBankowyFaktora`, `Skonto`, `LinkDoPlatnosci` and `IPKSeF` have no
 * field (→ `ignored`).
 *
 * @example
 * ```ts
 * readPlatnosc(fa.child('Platnosc'), report, context);
 * report.data.paid; // true (MF sample 1)
 * report.data.payment_method; // '6'
 * ```
 */
export function readPlatnosc(platnosc: Fa3Element | null, draft: ReportDraft, context: ImportContext): void {
  if (platnosc === null) return;
  if (platnosc.has('Zaplacono')) {
    draft.put('paid', platnosc.marker('Zaplacono'), platnosc.pathOf('Zaplacono'));
    draft.requiredText('payment_date', platnosc, 'DataZaplaty');
  } else {
    draft.text('payment_date', platnosc, 'DataZaplaty');
  }
  const term = platnosc.child('TerminPlatnosci');
  if (term !== null) draft.text('due_date', term, 'Termin');
  draft.text('payment_method', platnosc, 'FormaPlatnosci');
  if (platnosc.has('PlatnoscInna')) {
    platnosc.marker('PlatnoscInna');
    draft.requiredText('payment_method_description', platnosc, 'OpisPlatnosci');
  } else if (platnosc.has('OpisPlatnosci')) {
    context.missing(platnosc.pathOf('PlatnoscInna'));
  }
  draft.list(
    'bank_accounts',
    platnosc.children('RachunekBankowy'),
    platnosc.pathOf('RachunekBankowy'),
    (account, item) => {
      item.requiredText('account_number', account, 'NrRB');
      item.text('bic', account, 'SWIFT');
      item.text('bank_name', account, 'NazwaBanku');
      item.text('description', account, 'OpisRachunku');
    },
  );
}

/**
 * Reads `Fa/WarunkiTransakcji` (ksef-fa3.md §6.4): the first `Umowy` → `contract_date` +
 * `contract_number`, the first `Zamowienia` → `purchase_order_date` + `purchase_order_number`.
 * Further `Umowy` / `Zamowienia`, `NrPartiiTowaru`, `WarunkiDostawy`, `KursUmowny` + `WalutaUmowna`,
 * `Transport` and `PodmiotPosredniczacy` have no field (→ `ignored`).
 *
 * @example
 * ```ts
 * readWarunkiTransakcji(fa.child('WarunkiTransakcji'), report);
 * report.data.purchase_order_number; // '4354343' (MF sample 1)
 * ```
 */
export function readWarunkiTransakcji(terms: Fa3Element | null, draft: ReportDraft): void {
  if (terms === null) return;
  const contract = terms.child('Umowy');
  if (contract !== null) {
    draft.text('contract_date', contract, 'DataUmowy');
    draft.text('contract_number', contract, 'NrUmowy');
  }
  const order = terms.child('Zamowienia');
  if (order !== null) {
    draft.text('purchase_order_date', order, 'DataZamowienia');
    draft.text('purchase_order_number', order, 'NrZamowienia');
  }
}
