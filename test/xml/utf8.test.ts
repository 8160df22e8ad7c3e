/**
 * `decodeUtf8Strict` decodes with the runtime's fatal `TextDecoder` when there is one (issue #24 item 1:
 * ten times faster on a 10 MB document) and keeps the behaviour of its own decoder: a byte-order mark is
 * a character (refusing it is the caller's business), and an error says where and why.
 */
import { describe, expect, it } from 'vitest';
import { decodeUtf8Strict } from '../../src/xml/utf8.js';

describe('decodeUtf8Strict', () => {
  it('keeps a byte-order mark as U+FEFF', () => {
    expect(decodeUtf8Strict(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61))).toEqual({ ok: true, text: '\uFEFFa' });
  });

  it('reports the offset and the reason of the first error, after any amount of valid text', () => {
    const bytes = new Uint8Array(1_000_003).fill(0x61);
    bytes.set([0xe0, 0x80, 0xaf], 1_000_000);
    expect(decodeUtf8Strict(bytes)).toEqual({
      ok: false,
      error: { offset: 1_000_000, reason: 'an overlong encoding (E0 80 AF)' },
    });
  });
});
