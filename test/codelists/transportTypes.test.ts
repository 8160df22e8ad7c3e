import { describe, expect, it } from 'vitest';
import { isTransportTypeCode, TRANSPORT_TYPES } from '../../src/index.js';

describe('TRANSPORT_TYPES (GET /transport_types, fiscalkit choice)', () => {
  it('lists the eight delivery channels', () => {
    expect(TRANSPORT_TYPES.map(({ code }) => code)).toEqual([
      'b2brouter',
      'chorus_pro',
      'email',
      'face',
      'ksef',
      'none',
      'peppol',
      'sdi',
    ]);
  });

  it.each(['peppol', 'email', 'ksef', 'none'])('isTransportTypeCode accepts %s', (code) => {
    expect(isTransportTypeCode(code)).toBe(true);
  });

  it.each(['Peppol', 'PEPPOL', 'fax', 'edi', '', 'constructor'])('isTransportTypeCode rejects %j', (code) => {
    expect(isTransportTypeCode(code)).toBe(false);
  });
});
