/**
 * The pure SSRF guard of webhook URLs (issue #23; src/events/webhookUrl.ts): which URLs are refused
 * outside the sandbox and in it, and why.
 */
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, refusedAddress } from '../../src/events/webhookUrl.js';

/** [url, allowed outside the sandbox, allowed in the sandbox, what the refusal says]. */
const TABLE: readonly (readonly [string, boolean, boolean, RegExp | null])[] = [
  // Public receivers: allowed everywhere.
  ['https://hooks.example.com/fiscalkit', true, true, null],
  ['http://hooks.example.com:8080/x?y=1#z', true, true, null],
  ['https://93.184.215.14/hooks', true, true, null],
  ['https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hooks', true, true, null],
  ['HTTPS://HOOKS.EXAMPLE.COM/', true, true, null],
  // Schemes other than http(s): refused everywhere.
  ['file:///etc/passwd', false, false, /only http and https URLs are allowed, not file/],
  ['ftp://example.com/x', false, false, /not ftp/],
  ['data:text/plain,hello', false, false, /not data/],
  ['javascript:alert(1)', false, false, /not javascript/],
  ['gopher://example.com/', false, false, /not gopher/],
  ['ws://example.com/', false, false, /not ws/],
  // Credentials: refused everywhere.
  ['https://user:secret@example.com/hooks', false, false, /user name or password/],
  ['https://good.example@evil.example/', false, false, /user name or password/],
  // Not a URL, or no host.
  ['hooks.example.com/x', false, false, /not an absolute URL/],
  ['', false, false, /not an absolute URL/],
  ['http://', false, false, /not an absolute URL/],
  // Loopback.
  ['http://127.0.0.1/', false, true, /127\.0\.0\.1 is a loopback address/],
  ['http://127.1.2.3:9000/', false, true, /loopback/],
  ['http://2130706433/', false, true, /127\.0\.0\.1 is a loopback address/],
  ['http://0x7f.1/', false, true, /127\.0\.0\.1 is a loopback address/],
  ['http://[::1]/', false, true, /::1 is a loopback address/],
  ['http://localhost:4000/hooks', false, true, /localhost is this machine/],
  ['http://LOCALHOST./hooks', false, true, /localhost is this machine/],
  ['http://api.localhost/hooks', false, true, /api\.localhost is this machine/],
  // Private.
  ['http://10.1.2.3/', false, true, /10\.1\.2\.3 is a private address/],
  ['http://172.16.0.1/', false, true, /private/],
  ['http://172.31.255.255/', false, true, /private/],
  ['http://192.168.1.1/', false, true, /private/],
  ['http://[fc00::1]/', false, true, /unique local/],
  ['http://[fd12:3456::1]/', false, true, /unique local/],
  // Link-local, the cloud metadata service among them.
  ['http://169.254.169.254/latest/meta-data/', false, true, /169\.254\.169\.254 is a link-local address/],
  ['http://[fe80::1]/', false, true, /link-local/],
  // Unspecified, CGNAT, multicast, broadcast, reserved.
  ['http://0.0.0.0/', false, true, /unspecified/],
  ['http://[::]/', false, true, /unspecified/],
  ['http://100.64.0.1/', false, true, /carrier-grade NAT/],
  ['http://224.0.0.1/', false, true, /multicast/],
  ['http://[ff02::1]/', false, true, /multicast/],
  ['http://255.255.255.255/', false, true, /broadcast/],
  ['http://240.0.0.1/', false, true, /reserved/],
  ['http://192.0.2.1/', false, true, /reserved/],
  // IPv4-mapped IPv6 of those: judged by the IPv4 address.
  ['http://[::ffff:127.0.0.1]/', false, true, /loopback/],
  ['http://[::ffff:10.0.0.1]/', false, true, /private/],
  ['http://[::ffff:169.254.169.254]/', false, true, /link-local/],
  ['http://[::ffff:93.184.215.14]/', true, true, null],
  // IPv6 forms that hide an IPv4 address the guard cannot judge.
  ['http://[64:ff9b::7f00:1]/', false, true, /NAT64/],
  ['http://[2002:7f00:1::1]/', false, true, /6to4/],
];

describe('checkWebhookUrl', () => {
  it.each(TABLE)('%s: public %s, sandbox %s', (url, outside, inSandbox, reason) => {
    const strict = checkWebhookUrl(url);
    const sandbox = checkWebhookUrl(url, { allowPrivate: true });
    expect(strict.ok).toBe(outside);
    expect(sandbox.ok).toBe(inSandbox);
    if (reason !== null && !strict.ok) expect(strict.reason).toMatch(reason);
  });

  it('answers the host as the client will connect to it', () => {
    expect(checkWebhookUrl('https://Hooks.Example.com./x')).toEqual({
      ok: true,
      protocol: 'https:',
      hostname: 'hooks.example.com',
      literal: false,
    });
    expect(checkWebhookUrl('http://[::1]:8080/', { allowPrivate: true })).toEqual({
      ok: true,
      protocol: 'http:',
      hostname: '::1',
      literal: true,
    });
  });

  it('refuses what is not a string', () => {
    expect(checkWebhookUrl(42 as unknown as string).ok).toBe(false);
  });
});

describe('refusedAddress', () => {
  it('allows public unicast addresses and refuses the rest, naming the range', () => {
    expect(refusedAddress('8.8.8.8')).toBeNull();
    expect(refusedAddress('2001:4860:4860::8888')).toBeNull();
    expect(refusedAddress('127.0.0.1')).toBe('127.0.0.1 is a loopback address');
    expect(refusedAddress('::ffff:192.168.0.1')).toBe('::ffff:192.168.0.1 is a private address');
    expect(refusedAddress('fe80::1%eth0')).toMatch(/link-local/);
    expect(refusedAddress('not-an-ip')).toBe('not-an-ip is not an IP address');
  });

  it('allows every address in the sandbox, but not what is no address', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', 'fd00::1'])
      expect(refusedAddress(address, { allowPrivate: true })).toBeNull();
    expect(refusedAddress('example.com', { allowPrivate: true })).not.toBeNull();
  });
});
