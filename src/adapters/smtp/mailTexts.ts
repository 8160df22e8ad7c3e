/**
 * The covering text of an invoice sent by e-mail (issue #23), one row per language: a subject and a
 * short plain-text body, with `{number}` (the invoice number) and `{sender}` (the sender's name) filled
 * in. The document itself is the attachment; the text only says what it is. **fiscalkit decides** the
 * wording (the spec shows none); a language without a row falls back to English.
 *
 * @module
 */

/** One language's subject and body, with `{number}` and `{sender}` placeholders. */
export interface MailText {
  readonly subject: string;
  readonly body: string;
}

/** The covering texts by ISO 639-1 language code. */
export const MAIL_TEXTS: Readonly<Record<string, MailText>> = {
  en: {
    subject: 'Invoice {number} from {sender}',
    body: 'Please find attached invoice {number} from {sender}.',
  },
  es: {
    subject: 'Factura {number} de {sender}',
    body: 'Le adjuntamos la factura {number} de {sender}.',
  },
  ca: {
    subject: 'Factura {number} de {sender}',
    body: 'Us adjuntem la factura {number} de {sender}.',
  },
  pl: {
    subject: 'Faktura {number} od {sender}',
    body: 'W załączeniu przesyłamy fakturę {number} od {sender}.',
  },
  de: {
    subject: 'Rechnung {number} von {sender}',
    body: 'Anbei erhalten Sie die Rechnung {number} von {sender}.',
  },
  fr: {
    subject: 'Facture {number} de {sender}',
    body: 'Veuillez trouver ci-joint la facture {number} de {sender}.',
  },
  it: {
    subject: 'Fattura {number} da {sender}',
    body: 'In allegato la fattura {number} da {sender}.',
  },
  pt: {
    subject: 'Fatura {number} de {sender}',
    body: 'Segue em anexo a fatura {number} de {sender}.',
  },
  nl: {
    subject: 'Factuur {number} van {sender}',
    body: 'Hierbij ontvangt u factuur {number} van {sender}.',
  },
};

/**
 * The subject and body of an invoice mail in `language` (ISO 639-1; a region such as `es-ES` is read
 * as its language, case ignored), English when fiscalkit has no text in that language.
 *
 * @example
 * ```ts
 * mailText('es', { number: 'F-1', sender: 'ACME SL' });
 * // { subject: 'Factura F-1 de ACME SL', body: 'Le adjuntamos la factura F-1 de ACME SL.' }
 * ```
 */
export function mailText(language: string, fill: { number: string; sender: string }): MailText {
  const code = language.toLowerCase().split(/[-_]/)[0] ?? '';
  // Own rows only: `constructor` is no language.
  const text =
    (Object.hasOwn(MAIL_TEXTS, code) ? MAIL_TEXTS[code] : undefined) ?? (MAIL_TEXTS.en as MailText);
  // A function replacement, so a `$` in a name or number is taken literally.
  const fillIn = (template: string) =>
    template.replace(/\{(number|sender)\}/g, (_, name: 'number' | 'sender') => fill[name]);
  return { subject: fillIn(text.subject), body: fillIn(text.body) };
}
