import { describe, expect, it } from 'vitest';
import { memoryWebhookTransport } from '../../../src/adapters/memory/webhookTransport.js';
import { describeWebhookTransportContract } from '../../contracts/webhookTransport.js';

describeWebhookTransportContract('memoryWebhookTransport', () => {
  const transport = memoryWebhookTransport();
  let receivers = 0;
  return {
    transport,
    answering(status) {
      receivers += 1;
      const url = `https://receiver-${String(receivers)}.example.test/hooks`;
      transport.respond(url, status);
      return url;
    },
    unreachable() {
      const url = 'https://down.example.test/hooks';
      transport.down(url);
      return url;
    },
  };
});

const URL = 'https://example.test/hooks';
const request = (body: string) => ({ url: URL, headers: { 'x-signature': 'v1' }, body, timeout_ms: 1_000 });

describe('memoryWebhookTransport controls', () => {
  it('answers 200 unless told, records every request, and is down until up', async () => {
    const transport = memoryWebhookTransport();
    expect(await transport.post(request('1'))).toEqual({ status: 200 });
    transport.respond(URL, 503);
    expect(await transport.post(request('2'))).toEqual({ status: 503 });
    transport.down(URL);
    await expect(transport.post(request('3'))).rejects.toThrow('connection refused');
    transport.up(URL);
    expect(await transport.post(request('4'))).toEqual({ status: 503 });
    await transport.post({ ...request('5'), url: 'https://other.example.test' });
    expect(transport.requests.map((sent) => sent.body)).toEqual(['1', '2', '3', '4', '5']);
    expect(transport.receivedBy(URL).map((sent) => sent.body)).toEqual(['1', '2', '3', '4']);
    expect(transport.requests[0]).toEqual(request('1'));
  });

  it('keeps copies of the requests', async () => {
    const transport = memoryWebhookTransport();
    const sent = request('1');
    await transport.post(sent);
    (sent.headers as Record<string, string>)['x-signature'] = 'changed';
    expect(transport.requests[0]?.headers).toEqual({ 'x-signature': 'v1' });
  });

  it('refuses a status that is not HTTP', () => {
    expect(() => memoryWebhookTransport().respond(URL, 99)).toThrow(RangeError);
  });
});
