/**
 * The Message-ID of an e-mail delivery (issue #23), apart from the SMTP channel so that what writes the
 * same ids without sending (the sandbox mailbox, `fiscalkit/sandbox`) needs no nodemailer.
 *
 * @module
 */

/**
 * The Message-ID of a delivery: `<{key}@fiscalkit>`, the key made a dot-atom (RFC 5322 §3.6.4
 * `id-left`): every character outside `atext`, `%` and `.` included, is written `%XX` (its UTF-8
 * bytes), so two different keys never share an id and the id is always valid.
 *
 * @example
 * ```ts
 * smtpMessageId('invoice:42:send'); // '<invoice%3A42%3Asend@fiscalkit>'
 * ```
 */
export function smtpMessageId(key: string): string {
  const bytes = new TextEncoder().encode(key);
  let left = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    left +=
      byte < 0x80 && /[A-Za-z0-9!#$&'*+/=?^_`{|}~-]/.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return `<${left === '' ? '%00' : left}@fiscalkit>`;
}
