import { describe, expect, it } from 'vitest';
import { transportIssues } from '../../src/rules/transport.js';
import { transportCodeIssues } from '../../src/rules/transportCode.js';
import { type TransportTypeKey, transportTypeTakenIssues } from '../../src/rules/transportTypeTaken.js';

const codesOf = (issues: readonly { code: string; param: string }[]) =>
  issues.map(({ code, param }) => ({ code, param }));

/** A storage lookup over `held` (transport type → code of the transport holding it), recording its calls. */
function lookup(held: Record<string, string>, asynchronous = false) {
  const calls: TransportTypeKey[] = [];
  const findTransportByType = (key: TransportTypeKey) => {
    calls.push(key);
    const holder = held[key.transport_type_code] ?? null;
    return asynchronous ? Promise.resolve(holder) : holder;
  };
  return { calls, findTransportByType };
}

describe('transportTypeTakenIssues (spec §7.2 parameter_taken)', () => {
  it('§7.2: a transport type the account already has → parameter_taken at transport_type_code', async () => {
    const { findTransportByType } = lookup({ peppol: 'peppol' });
    const issues = await transportTypeTakenIssues(
      { transport_type_code: 'peppol' },
      { account_id: 1, findTransportByType },
    );
    expect(codesOf(issues)).toEqual([{ code: 'parameter_taken', param: 'transport_type_code' }]);
    expect(issues[0]?.message).toMatch(/^transport_type_code /);
  });

  it('§7.2: a free transport type is no issue, with a synchronous or asynchronous port', async () => {
    for (const asynchronous of [false, true]) {
      const { findTransportByType } = lookup({ email: 'email' }, asynchronous);
      expect(
        await transportTypeTakenIssues(
          { transport_type_code: 'peppol' },
          { account_id: 1, findTransportByType },
        ),
      ).toEqual([]);
    }
    const { findTransportByType } = lookup({ peppol: 'peppol' }, true);
    expect(
      codesOf(
        await transportTypeTakenIssues(
          { transport_type_code: 'peppol' },
          { account_id: 1, findTransportByType },
        ),
      ),
    ).toEqual([{ code: 'parameter_taken', param: 'transport_type_code' }]);
  });

  it('asks storage with the account and the code', async () => {
    const { calls, findTransportByType } = lookup({});
    await transportTypeTakenIssues({ transport_type_code: 'sdi' }, { account_id: 42, findTransportByType });
    expect(calls).toEqual([{ account_id: 42, transport_type_code: 'sdi' }]);
  });

  it('the transport being updated does not collide with itself', async () => {
    const { findTransportByType } = lookup({ peppol: 'peppol' });
    expect(
      await transportTypeTakenIssues(
        { transport_type_code: 'peppol' },
        { account_id: 1, stored_code: 'peppol', findTransportByType },
      ),
    ).toEqual([]);
  });

  it('a body without transport_type_code asks nothing and cannot clash', async () => {
    const { calls, findTransportByType } = lookup({ peppol: 'peppol' });
    expect(await transportTypeTakenIssues({}, { account_id: 1, findTransportByType })).toEqual([]);
    expect(
      await transportTypeTakenIssues({ transport_type_code: null }, { account_id: 1, findTransportByType }),
    ).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe('transportCodeIssues (spec §2.8 code = transport type)', () => {
  it('§2.8: on create, a code equal to transport_type_code (or none) is fine', () => {
    expect(transportCodeIssues({ code: 'peppol', transport_type_code: 'peppol' })).toEqual([]);
    expect(transportCodeIssues({ transport_type_code: 'peppol' })).toEqual([]);
    expect(transportCodeIssues({ code: null, transport_type_code: 'peppol' })).toEqual([]);
  });

  it('§2.8: on create, a code naming another type → parameter_invalid at code', () => {
    expect(codesOf(transportCodeIssues({ code: 'email', transport_type_code: 'peppol' }))).toEqual([
      { code: 'parameter_invalid', param: 'code' },
    ]);
  });

  it('§7.2: on update, changing transport_type_code or code → parameter_cannot_change', () => {
    const stored = { code: 'peppol', transport_type_code: 'peppol' };
    expect(codesOf(transportCodeIssues({ transport_type_code: 'email' }, stored))).toEqual([
      { code: 'parameter_cannot_change', param: 'transport_type_code' },
    ]);
    expect(codesOf(transportCodeIssues({ code: 'email' }, stored))).toEqual([
      { code: 'parameter_cannot_change', param: 'code' },
    ]);
  });

  it('§7.2: on update, sending the stored values again (a whole-resource PUT) is not a change', () => {
    const stored = { code: 'peppol', transport_type_code: 'peppol' };
    expect(transportCodeIssues({ code: 'peppol', transport_type_code: 'peppol' }, stored)).toEqual([]);
    expect(transportCodeIssues({}, stored)).toEqual([]);
  });
});

describe('transportIssues (spec §2.8, §7.2)', () => {
  it('§7.2: create of a type the account has → parameter_taken', async () => {
    const { findTransportByType } = lookup({ peppol: 'peppol' });
    expect(
      codesOf(
        await transportIssues({ transport_type_code: 'peppol' }, { account_id: 1, findTransportByType }),
      ),
    ).toEqual([{ code: 'parameter_taken', param: 'transport_type_code' }]);
  });

  it('§2.8: a code mismatch is reported without asking storage', async () => {
    const { calls, findTransportByType } = lookup({ peppol: 'peppol' });
    const issues = await transportIssues(
      { code: 'email', transport_type_code: 'peppol' },
      { account_id: 1, findTransportByType },
    );
    expect(codesOf(issues)).toEqual([{ code: 'parameter_invalid', param: 'code' }]);
    expect(calls).toEqual([]);
  });

  it('update: re-sending the stored type is neither a change nor a clash', async () => {
    const { findTransportByType } = lookup({ peppol: 'peppol' });
    const stored = { code: 'peppol', transport_type_code: 'peppol' };
    expect(
      await transportIssues(
        { transport_type_code: 'peppol', reception: true },
        { account_id: 1, findTransportByType },
        stored,
      ),
    ).toEqual([]);
  });

  it('a free type on create is no issue', async () => {
    const { findTransportByType } = lookup({ email: 'email' });
    expect(
      await transportIssues({ transport_type_code: 'peppol' }, { account_id: 1, findTransportByType }),
    ).toEqual([]);
  });
});

describe('rule ids (issue #20 §4): the transport rules name themselves', () => {
  it('a type taken is spec.7.2.transport-type-taken; the code rules are fiscalkit.transport.*', async () => {
    const { findTransportByType } = lookup({ peppol: 'peppol' });
    expect(
      (
        await transportTypeTakenIssues(
          { transport_type_code: 'peppol' },
          { account_id: 1, findTransportByType },
        )
      )[0],
    ).toMatchObject({ rule: 'spec.7.2.transport-type-taken', code: 'parameter_taken' });
    expect(transportCodeIssues({ code: 'email', transport_type_code: 'peppol' })[0]).toMatchObject({
      rule: 'fiscalkit.transport.code-is-type',
      param: 'code',
    });
    expect(
      transportCodeIssues(
        { transport_type_code: 'email' },
        { code: 'peppol', transport_type_code: 'peppol' },
      )[0],
    ).toMatchObject({ rule: 'fiscalkit.transport.code-fixed', code: 'parameter_cannot_change' });
  });
});
