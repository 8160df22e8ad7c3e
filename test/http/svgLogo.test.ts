/**
 * SVG account logos over real HTTP (issue #24 item 6, "uploaded SVG logos keep their scripts"): an SVG
 * with a script, an event handler or foreign content is refused with 422 `parameter_invalid` at
 * `logo` and nothing is stored; a static SVG logo is stored and downloaded byte for byte as
 * `image/svg+xml`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_LOGO } from '../support/svgLogos.js';
import { createAccount, KEY, startService, type TestService } from './harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service.close();
});

const VERSION = '2026-06-26';

async function postLogo(account: number, body: Uint8Array | FormData, contentType?: string) {
  const response = await fetch(`${service.url}/accounts/${String(account)}/logo`, {
    method: 'POST',
    body,
    headers: {
      'X-B2B-API-Key': KEY,
      'X-B2B-API-Version': VERSION,
      ...(contentType === undefined ? {} : { 'Content-Type': contentType }),
    },
  });
  const json = (await response.json()) as {
    error?: { code: string; param: string; message: string };
    account?: { has_logo: boolean };
  };
  return { status: response.status, json };
}

const encode = (text: string) => new TextEncoder().encode(text);

describe('POST /accounts/{account}/logo with an SVG', () => {
  it.each([
    [
      'a script',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
      /<script>/,
    ],
    ['an onload handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', /onload on <svg>/],
    [
      'foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p xmlns="http://www.w3.org/1999/xhtml">x</p></foreignObject></svg>',
      /<foreignObject>/,
    ],
  ])('refuses an SVG with %s: 422 parameter_invalid at logo, and stores nothing', async (_, text, found) => {
    const account = await createAccount(service);
    const refused = await postLogo(account, encode(text), 'image/svg+xml');
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({ code: 'parameter_invalid', param: 'logo' });
    expect(refused.json.error?.message).toMatch(/^logo is not a static SVG image: /);
    expect(refused.json.error?.message).toMatch(found);
    // Sent in a multipart form as application/octet-stream, its bytes show SVG: refused the same.
    const form = new FormData();
    form.set('file', new Blob([encode(text)], { type: 'application/octet-stream' }), 'logo.svg');
    expect((await postLogo(account, form)).status).toBe(422);
    expect((await service.request('GET', `/accounts/${String(account)}`)).json.account.has_logo).toBe(false);
  });

  it('stores a static SVG logo and serves it back byte for byte as image/svg+xml', async () => {
    const account = await createAccount(service);
    const bytes = encode(STATIC_LOGO);
    const posted = await postLogo(account, bytes, 'image/svg+xml');
    expect([posted.status, posted.json.account?.has_logo]).toEqual([200, true]);
    const image = await fetch(`${service.url}/accounts/${String(account)}/logo`, {
      headers: { 'X-B2B-API-Key': KEY, 'X-B2B-API-Version': VERSION },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(bytes);
  });
});
