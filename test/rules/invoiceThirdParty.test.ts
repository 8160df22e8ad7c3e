/**
 * Spec §2.5 rules 1–2 (and the KSeF role of rule 4): the JST / GV flags need `third_party`, at most one
 * flag, and a role that does not contradict the flag; on update, judged on the values the invoice
 * will have (request over stored).
 */
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues, type ValidationIssue } from '../../src/errors/validationIssue.js';
import { parseInvoice } from '../../src/model/invoice.js';
import { invoiceIssues } from '../../src/rules/invoice.js';
import { thirdPartyIssues } from '../../src/rules/thirdParty.js';
import { storedInvoice, validInvoiceBody } from '../support/fixtures.js';

function pairs(issues: readonly ValidationIssue[]): [string, string][] {
  return issues.map((issue) => [issue.code, issue.param]);
}

function parsed(body: Record<string, unknown>, operation: 'create' | 'update') {
  const result = parseInvoice(body, operation);
  if (!result.success) throw new Error(`must parse: ${JSON.stringify(result.issues)}`);
  return result.data;
}

const JST = {
  role: 'local_government_unit_recipient' as const,
  name: 'Gmina Miejska Kraków',
  tin_value: '6762446574',
  country: 'PL',
};
const GV = {
  role: 'vat_group_member' as const,
  name: 'Członek Grupy VAT Sp. z o.o.',
  tin_value: '5261040828',
  country: 'PL',
};
const NO_ROLE = { name: 'Gmina Wieliczka', country: 'PL' };

const FLAGS = ['apply_to_local_government_unit', 'apply_to_vat_group_member'] as const;

function create(fields: Record<string, unknown>) {
  return invoiceIssues(parsed({ ...validInvoiceBody(), ...fields }, 'create'), {
    version: '2026-04-20',
    operation: 'create',
  });
}

function patch(fields: Record<string, unknown>, stored: Record<string, unknown>) {
  return invoiceIssues(parsed(fields, 'update'), {
    version: '2026-04-20',
    operation: 'update',
    stored: storedInvoice(stored),
  });
}

describe('§2.5 rule 1: either flag requires third_party', () => {
  it.each(FLAGS)('§2.5 rule 1: %s true without third_party → 422 parameter_blank at third_party', (flag) => {
    const issues = create({ [flag]: true });
    expect(pairs(issues)).toEqual([['parameter_blank', 'third_party']]);
    expect(issues[0]?.message).toContain(flag);
    expect(apiErrorFromIssues(issues).status).toBe(422);
  });

  it.each(FLAGS)('§2.5 rule 1: %s true with third_party null → parameter_blank at third_party', (flag) => {
    expect(pairs(create({ [flag]: true, third_party: null }))).toEqual([['parameter_blank', 'third_party']]);
  });

  it('§2.5 rule 1: JST flag with a JST third party is fine', () => {
    expect(create({ apply_to_local_government_unit: true, third_party: JST })).toEqual([]);
  });

  it('§2.5 rule 1: GV flag with a GV third party is fine', () => {
    expect(create({ apply_to_vat_group_member: true, third_party: GV })).toEqual([]);
  });

  it.each(FLAGS)(
    '§2.5 rule 1: %s with a third party without role is fine (the flag decides the KSeF role)',
    (flag) => {
      expect(create({ [flag]: true, third_party: NO_ROLE })).toEqual([]);
    },
  );

  it.each([false, null])('§2.5 rule 1: flags %s need no third party', (value) => {
    expect(create({ apply_to_local_government_unit: value, apply_to_vat_group_member: value })).toEqual([]);
  });

  it('§2.5: a third party without any flag is allowed (e.g. a delivery recipient)', () => {
    expect(create({ third_party: { ...NO_ROLE, role: 'delivery_recipient' } })).toEqual([]);
  });
});

describe('§2.5 rule 2: the two flags are mutually exclusive', () => {
  it('§2.5 rule 2: both flags true → parameter_invalid at apply_to_vat_group_member (even with a third party)', () => {
    expect(
      pairs(
        create({ apply_to_local_government_unit: true, apply_to_vat_group_member: true, third_party: JST }),
      ),
    ).toEqual([['parameter_invalid', 'apply_to_vat_group_member']]);
  });

  it('§2.5 rule 2: both flags true and no third party → still one issue, the exclusivity', () => {
    expect(
      pairs(thirdPartyIssues({ apply_to_local_government_unit: true, apply_to_vat_group_member: true })),
    ).toEqual([['parameter_invalid', 'apply_to_vat_group_member']]);
  });

  it('§2.5 rule 2: one true and the other false is fine', () => {
    expect(
      thirdPartyIssues({
        apply_to_local_government_unit: true,
        apply_to_vat_group_member: false,
        third_party: JST,
      }),
    ).toEqual([]);
  });
});

describe('§2.5 rule 4: third_party.role must not contradict the flag', () => {
  it('§2.5 rule 4: JST flag with role vat_group_member → parameter_invalid at third_party.role', () => {
    expect(
      pairs(
        create({ apply_to_local_government_unit: true, third_party: { ...JST, role: 'vat_group_member' } }),
      ),
    ).toEqual([['parameter_invalid', 'third_party.role']]);
  });

  it('§2.5 rule 4: GV flag with role local_government_unit_recipient → parameter_invalid at third_party.role', () => {
    expect(
      pairs(
        create({
          apply_to_vat_group_member: true,
          third_party: { ...GV, role: 'local_government_unit_recipient' },
        }),
      ),
    ).toEqual([['parameter_invalid', 'third_party.role']]);
  });

  it('§2.5: without flags any role is fine', () => {
    expect(thirdPartyIssues({ third_party: { role: 'vat_group_member' } })).toEqual([]);
    expect(thirdPartyIssues({ third_party: { role: 'local_government_unit_recipient' } })).toEqual([]);
  });
});

describe('§2.5 on PATCH: judged on the stored flags and third party', () => {
  it('§2.5 rule 1: PATCH setting only the JST flag when the stored invoice has a third party is fine', () => {
    expect(patch({ apply_to_local_government_unit: true }, { third_party: JST })).toEqual([]);
  });

  it('§2.5 rule 1: PATCH setting only the GV flag when nothing is stored → parameter_blank at third_party', () => {
    expect(pairs(patch({ apply_to_vat_group_member: true }, {}))).toEqual([
      ['parameter_blank', 'third_party'],
    ]);
  });

  it('§2.5 rule 1: PATCH clearing third_party (null) while the stored JST flag is true → parameter_blank at third_party', () => {
    expect(
      pairs(patch({ third_party: null }, { apply_to_local_government_unit: true, third_party: JST })),
    ).toEqual([['parameter_blank', 'third_party']]);
  });

  it('§2.5 rule 1: PATCH clearing third_party and the flag together is fine', () => {
    expect(
      patch(
        { third_party: null, apply_to_local_government_unit: false },
        { apply_to_local_government_unit: true, third_party: JST },
      ),
    ).toEqual([]);
  });

  it('§2.5 rule 1: PATCH of unrelated fields on a consistent stored JST invoice is fine', () => {
    expect(patch({ ponumber: 'PO-2' }, { apply_to_local_government_unit: true, third_party: JST })).toEqual(
      [],
    );
  });

  it('§2.5 rule 2: PATCH setting the GV flag while the stored JST flag is true → parameter_invalid at apply_to_vat_group_member', () => {
    expect(
      pairs(
        patch(
          { apply_to_vat_group_member: true },
          { apply_to_local_government_unit: true, third_party: JST },
        ),
      ),
    ).toEqual([['parameter_invalid', 'apply_to_vat_group_member']]);
  });

  it('§2.5 rules 1–2: PATCH switching from JST to GV with a new GV third party is fine', () => {
    expect(
      patch(
        { apply_to_local_government_unit: false, apply_to_vat_group_member: true, third_party: GV },
        { apply_to_local_government_unit: true, third_party: JST },
      ),
    ).toEqual([]);
  });

  it('§2.5 rule 4: PATCH switching from JST to GV but keeping the stored JST third party → parameter_invalid at third_party.role', () => {
    expect(
      pairs(
        patch(
          { apply_to_local_government_unit: false, apply_to_vat_group_member: true },
          { apply_to_local_government_unit: true, third_party: JST },
        ),
      ),
    ).toEqual([['parameter_invalid', 'third_party.role']]);
  });

  it('§2.5 rule 4: on a stored GV invoice, PATCH third_party with a GV role is fine, with a JST role → parameter_invalid at third_party.role', () => {
    const stored = { apply_to_vat_group_member: true, third_party: GV };
    expect(patch({ third_party: { ...GV, name: 'Nowa nazwa' } }, stored)).toEqual([]);
    expect(pairs(patch({ third_party: JST }, stored))).toEqual([['parameter_invalid', 'third_party.role']]);
  });
});

describe('rule ids (issue #20 §4): the third party rules name themselves', () => {
  it('§2.5 rule 1 is spec.2.5.1, rule 2 spec.2.5.2, the role fiscalkit.invoice.third-party-role', () => {
    expect(thirdPartyIssues({ apply_to_local_government_unit: true })[0]).toMatchObject({
      rule: 'spec.2.5.1',
      code: 'parameter_blank',
      param: 'third_party',
    });
    expect(
      thirdPartyIssues({ apply_to_local_government_unit: true, apply_to_vat_group_member: true })[0],
    ).toMatchObject({ rule: 'spec.2.5.2', code: 'parameter_invalid', param: 'apply_to_vat_group_member' });
    expect(
      thirdPartyIssues({
        apply_to_local_government_unit: true,
        third_party: { role: 'vat_group_member', name: 'Grupa VAT' },
      })[0],
    ).toMatchObject({ rule: 'fiscalkit.invoice.third-party-role', param: 'third_party.role' });
  });
});
