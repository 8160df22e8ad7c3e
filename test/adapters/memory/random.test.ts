import { describe, expect, it } from 'vitest';
import { seededRandom, webCryptoRandom } from '../../../src/adapters/memory/random.js';
import { webhookSecret } from '../../../src/model/webhookSubscription.js';

describe('random sources', () => {
  it('web crypto: the length asked for, different every time, also beyond one Web Crypto call', () => {
    const random = webCryptoRandom();
    expect(random.bytes(32)).toHaveLength(32);
    expect(random.bytes(0)).toHaveLength(0);
    expect(Buffer.from(random.bytes(32)).equals(Buffer.from(random.bytes(32)))).toBe(false);
    const large = random.bytes(70_000);
    expect(large).toHaveLength(70_000);
    // The tail was filled too (all zeros in 4,464 random bytes is not going to happen).
    expect(large.subarray(65_536).some((byte) => byte !== 0)).toBe(true);
  });

  it('seeded: the same bytes for the same seed, others for another seed; usable for a webhook secret', () => {
    expect([...seededRandom(7).bytes(10)]).toEqual([...seededRandom(7).bytes(10)]);
    expect([...seededRandom(7).bytes(10)]).not.toEqual([...seededRandom(8).bytes(10)]);
    const random = seededRandom();
    expect(random.bytes(3)).toHaveLength(3);
    expect(random.bytes(3)).not.toEqual(seededRandom().bytes(3).subarray(0, 3));
    expect(webhookSecret(seededRandom(1).bytes(32))).toBe(webhookSecret(seededRandom(1).bytes(32)));
  });

  it('refuses a negative length', () => {
    expect(() => webCryptoRandom().bytes(-1)).toThrow(RangeError);
    expect(() => seededRandom().bytes(-1)).toThrow(RangeError);
  });
});
