/**
 * Contact rules (spec §2.3): the office TIN check by version (rule 1), CIN inheritance without a check
 * (rule 2), parent_id fixed once set, the office structure, routing code pairs merged over the stored
 * contact, bank account check digits; and the helpers they use (cannotChangeIssues, versionHas).
 */
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues, type ValidationIssue } from '../../src/errors/validationIssue.js';
import { parseContact } from '../../src/model/contact.js';
import { bankAccountIssues } from '../../src/rules/bankAccount.js';
import { cannotChangeIssues } from '../../src/rules/cannotChange.js';
import { contactIssues } from '../../src/rules/contact.js';
import {
  inheritFromParent,
  officeCandidate,
  officeParentIssues,
  officeTinIssues,
} from '../../src/rules/office.js';
import { API_VERSIONS, type ApiVersion } from '../../src/versions/apiVersion.js';
import { versionHas } from '../../src/versions/behaviours.js';
import {
  BELGIAN_IBAN,
  CONTACT_TIN,
  INVALID_IBAN,
  storedContact,
  VALID_BIC,
  VALID_IBAN,
  validContactBody,
} from '../support/fixtures.js';

function pairs(issues: readonly ValidationIssue[]): [string, string][] {
  return issues.map((issue) => [issue.code, issue.param]);
}

/** Parses a contact body, failing the test if it does not parse. */
function parsed(body: Record<string, unknown>, operation: 'create' | 'update') {
  const result = parseContact(body, operation);
  if (!result.success) throw new Error(`must parse: ${JSON.stringify(result.issues)}`);
  return result.data;
}

/** The parent contact: id 7, TIN 9920 / B76543214, CIN 0088 / 8498765432105, not an office. */
const parent = () =>
  storedContact({ id: 7, parent_id: null, cin_scheme: '0088', cin_value: '8498765432105' });

/** A stored office (id 9) of contact 7, with the parent's TIN. */
const storedOffice = () =>
  storedContact({ id: 9, name: 'Distribuciones Norte SA, Oficina Madrid', parent_id: 7 });

/** A new office of contact 7 (create body) with the given identifiers. */
function officeBody(fields: Record<string, unknown> = {}) {
  return {
    name: 'Distribuciones Norte SA, Oficina Madrid',
    country: 'ES',
    parent_id: 7,
    ...fields,
  };
}

const CHECKING: ApiVersion[] = ['2026-04-20', '2026-06-26'];
const IGNORING: ApiVersion[] = ['2026-03-02', '2025-10-13', '2025-01-01'];

describe('§2.3 rule 1: an office TIN must equal the parent TIN (v2026-04-20 on)', () => {
  it.each(CHECKING)(
    '§2.3 rule 1: POST office with a different tin_value → 422 parameter_invalid at tin_value in %s',
    (version) => {
      const request = parsed(officeBody({ tin_scheme: '9920', tin_value: 'B12345674' }), 'create');
      const issues = contactIssues(request, { version, parent: parent() });
      expect(pairs(issues)).toEqual([['parameter_invalid', 'tin_value']]);
      const error = apiErrorFromIssues(issues);
      expect(error.status).toBe(422);
      expect(error.param).toBe('tin_value');
    },
  );

  it.each(CHECKING)(
    '§2.3 rule 1: POST office with a different tin_scheme → parameter_invalid at tin_scheme in %s',
    (version) => {
      const request = parsed(officeBody({ tin_scheme: '9925', tin_value: CONTACT_TIN }), 'create');
      expect(pairs(contactIssues(request, { version, parent: parent() }))).toEqual([
        ['parameter_invalid', 'tin_scheme'],
      ]);
    },
  );

  it.each(CHECKING)('§2.3 rule 1: both differing → two issues (tin_value, tin_scheme) in %s', (version) => {
    const request = parsed(officeBody({ tin_scheme: '9925', tin_value: 'BE0403019261' }), 'create');
    expect(pairs(contactIssues(request, { version, parent: parent() }))).toEqual([
      ['parameter_invalid', 'tin_value'],
      ['parameter_invalid', 'tin_scheme'],
    ]);
  });

  it.each(IGNORING)('§2.3 rule 1: mismatches are ignored in %s (earlier versions, §9)', (version) => {
    const request = parsed(officeBody({ tin_scheme: '9925', tin_value: 'B12345674' }), 'create');
    expect(contactIssues(request, { version, parent: parent() })).toEqual([]);
  });

  it.each(CHECKING)(
    '§2.3 rule 1: PATCH of a stored office to a different tin_value fails in %s',
    (version) => {
      const request = parsed({ tin_value: 'B12345674' }, 'update');
      expect(pairs(contactIssues(request, { version, stored: storedOffice(), parent: parent() }))).toEqual([
        ['parameter_invalid', 'tin_value'],
      ]);
    },
  );

  it.each(IGNORING)(
    '§2.3 rule 1: PATCH of a stored office to a different tin_value is accepted in %s',
    (version) => {
      const request = parsed({ tin_value: 'B12345674' }, 'update');
      expect(contactIssues(request, { version, stored: storedOffice(), parent: parent() })).toEqual([]);
    },
  );

  it.each([
    ['b76543214', 'lower case'],
    ['B-7654321-4', 'dashes'],
    ['B 765 432 14', 'spaces'],
    ['B.76543214', 'a dot'],
    ['B/76543214', 'a slash'],
    [' B76543214 ', 'surrounding spaces'],
  ])('§2.3 rule 1: %j (%s) is the same TIN, not a mismatch', (tin_value) => {
    expect(officeTinIssues({ parent_id: 7, tin_scheme: '9920', tin_value }, parent(), '2026-04-20')).toEqual(
      [],
    );
  });

  it('§2.3 rule 1: a different digit is a mismatch even with separators', () => {
    expect(
      pairs(officeTinIssues({ parent_id: 7, tin_value: 'B-7654321-5' }, parent(), '2026-04-20')),
    ).toEqual([['parameter_invalid', 'tin_value']]);
  });

  it('§2.3 rule 1: an office that sends no TIN is fine (it inherits)', () => {
    const request = parsed(officeBody(), 'create');
    expect(contactIssues(request, { version: '2026-04-20', parent: parent() })).toEqual([]);
    expect(
      officeTinIssues({ parent_id: 7, tin_value: null, tin_scheme: '' }, parent(), '2026-04-20'),
    ).toEqual([]);
  });

  it('§2.3 rule 1: the same TIN as the parent is fine', () => {
    const request = parsed(officeBody({ tin_scheme: '9920', tin_value: CONTACT_TIN }), 'create');
    expect(contactIssues(request, { version: '2026-04-20', parent: parent() })).toEqual([]);
  });

  it('§2.3 rule 1: a contact without parent_id is not compared with anything', () => {
    expect(officeTinIssues({ tin_value: 'B12345674' }, parent(), '2026-04-20')).toEqual([]);
    const request = parsed({ ...validContactBody(), tin_value: 'B12345674' }, 'create');
    expect(contactIssues(request, { version: '2026-04-20' })).toEqual([]);
  });

  it('§2.3 rule 1: without the parent record the rule cannot run (the caller answers 404 first)', () => {
    expect(officeTinIssues({ parent_id: 7, tin_value: 'B12345674' }, null, '2026-04-20')).toEqual([]);
  });
});

describe('§2.3 rule 2: the CIN is inherited and not validated against the parent', () => {
  it('§2.3 rule 2: an office with a different cin_value / cin_scheme has no issue', () => {
    const request = parsed(officeBody({ cin_scheme: '0007', cin_value: '5560360793' }), 'create');
    expect(contactIssues(request, { version: '2026-06-26', parent: parent() })).toEqual([]);
  });

  it('§2.3 rules 1–2: inheritFromParent fills tin and cin from the parent where the office left them empty', () => {
    const office = { parent_id: 7, tin_scheme: null, tin_value: '', cin_scheme: undefined };
    expect(inheritFromParent(office, parent())).toEqual({
      parent_id: 7,
      tin_scheme: '9920',
      tin_value: CONTACT_TIN,
      cin_scheme: '0088',
      cin_value: '8498765432105',
    });
  });

  it('§2.3 rule 2: inheritFromParent keeps what the office sent', () => {
    const office = { parent_id: 7, tin_value: 'b-7654321-4', cin_scheme: '0007', cin_value: '5560360793' };
    expect(inheritFromParent(office, parent())).toEqual({
      parent_id: 7,
      tin_scheme: '9920',
      tin_value: 'b-7654321-4',
      cin_scheme: '0007',
      cin_value: '5560360793',
    });
  });

  it('§2.3 rule 2: inheritFromParent fills null where the parent has nothing either', () => {
    const bare = storedContact({
      id: 7,
      tin_scheme: null,
      tin_value: null,
      cin_scheme: null,
      cin_value: null,
    });
    expect(inheritFromParent({ parent_id: 7 }, bare)).toEqual({
      parent_id: 7,
      tin_scheme: null,
      tin_value: null,
      cin_scheme: null,
      cin_value: null,
    });
  });

  it('inheritFromParent leaves a contact without parent_id unchanged', () => {
    const contact = { tin_value: null };
    expect(inheritFromParent(contact, parent())).toEqual({ tin_value: null });
  });

  it('inheritFromParent does not modify its argument', () => {
    const office = { parent_id: 7 };
    inheritFromParent(office, parent());
    expect(office).toEqual({ parent_id: 7 });
  });
});

describe('parent_id: set once, then fixed (spec §7.2 parameter_cannot_change)', () => {
  it('§7.2: PATCH changing a stored parent_id → 422 parameter_cannot_change at parent_id', () => {
    const issues = contactIssues(parsed({ parent_id: 8 }, 'update'), {
      version: '2026-04-20',
      stored: storedOffice(),
      parent: storedContact({ id: 8, parent_id: null }),
    });
    expect(pairs(issues)).toEqual([['parameter_cannot_change', 'parent_id']]);
    expect(apiErrorFromIssues(issues).status).toBe(422);
  });

  it('§7.2: PATCH clearing a stored parent_id (null) is a change too', () => {
    const issues = contactIssues(parsed({ parent_id: null }, 'update'), {
      version: '2026-04-20',
      stored: storedOffice(),
    });
    expect(pairs(issues)).toEqual([['parameter_cannot_change', 'parent_id']]);
  });

  it('§7.2: re-sending the same parent_id is not a change', () => {
    expect(
      contactIssues(parsed({ parent_id: 7, name: 'Oficina Madrid' }, 'update'), {
        version: '2026-04-20',
        stored: storedOffice(),
        parent: parent(),
      }),
    ).toEqual([]);
  });

  it('§7.2: re-sending the same parent_id as a digit string is not a change either', () => {
    expect(
      contactIssues(parsed({ parent_id: '7' }, 'update'), {
        version: '2026-04-20',
        stored: storedOffice(),
        parent: parent(),
      }),
    ).toEqual([]);
  });

  it('§2.3: a contact without parent may become an office once (parent_id set the first time)', () => {
    const stored = storedContact({ id: 9, parent_id: null, tin_value: CONTACT_TIN });
    expect(
      contactIssues(parsed({ parent_id: 7 }, 'update'), { version: '2026-04-20', stored, parent: parent() }),
    ).toEqual([]);
  });

  it('§2.3 rule 1: a contact becoming an office is checked against its new parent TIN', () => {
    const stored = storedContact({ id: 9, parent_id: null, tin_value: 'B12345674' });
    expect(
      pairs(
        contactIssues(parsed({ parent_id: 7 }, 'update'), {
          version: '2026-04-20',
          stored,
          parent: parent(),
        }),
      ),
    ).toEqual([['parameter_invalid', 'tin_value']]);
  });

  it('on create there is nothing stored, so parent_id is never "changed"', () => {
    expect(
      contactIssues(parsed(officeBody(), 'create'), { version: '2026-04-20', parent: parent() }),
    ).toEqual([]);
  });
});

describe('office structure (fiscalkit: one level, never its own parent)', () => {
  it('an office of an office → parameter_invalid at parent_id', () => {
    const officeAsParent = storedContact({ id: 9, parent_id: 7 });
    const issues = contactIssues(parsed(officeBody({ parent_id: 9 }), 'create'), {
      version: '2026-04-20',
      parent: officeAsParent,
    });
    expect(pairs(issues)).toEqual([['parameter_invalid', 'parent_id']]);
  });

  it('a contact as its own parent → parameter_invalid at parent_id', () => {
    const stored = storedContact({ id: 9, parent_id: null });
    const issues = contactIssues(parsed({ parent_id: 9 }, 'update'), {
      version: '2026-04-20',
      stored,
      parent: stored,
    });
    expect(pairs(issues)).toEqual([['parameter_invalid', 'parent_id']]);
  });

  it('officeParentIssues directly: self, office parent, plain parent, no parent', () => {
    expect(pairs(officeParentIssues({ id: 9, parent_id: 9 }, { parent_id: null }))).toEqual([
      ['parameter_invalid', 'parent_id'],
    ]);
    expect(pairs(officeParentIssues({ id: 10, parent_id: 9 }, { parent_id: 7 }))).toEqual([
      ['parameter_invalid', 'parent_id'],
    ]);
    expect(officeParentIssues({ id: 10, parent_id: 7 }, { parent_id: null })).toEqual([]);
    expect(officeParentIssues({ parent_id: 7 }, undefined)).toEqual([]);
    expect(officeParentIssues({ id: 10, parent_id: null }, { parent_id: 3 })).toEqual([]);
  });

  it('officeCandidate: the update over the stored contact, null clearing', () => {
    expect(
      officeCandidate({ tin_value: 'X' }, { id: 9, parent_id: 7, tin_value: 'Y', tin_scheme: '9920' }),
    ).toEqual({
      id: 9,
      parent_id: 7,
      tin_value: 'X',
      tin_scheme: '9920',
      cin_scheme: undefined,
      cin_value: undefined,
    });
    expect(officeCandidate({ tin_scheme: null }, { tin_scheme: '9920' }).tin_scheme).toBeNull();
    expect(officeCandidate({ parent_id: 7 }, null).parent_id).toBe(7);
  });
});

describe('contactIssues: routing codes and bank account', () => {
  it('§2.3 / §2.2 rule 1: a new contact with cin2_value and no scheme → parameter_blank at routing_codes.cin2_scheme', () => {
    const request = parsed({ ...validContactBody(), routing_codes: { cin2_value: 'X' } }, 'create');
    expect(pairs(contactIssues(request, { version: '2026-04-20' }))).toEqual([
      ['parameter_blank', 'routing_codes.cin2_scheme'],
    ]);
  });

  it('§2.2 rule 1 on PATCH: the sent slots are merged over the stored ones (a new value with the stored scheme is fine)', () => {
    const stored = storedContact();
    expect(stored.routing_codes).toEqual({ cin1_value: '8498765432105', cin1_scheme: '0088' });
    expect(
      contactIssues(parsed({ routing_codes: { cin1_value: '8412345678905' } }, 'update'), {
        version: '2026-04-20',
        stored,
      }),
    ).toEqual([]);
  });

  it('§2.2 rule 1 on PATCH: clearing the stored scheme while the value stays → parameter_blank at cin1_scheme', () => {
    const issues = contactIssues(parsed({ routing_codes: { cin1_scheme: null } }, 'update'), {
      version: '2026-04-20',
      stored: storedContact(),
    });
    expect(pairs(issues)).toEqual([['parameter_blank', 'routing_codes.cin1_scheme']]);
  });

  it('§2.2 rule 1 on PATCH: clearing both halves is fine', () => {
    expect(
      contactIssues(parsed({ routing_codes: { cin1_scheme: null, cin1_value: null } }, 'update'), {
        version: '2026-04-20',
        stored: storedContact(),
      }),
    ).toEqual([]);
  });

  it('§2.3 bank_account: a wrong IBAN check digit → parameter_invalid at bank_account.iban', () => {
    const request = parsed({ bank_account: { iban: INVALID_IBAN } }, 'update');
    expect(pairs(contactIssues(request, { version: '2026-04-20', stored: storedContact() }))).toEqual([
      ['parameter_invalid', 'bank_account.iban'],
    ]);
  });
});

describe('bankAccountIssues (spec §2.3, §2.4 bank_account)', () => {
  it.each([
    VALID_IBAN,
    'ES91 2100 0418 4502 0005 1332',
    'es9121000418450200051332',
    BELGIAN_IBAN,
    'DE89 3704 0044 0532 0130 00',
  ])('the valid IBAN %j has no issue', (iban) => {
    expect(bankAccountIssues({ iban })).toEqual([]);
  });

  it.each([INVALID_IBAN, 'ES91', 'XX9121000418450200051332', 'not an iban'])(
    '%j → parameter_invalid at bank_account.iban',
    (iban) => {
      const issues = bankAccountIssues({ iban, bic: VALID_BIC });
      expect(pairs(issues)).toEqual([['parameter_invalid', 'bank_account.iban']]);
      expect(apiErrorFromIssues(issues).status).toBe(422);
    },
  );

  it.each(['CAIXESB', 'CAIXXXBBXXX', '1234ESBB', 'CAIXESBBXXXX'])(
    'the BIC %j → parameter_invalid at bank_account.bic',
    (bic) => {
      expect(pairs(bankAccountIssues({ iban: VALID_IBAN, bic }))).toEqual([
        ['parameter_invalid', 'bank_account.bic'],
      ]);
    },
  );

  it.each(['CAIXESBB', 'CAIXESBBXXX', 'caixesbbxxx', 'DEUTDEFF500'])('the BIC %j has no issue', (bic) => {
    expect(bankAccountIssues({ bic })).toEqual([]);
  });

  it('both wrong: two issues, IBAN first', () => {
    expect(pairs(bankAccountIssues({ iban: INVALID_IBAN, bic: 'XX' }))).toEqual([
      ['parameter_invalid', 'bank_account.iban'],
      ['parameter_invalid', 'bank_account.bic'],
    ]);
  });

  it('absent, null or blank IBAN / BIC, and no bank account, have no issue', () => {
    expect(bankAccountIssues(undefined)).toEqual([]);
    expect(bankAccountIssues(null)).toEqual([]);
    expect(bankAccountIssues({})).toEqual([]);
    expect(bankAccountIssues({ iban: null, bic: '', bank_name: 'CaixaBank' })).toEqual([]);
  });

  it('the param follows the given path', () => {
    expect(pairs(bankAccountIssues({ iban: INVALID_IBAN }, ['contact', 'bank_account']))).toEqual([
      ['parameter_invalid', 'contact.bank_account.iban'],
    ]);
  });
});

describe('cannotChangeIssues (spec §7.2 parameter_cannot_change, generic)', () => {
  const stored = { type: 'SiiDocument', number: 'F-1', parent_id: null as number | null };

  it('a sent value different from the stored one → parameter_cannot_change at the field', () => {
    const issues = cannotChangeIssues({ type: 'Ksef' }, stored, ['type']);
    expect(pairs(issues)).toEqual([['parameter_cannot_change', 'type']]);
    expect(issues[0]?.message).toContain('"SiiDocument"');
    expect(apiErrorFromIssues(issues).status).toBe(422);
  });

  it('the same value re-sent is not an edit', () => {
    expect(cannotChangeIssues({ type: 'SiiDocument' }, stored, ['type'])).toEqual([]);
  });

  it('a field not sent is not an edit', () => {
    expect(cannotChangeIssues<'type' | 'number'>({ number: 'F-2' }, stored, ['type'])).toEqual([]);
  });

  it('only the listed fields are checked, each reported', () => {
    expect(pairs(cannotChangeIssues({ type: 'Ksef', number: 'F-2' }, stored, ['type', 'number']))).toEqual([
      ['parameter_cannot_change', 'type'],
      ['parameter_cannot_change', 'number'],
    ]);
    expect(cannotChangeIssues({ type: 'Ksef', number: 'F-2' }, stored, [])).toEqual([]);
  });

  it('a field without value may be set once when settableOnce names it', () => {
    expect(cannotChangeIssues({ parent_id: 7 }, stored, ['parent_id'], ['parent_id'])).toEqual([]);
    expect(cannotChangeIssues({ parent_id: 7 }, {}, ['parent_id'], ['parent_id'])).toEqual([]);
  });

  it('without settableOnce, setting an empty field is a change as well', () => {
    expect(pairs(cannotChangeIssues({ parent_id: 7 }, stored, ['parent_id']))).toEqual([
      ['parameter_cannot_change', 'parent_id'],
    ]);
  });

  it('null sent over a stored null is no change', () => {
    expect(cannotChangeIssues({ parent_id: null }, stored, ['parent_id'])).toEqual([]);
  });

  it('once set, a settableOnce field is fixed', () => {
    expect(
      pairs(cannotChangeIssues({ parent_id: 8 }, { parent_id: 7 }, ['parent_id'], ['parent_id'])),
    ).toEqual([['parameter_cannot_change', 'parent_id']]);
  });
});

describe('versionHas (spec §9 "Changed: parent TIN validation, inline contact identifier requirement")', () => {
  it.each(API_VERSIONS.map((version) => [version, version >= '2026-04-20'] as const))(
    '%s: office_tin_matches_parent and inline_contact_needs_identifier are %s',
    (version, expected) => {
      expect(versionHas(version, 'office_tin_matches_parent')).toBe(expected);
      expect(versionHas(version, 'inline_contact_needs_identifier')).toBe(expected);
    },
  );

  it('the versions of §9 are all there, oldest first', () => {
    expect(API_VERSIONS).toEqual(['2025-01-01', '2025-10-13', '2026-03-02', '2026-04-20', '2026-06-26']);
  });
});

describe('office rules on a PATCH that leaves the TIN alone', () => {
  it('§2.3 rule 1: a PATCH of another field is not failed by a parent whose TIN changed since', () => {
    const office = storedContact({ id: 9, parent_id: 7, tin_value: 'B12345674', tin_scheme: '9920' });
    const movedParent = storedContact({ id: 7, tin_value: 'B76543214', tin_scheme: '9920' });
    expect(
      contactIssues(
        { phone: '+34 600 000 000' },
        { version: '2026-04-20', stored: office, parent: movedParent },
      ),
    ).toEqual([]);
  });

  it('§2.3 rule 1: the same PATCH sending the stale TIN again is judged → parameter_invalid at tin_value', () => {
    const office = storedContact({ id: 9, parent_id: 7, tin_value: 'B12345674', tin_scheme: '9920' });
    const movedParent = storedContact({ id: 7, tin_value: 'B76543214', tin_scheme: '9920' });
    expect(
      pairs(
        contactIssues(
          { tin_value: 'B12345674' },
          { version: '2026-04-20', stored: office, parent: movedParent },
        ),
      ),
    ).toEqual([['parameter_invalid', 'tin_value']]);
  });

  it('§2.3 rule 1: a PATCH that makes a contact an office judges its stored TIN', () => {
    const contact = storedContact({ id: 9, parent_id: null, tin_value: 'B12345674', tin_scheme: '9920' });
    const newParent = storedContact({ id: 7, tin_value: 'B76543214', tin_scheme: '9920' });
    expect(
      pairs(contactIssues({ parent_id: 7 }, { version: '2026-04-20', stored: contact, parent: newParent })),
    ).toEqual([['parameter_invalid', 'tin_value']]);
  });

  it('a contact that has offices cannot become an office itself → parameter_invalid at parent_id', () => {
    const contact = storedContact({ id: 9, parent_id: null });
    const newParent = storedContact({ id: 7 });
    expect(
      pairs(
        contactIssues(
          { parent_id: 7 },
          { version: '2026-04-20', stored: contact, parent: newParent, has_offices: true },
        ),
      ),
    ).toEqual([['parameter_invalid', 'parent_id']]);
    expect(
      contactIssues({ parent_id: 7 }, { version: '2026-04-20', stored: contact, parent: newParent }),
    ).toEqual([]);
  });
});

describe('rule ids (issue #20 §4): each contact rule names itself', () => {
  it('§2.3 rule 1 is spec.2.3.1, for the TIN value and its scheme', () => {
    const issues = officeTinIssues(
      { parent_id: 7, tin_value: 'B12345674', tin_scheme: '9999' },
      { tin_value: 'B76543214', tin_scheme: '9920' },
      '2026-04-20',
    );
    expect(issues).toMatchObject([
      { rule: 'spec.2.3.1', code: 'parameter_invalid', param: 'tin_value' },
      { rule: 'spec.2.3.1', code: 'parameter_invalid', param: 'tin_scheme' },
    ]);
  });

  it("the office structure is fiscalkit's: own parent, and one level", () => {
    expect(officeParentIssues({ id: 7, parent_id: 7 }, null)[0]).toMatchObject({
      rule: 'fiscalkit.contact.office-own-parent',
      param: 'parent_id',
    });
    expect(officeParentIssues({ id: 9, parent_id: 7 }, { parent_id: 3 })[0]).toMatchObject({
      rule: 'fiscalkit.contact.office-one-level',
      param: 'parent_id',
    });
    expect(officeParentIssues({ id: 9, parent_id: 7 }, { parent_id: null }, true)[0]).toMatchObject({
      rule: 'fiscalkit.contact.office-one-level',
      param: 'parent_id',
    });
  });

  it('parent_id fixed once set is fiscalkit.contact.parent-fixed', () => {
    const issues = contactIssues(
      { parent_id: 8 },
      { version: '2026-04-20', stored: storedOffice(), parent: storedContact({ id: 8, parent_id: null }) },
    );
    expect(issues.find((issue) => issue.param === 'parent_id')).toMatchObject({
      rule: 'fiscalkit.contact.parent-fixed',
      code: 'parameter_cannot_change',
    });
  });

  it('bank account check digits are fiscalkit.bank-account.iban / .bic', () => {
    expect(bankAccountIssues({ iban: INVALID_IBAN, bic: 'NOT A BIC' })).toMatchObject([
      { rule: 'fiscalkit.bank-account.iban', code: 'parameter_invalid', param: 'bank_account.iban' },
      { rule: 'fiscalkit.bank-account.bic', code: 'parameter_invalid', param: 'bank_account.bic' },
    ]);
  });

  it("cannotChangeIssues names the caller's rule, or fiscalkit's generic one", () => {
    expect(cannotChangeIssues({ type: 'Ksef' }, { type: 'SiiDocument' }, ['type'])[0]).toMatchObject({
      rule: 'fiscalkit.resource.immutable-field',
      code: 'parameter_cannot_change',
    });
    expect(
      cannotChangeIssues(
        { type: 'Ksef' },
        { type: 'SiiDocument' },
        ['type'],
        [],
        'fiscalkit.invoice.type-fixed',
      )[0],
    ).toMatchObject({ rule: 'fiscalkit.invoice.type-fixed' });
  });
});
