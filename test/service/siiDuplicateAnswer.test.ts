/**
 * AEAT's answer 3000 (a duplicate) for a record it already holds as `Correcta` (`RegistroDuplicado`,
 * RespuestaSuministro.xsd) is what a resubmission gets after fiscalkit lost the first answer (a crash
 * between AEAT's answer and its record; issue #23): the report is registered, with 3000 in
 * `authority`, not in error. Two services share one sandbox SII simulator, as two lives of one server
 * share AEAT.
 */
import { expect, it } from 'vitest';
import { memoryPorts, systemClock } from '../../src/adapters/memory/index.js';
import { sandboxPeppolAccessPoint, sandboxSii } from '../../src/adapters/sandbox/index.js';
import type { Ports } from '../../src/ports.js';
import type { Caller } from '../../src/service/caller.js';
import { createFiscalkit } from '../../src/service/fiscalkit.js';
import { storedAccount } from '../support/fixtures.js';

const CALLER: Caller = { group_id: 1, api_version: '2026-06-26' };
it('a report AEAT answers 3000 for, holding the record as Correcta, is registered', async () => {
  const sii = sandboxSii();
  const run = async () => {
    const ports: Ports = { ...memoryPorts({ clock: systemClock() }), taxAuthority: sii };
    ports.channels = { peppol: sandboxPeppolAccessPoint(ports) };
    await ports.store.accounts.insert(storedAccount({ id: 1 }));
    await ports.store.accountGroups.insert({ id: 1, group_id: 1 });
    const fk = createFiscalkit(ports, { sandbox: true });
    await fk.taxReportSettings.create(CALLER, 1, { code: 'sii', start_date: '2026-01-01', auto_send: true });
    const inv = await fk.invoices.create(CALLER, 1, {
      number: 'D-1',
      date: '2026-04-20',
      buyer_reference: 'PO-1',
      contact: {
        name: 'Norte SA',
        country: 'ES',
        tin_scheme: '9920',
        tin_value: 'B76543214',
        cin_scheme: '9920',
        cin_value: 'ESB76543214',
        transport_type_code: 'peppol',
      },
      invoice_lines_attributes: [
        { description: 'C', quantity: '1', price: '10', taxes_attributes: [{ name: 'IVA', percent: '21' }] },
      ],
    });
    const sent = await fk.invoiceSending.send(CALLER, inv.id);
    await fk.worker.drain();
    return (await ports.store.taxReports.get(1, sent.tax_report_ids[0] as number))?.value;
  };
  const first = await run();
  expect(first?.state).toBe('registered');
  const second = await run();
  expect(second?.state).toBe('registered');
  expect((second as { authority?: { code?: unknown } } | undefined)?.authority?.code).toBe('3000');
});
