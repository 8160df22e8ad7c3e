import { describe, expect, it } from 'vitest';
import { siiCounterparty, siiTitular } from '../../src/sii/generate/parties.js';
import { refusal } from '../support/refusal.js';
import { siiAccount, siiContact, siiInvoice } from '../support/siiInvoices.js';

/** Each refusal of the SII party builders names the rule that refused (issue #20 §4). */
describe('the SII party builders name their rules', () => {
  it('the titular: sii.3.titular-nif, for a missing and for a wrong NIF', () => {
    expect(refusal(siiTitular(siiAccount({ tin_value: null })))).toEqual({
      rule: 'sii.3.titular-nif',
      code: 'parameter_blank',
      param: 'account.tin_value',
    });
    expect(refusal(siiTitular(siiAccount({ tin_value: 'B12345670' })))).toEqual({
      rule: 'sii.3.titular-nif',
      code: 'parameter_invalid',
      param: 'account.tin_value',
    });
  });

  it('the counterparty: sii.3.counterparty-nif for a Spanish NIF that is not valid', () => {
    expect(refusal(siiCounterparty(siiContact({ tin_value: 'B12345670' }), siiInvoice(), false))).toEqual({
      rule: 'sii.3.counterparty-nif',
      code: 'parameter_invalid',
      param: 'contact.tin_value',
    });
  });
});
