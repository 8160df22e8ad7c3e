import { describe, expect, it } from 'vitest';
import { sequentialIds } from '../../../src/adapters/memory/ids.js';
import { describeIdGeneratorContract } from '../../contracts/ids.js';

describeIdGeneratorContract('sequentialIds', () => sequentialIds(), { increasing: true, many: true });
describeIdGeneratorContract('sequentialIds from 1000', () => sequentialIds(1000), {
  increasing: true,
  many: true,
});

describe('sequentialIds', () => {
  it('counts 1, 2, 3… separately per kind', async () => {
    const ids = sequentialIds();
    expect([
      await ids.next('ledger'),
      await ids.next('ledger'),
      await ids.next('event'),
      await ids.next('ledger'),
    ]).toEqual([1, 2, 1, 3]);
  });

  it('refuses a start that is not a positive safe integer', () => {
    expect(() => sequentialIds(0)).toThrow(RangeError);
    expect(() => sequentialIds(1.5)).toThrow(RangeError);
  });
});
