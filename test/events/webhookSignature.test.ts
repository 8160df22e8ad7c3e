/**
 * Webhook signatures (api-notes.md §5.3): `X-B2Brouter-Signature: t={unix},s={hex HMAC-SHA256 of
 * "{t}.{raw body}"}`, checked against an independent HMAC from `node:crypto` (the PHP sample's
 * `hash_hmac('sha256', "$t.$body", $secret)`), and the receiver-side verification.
 */
import { createHmac } from 'node:crypto';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  signWebhook,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
} from '../../src/events/webhookSignature.js';

const SECRET = `whsec_${'ab'.repeat(32)}`;
const T = 1_776_681_600;
const BODY =
  '{"code":"tin_verification.finished","triggered_at":1776681600,"data":{"id":42,"status":"success"}}';

/** What the guide's PHP sample computes: hex HMAC-SHA256 keyed with the secret string. */
function phpHashHmac(payload: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

describe('signWebhook (api-notes §5.3)', () => {
  it('names the header as the guide does', () => {
    expect(WEBHOOK_SIGNATURE_HEADER).toBe('X-B2Brouter-Signature');
  });

  it('§5.3: t={timestamp},s={hex HMAC-SHA256 of "{t}.{body}"}, equal to an independent HMAC', async () => {
    const expected = phpHashHmac(`${String(T)}.${BODY}`, SECRET);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    expect(await signWebhook(BODY, SECRET, T)).toBe(`t=${String(T)},s=${expected}`);
  });

  it('keys with the UTF-8 bytes of the whole secret and signs the UTF-8 bytes of the body', async () => {
    const body = '{"name":"Café Ñandú — 東京 🎉"}';
    const secret = 'sécret-🔑';
    expect(await signWebhook(body, secret, 0)).toBe(`t=0,s=${phpHashHmac(`0.${body}`, secret)}`);
  });

  it('refuses a timestamp that is not whole non-negative Unix seconds, and an empty secret', async () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
      await expect(signWebhook(BODY, SECRET, bad)).rejects.toThrow(TypeError);
    await expect(signWebhook(BODY, '', T)).rejects.toThrow(TypeError);
  });
});

describe('verifyWebhookSignature (api-notes §5.3)', () => {
  const at = { now: T };

  it('accepts its own signature and answers the signed timestamp', async () => {
    const header = await signWebhook(BODY, SECRET, T);
    expect(await verifyWebhookSignature(BODY, header, SECRET, at)).toEqual({ valid: true, timestamp: T });
  });

  it('rejects a body changed by one byte, and a wrong secret', async () => {
    const header = await signWebhook(BODY, SECRET, T);
    const changed = BODY.replace('"id":42', '"id":43');
    expect(await verifyWebhookSignature(changed, header, SECRET, at)).toMatchObject({
      valid: false,
      code: 'signature_mismatch',
    });
    expect(await verifyWebhookSignature(BODY, header, `${SECRET}x`, at)).toMatchObject({
      valid: false,
      code: 'signature_mismatch',
    });
  });

  it('a missing or blank header is signature_missing', async () => {
    for (const header of [null, undefined, '', '   '])
      expect(await verifyWebhookSignature(BODY, header, SECRET, at)).toMatchObject({
        valid: false,
        code: 'signature_missing',
      });
  });

  it('a header without t, without s, with a non-numeric or repeated t is signature_malformed', async () => {
    const s = phpHashHmac(`${String(T)}.${BODY}`, SECRET);
    for (const header of [
      `s=${s}`,
      `t=${String(T)}`,
      `t=abc,s=${s}`,
      `t=-5,s=${s}`,
      `t=1.5,s=${s}`,
      `t=,s=${s}`,
      `t=${String(T)},t=${String(T)},s=${s}`,
      'garbage',
    ]) {
      const check = await verifyWebhookSignature(BODY, header, SECRET, at);
      expect(check, header).toMatchObject({ valid: false, code: 'signature_malformed' });
    }
  });

  it('tolerates spaces around commas, ignores unknown parts, accepts upper-case hex', async () => {
    const s = phpHashHmac(`${String(T)}.${BODY}`, SECRET);
    for (const header of [
      ` t=${String(T)} , s=${s} `,
      `v=2,t=${String(T)},k=rotation-7,s=${s},extra`,
      `t=${String(T)},s=${s.toUpperCase()}`,
    ])
      expect(await verifyWebhookSignature(BODY, header, SECRET, at), header).toEqual({
        valid: true,
        timestamp: T,
      });
  });

  it('key rotation: several s values, valid when any matches', async () => {
    const good = phpHashHmac(`${String(T)}.${BODY}`, SECRET);
    const old = phpHashHmac(`${String(T)}.${BODY}`, 'whsec_old');
    expect(await verifyWebhookSignature(BODY, `t=${String(T)},s=${old},s=${good}`, SECRET, at)).toMatchObject(
      {
        valid: true,
      },
    );
    expect(await verifyWebhookSignature(BODY, `t=${String(T)},s=${good},s=${old}`, SECRET, at)).toMatchObject(
      {
        valid: true,
      },
    );
    expect(await verifyWebhookSignature(BODY, `t=${String(T)},s=${old},s=abc`, SECRET, at)).toMatchObject({
      valid: false,
      code: 'signature_mismatch',
    });
  });

  it('a signature of another length or not hex is a mismatch, not an error', async () => {
    const s = phpHashHmac(`${String(T)}.${BODY}`, SECRET);
    for (const bad of [s.slice(0, 63), `${s}0`, '', 'zz'.repeat(32)])
      expect(await verifyWebhookSignature(BODY, `t=${String(T)},s=${bad}`, SECRET, at)).toMatchObject({
        valid: false,
        code: 'signature_mismatch',
      });
  });

  it('§5.3: the timestamp must be within the tolerance (default 300 s) either way', async () => {
    expect(WEBHOOK_SIGNATURE_TOLERANCE_SECONDS).toBe(300);
    const header = await signWebhook(BODY, SECRET, T);
    for (const now of [T - 300, T - 1, T, T + 1, T + 300])
      expect(await verifyWebhookSignature(BODY, header, SECRET, { now }), String(now)).toMatchObject({
        valid: true,
      });
    for (const now of [T - 301, T + 301, T + 86_400])
      expect(await verifyWebhookSignature(BODY, header, SECRET, { now }), String(now)).toMatchObject({
        valid: false,
        code: 'timestamp_outside_tolerance',
      });
  });

  it('toleranceSeconds: a custom window, 0 (exact second only), Infinity (no replay check)', async () => {
    const header = await signWebhook(BODY, SECRET, T);
    expect(
      await verifyWebhookSignature(BODY, header, SECRET, { now: T + 30, toleranceSeconds: 10 }),
    ).toMatchObject({ valid: false, code: 'timestamp_outside_tolerance' });
    expect(
      await verifyWebhookSignature(BODY, header, SECRET, { now: T + 30, toleranceSeconds: 30 }),
    ).toMatchObject({ valid: true });
    expect(await verifyWebhookSignature(BODY, header, SECRET, { now: T, toleranceSeconds: 0 })).toMatchObject(
      {
        valid: true,
      },
    );
    expect(
      await verifyWebhookSignature(BODY, header, SECRET, { now: T + 1, toleranceSeconds: 0 }),
    ).toMatchObject({
      valid: false,
    });
    expect(
      await verifyWebhookSignature(BODY, header, SECRET, { now: T + 10 ** 9, toleranceSeconds: Infinity }),
    ).toEqual({ valid: true, timestamp: T });
    for (const bad of [-1, Number.NaN])
      await expect(
        verifyWebhookSignature(BODY, header, SECRET, { now: T, toleranceSeconds: bad }),
      ).rejects.toThrow(RangeError);
  });

  it('the MAC is checked before the timestamp: a forged old delivery is a mismatch', async () => {
    const header = `t=${String(T - 10_000)},s=${'0'.repeat(64)}`;
    expect(await verifyWebhookSignature(BODY, header, SECRET, at)).toMatchObject({
      code: 'signature_mismatch',
    });
  });

  it('without now, judges the timestamp by the current time (receiver side)', async () => {
    const current = Math.floor(Date.now() / 1000);
    expect(
      await verifyWebhookSignature(BODY, await signWebhook(BODY, SECRET, current), SECRET),
    ).toMatchObject({
      valid: true,
    });
    expect(
      await verifyWebhookSignature(BODY, await signWebhook(BODY, SECRET, T - 86_400), SECRET),
    ).toMatchObject({
      valid: false,
      code: 'timestamp_outside_tolerance',
    });
  });

  it('verifies raw bytes as they are, without re-encoding', async () => {
    const text = '{"data":{"name":"Café Ñandú — 東京 🎉"}}';
    const bytes = new Uint8Array(Buffer.from(text, 'utf8'));
    const header = `t=${String(T)},s=${phpHashHmac(Buffer.concat([Buffer.from(`${String(T)}.`), bytes]), SECRET)}`;
    expect(await verifyWebhookSignature(bytes, header, SECRET, at)).toEqual({ valid: true, timestamp: T });
    expect(await verifyWebhookSignature(text, header, SECRET, at)).toMatchObject({ valid: true });
    // Bytes that are not what the text encodes to (Latin-1 instead of UTF-8) are a different body.
    const latin1 = new Uint8Array(Buffer.from(text, 'latin1'));
    expect(await verifyWebhookSignature(latin1, header, SECRET, at)).toMatchObject({
      code: 'signature_mismatch',
    });
    // Bytes that are not UTF-8 at all are still verified byte for byte.
    const binary = new Uint8Array([0xff, 0xfe, 0x00, 0x80]);
    const binaryHeader = `t=${String(T)},s=${phpHashHmac(Buffer.concat([Buffer.from(`${String(T)}.`), binary]), SECRET)}`;
    expect(await verifyWebhookSignature(binary, binaryHeader, SECRET, at)).toMatchObject({ valid: true });
  });

  it('keeps t exactly as the header writes it in the signed payload (leading zeros)', async () => {
    const t = `0${String(T)}`;
    const header = `t=${t},s=${phpHashHmac(`${t}.${BODY}`, SECRET)}`;
    expect(await verifyWebhookSignature(BODY, header, SECRET, at)).toEqual({ valid: true, timestamp: T });
  });
});

describe('signature properties', () => {
  /** Well-formed Unicode text (no lone surrogates: a JSON body never has one, JSON.stringify escapes them). */
  const text = fc.string({ unit: 'grapheme', maxLength: 60 });
  const secret = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });
  const timestamp = fc.integer({ min: 0, max: 99_999_999_999 });

  test.prop([text, secret, timestamp])('verify(sign(body)) is valid', async (body, key, t) => {
    const header = await signWebhook(body, key, t);
    expect(header).toBe(`t=${String(t)},s=${phpHashHmac(`${String(t)}.${body}`, key)}`);
    expect(await verifyWebhookSignature(body, header, key, { now: t })).toEqual({
      valid: true,
      timestamp: t,
    });
  });

  test.prop([
    text.filter((body) => body.length > 0),
    secret,
    timestamp,
    fc.nat(),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  ])('changing one character of the body makes it invalid', async (body, key, t, where, replacement) => {
    const characters = [...body];
    const position = where % characters.length;
    fc.pre(characters[position] !== replacement);
    characters[position] = replacement;
    const changed = characters.join('');
    const header = await signWebhook(body, key, t);
    expect(await verifyWebhookSignature(changed, header, key, { now: t })).toMatchObject({
      valid: false,
      code: 'signature_mismatch',
    });
  });
});
