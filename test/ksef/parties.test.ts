import { describe, expect, it } from 'vitest';
import type { Validated } from '../../src/errors/validationIssue.js';
import { customerParty, supplierParty, thirdParty } from '../../src/ksef/generate/parties.js';
import { thirdPartyFlagIssues } from '../../src/rules/thirdParty.js';
import { mf1Invoice, mf9Invoice, polishAccount, polishContact, UNIT_NIP } from '../support/ksefInvoices.js';
import { refusal } from '../support/refusal.js';

/** Each refusal of the FA(3) party builders names the rule that refused (issue #20 §4). */
describe('the FA(3) party builders name their rules', () => {
  it('the seller: ksef.6.1.seller-nip, for a missing and for a wrong NIP', () => {
    expect(refusal(supplierParty(polishAccount({ tin_value: null })))).toEqual({
      rule: 'ksef.6.1.seller-nip',
      code: 'parameter_blank',
      param: 'account.tin_value',
    });
    for (const tin of ['9999999998', 'B12345674'])
      expect(refusal(supplierParty(polishAccount({ tin_value: tin })))).toEqual({
        rule: 'ksef.6.1.seller-nip',
        code: 'parameter_invalid',
        param: 'account.tin_value',
      });
  });

  it('the buyer: spec.2.5.4 without a contact, ksef.4.nip-checksum for a wrong check digit', () => {
    expect(refusal(customerParty(null, mf1Invoice({ contact: null }), 'VAT'))).toEqual({
      rule: 'spec.2.5.4',
      code: 'parameter_blank',
      param: 'contact',
    });
    expect(customerParty(null, mf1Invoice({ contact: null }), 'UPR').success).toBe(true);
    expect(refusal(customerParty(polishContact({ tin_value: '1111111112' }), mf1Invoice(), 'VAT'))).toEqual({
      rule: 'ksef.4.nip-checksum',
      code: 'parameter_invalid',
      param: 'contact.tin_value',
    });
  });

  it.each<[string, () => Validated<unknown>, { rule: string; code: string; param: string }]>([
    [
      'both flags',
      () => thirdParty(mf9Invoice({ apply_to_vat_group_member: true })),
      { rule: 'spec.2.5.2', code: 'parameter_invalid', param: 'apply_to_vat_group_member' },
    ],
    [
      'a flag without a third party',
      () => thirdParty(mf1Invoice({ apply_to_local_government_unit: true })),
      { rule: 'spec.2.5.1', code: 'parameter_blank', param: 'third_party' },
    ],
    [
      'a third party without a role',
      () => thirdParty(mf1Invoice({ third_party: { name: 'X', tin_value: UNIT_NIP, country: 'PL' } })),
      { rule: 'ksef.6.3.third-party-role', code: 'parameter_blank', param: 'third_party.role' },
    ],
    [
      'a third-party NIP with a wrong check digit',
      () => thirdParty(mf9Invoice({ third_party: { name: 'X', tin_value: '2222222223', country: 'PL' } })),
      { rule: 'ksef.4.nip-checksum', code: 'parameter_invalid', param: 'third_party.tin_value' },
    ],
    [
      'a JST unit identified only by a foreign id',
      () => thirdParty(mf9Invoice({ third_party: { name: 'X', tin_value: 'ABC-1', country: 'US' } })),
      { rule: 'ksef.6.3.unit-nip-or-idwew', code: 'parameter_invalid', param: 'third_party.tin_value' },
    ],
    [
      'a JST unit without any id',
      () => thirdParty(mf9Invoice({ third_party: { name: 'X', country: 'PL' } })),
      { rule: 'ksef.6.3.unit-nip-or-idwew', code: 'parameter_blank', param: 'third_party.tin_value' },
    ],
  ])('the third party: %s', (_, run, expected) => {
    expect(refusal(run())).toEqual(expected);
  });
});

describe('spec §2.5 rules 1 and 2 have one home (src/rules/thirdParty.ts)', () => {
  it('the generator refuses the flags with exactly the invoice rule’s issues', () => {
    for (const invoice of [
      mf9Invoice({ apply_to_vat_group_member: true }),
      mf1Invoice({ apply_to_local_government_unit: true }),
      mf1Invoice({ apply_to_vat_group_member: true }),
    ]) {
      const issues = thirdPartyFlagIssues(invoice);
      expect(issues).toHaveLength(1);
      expect(thirdParty(invoice)).toEqual({ success: false, issues });
    }
    expect(thirdPartyFlagIssues(mf9Invoice())).toEqual([]);
    expect(thirdParty(mf9Invoice()).success).toBe(true);
  });
});
