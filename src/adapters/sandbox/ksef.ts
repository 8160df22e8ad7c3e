/**
 * The sandbox KSeF 2.0 simulator that `npm start` uses (issue #23 "A sandbox authority";
 * docs/sandbox-authorities.md). It answers as KSeF's invoice status does
 * (`GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}`, the status table of
 * `SessionInvoiceStatusResponse` in CIRFMF/ksef-docs `open-api.json`): 150 "Trwa przetwarzanie" right
 * after sending, then at the next poll 200 "Sukces" with a KSeF number (faktury/numer-ksef.md) and a
 * UPO (faktury/upo/schemy/upo-v4-3.xsd), or a rejection with KSeF's own code.
 *
 * State (sessions, invoices, the duplicate register) lives in this process: a restart forgets it.
 *
 * @module
 */

import { createHash } from 'node:crypto';
import { importFa3 } from '../../ksef/import/importFa3.js';
import { instantFromMillis } from '../../model/instant.js';
import {
  type Clock,
  type KsefStatus,
  type KsefSubmission,
  type KsefTransport,
  TaxAuthorityError,
} from '../../ports.js';
import { writeXml } from '../../xml/write.js';
import {
  SANDBOX_AUTHORITY_ENV,
  SANDBOX_REJECT_TRIGGER,
  SANDBOX_TIMEOUT_TRIGGER,
  type SandboxAuthorityOptions,
  sandboxTimeoutMs,
  simulatedTimeout,
} from './mode.js';

/**
 * KSeF's invoice status codes the simulator answers (`SessionInvoiceStatusResponse.status`,
 * CIRFMF/ksef-docs `open-api.json`, and faktury/weryfikacja-faktury.md for 440).
 */
export const KSEF_INVOICE_STATUS = {
  /** "Trwa przetwarzanie" (KSeF 2.0 moved it from 300 to 150, api-changelog.md). */
  processing: { code: 150, description: 'Trwa przetwarzanie' },
  accepted: { code: 200, description: 'Sukces' },
  /** The context (the session's NIP) has no right to issue the seller's invoices. */
  permissions: { code: 410, description: 'Nieprawidłowy zakres uprawnień' },
  /** Same seller NIP, `RodzajFaktury` and `P_2` as an invoice already in KSeF. */
  duplicate: { code: 440, description: 'Duplikat faktury' },
  /** Not FA(3) XML KSeF can read, or a date KSeF refuses (weryfikacja-faktury.md). */
  semantic: { code: 450, description: 'Błąd weryfikacji semantyki dokumentu faktury' },
} as const;

/** The UPO namespace (faktury/upo/schemy/upo-v4-3.xsd). */
export const UPO_NAMESPACE = 'http://upo.schematy.mf.gov.pl/KSeF/v4-3';

/** `TNrNIP`: ten digits, not starting with 0 (ksef-fa3.md §2). */
const NIP = /^[1-9]((\d[1-9])|([1-9]\d))\d{7}$/;

/** Options of {@link sandboxKsef}. */
export interface SandboxKsefOptions extends SandboxAuthorityOptions {
  /** The time of receipt, of the KSeF number's date and of the UPO; default the system time. */
  clock?: Clock;
}

/** The sandbox KSeF simulator: a `KsefTransport` that shows what it holds. */
export interface SandboxKsef extends KsefTransport {
  /** How many invoices KSeF holds with a KSeF number (accepted or still processing). */
  readonly numbered: number;
}

/**
 * CRC-8 of the KSeF number (faktury/numer-ksef.md "Algorytm CRC-8"): polynomial 0x07, initial
 * value 0x00, over the 32 characters before the last dash; two upper-case hex digits.
 *
 * @example
 * ```ts
 * ksefCrc8('5265877635-20250826-0100001AF629'); // 'AF' (the documentation's example)
 * ```
 */
export function ksefCrc8(data: string): string {
  let crc = 0;
  for (const byte of new TextEncoder().encode(data)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
}

/** `hex` upper-case, left-padded to `width`. */
function hex(value: number, width: number): string {
  return value.toString(16).toUpperCase().padStart(width, '0');
}

function sha256(text: string, encoding: 'hex' | 'base64'): string {
  return createHash('sha256').update(text, 'utf8').digest(encoding);
}

/** `YYYYMMDD` of an instant in ms, in UTC. */
function compactDate(ms: number): string {
  return instantFromMillis(ms).slice(0, 10).replaceAll('-', '');
}

/**
 * A reference number in KSeF's shape (`TNumerReferencyjny` of upo-v4-3.xsd, e.g.
 * `20250918-EE-2F20AD2000-242386DF86-52`): the date, a two-letter kind (`SO` an online session, `EE`
 * an invoice, as in the OpenAPI examples), a counter and a hash of the key, and a CRC-8 (how KSeF
 * computes its last two characters is not documented; the simulator reuses the KSeF number's).
 */
function referenceNumber(ms: number, kind: string, counter: number, key: string): string {
  const data = `${compactDate(ms)}-${kind}-${hex(counter, 10)}-${sha256(key, 'hex').slice(0, 10).toUpperCase()}`;
  return `${data}-${ksefCrc8(data)}`;
}

/** One invoice the simulator received. */
interface Received {
  key: string;
  reference: string;
  session: string;
  nip: string;
  /** The verdict, revealed at the first status poll (KSeF verifies after accepting the upload). */
  verdict:
    | { state: 'accepted'; ksef_number: string; upo: string }
    | { state: 'rejected'; code: number; description: string; details: string[] };
  polled: boolean;
}

interface UpoFields {
  session: string;
  nip: string;
  ksef_number: string;
  number: string;
  date: string;
  received: string;
  numbered: string;
  xml: string;
}

/**
 * The UPO of one invoice, shaped as faktury/upo/schemy/upo-v4-3.xsd and the published example
 * (`upo-faktura-kontekst-id-nip.xml`). `NazwaPodmiotuPrzyjmujacego` is fixed by the schema; the
 * comment before the root says the document is the sandbox's, not the Ministry's.
 */
function upo(fields: UpoFields): string {
  const xml = writeXml(
    'Potwierdzenie',
    {
      '@_xmlns': UPO_NAMESPACE,
      NazwaPodmiotuPrzyjmujacego: 'Ministerstwo Finansów',
      NumerReferencyjnySesji: fields.session,
      Uwierzytelnienie: {
        IdKontekstu: { Nip: fields.nip },
        // The simulator authenticates no one; the digest is of its own marker, never a real token.
        SkrotDokumentuUwierzytelniajacego: sha256(`fiscalkit-sandbox-ksef:${fields.nip}`, 'base64'),
      },
      NazwaStrukturyLogicznej: 'Schemat_FA(3)_v1-0E.xsd',
      KodFormularza: 'FA (3)',
      Dokument: {
        NipSprzedawcy: fields.nip,
        NumerKSeFDokumentu: fields.ksef_number,
        NumerFaktury: fields.number,
        DataWystawieniaFaktury: fields.date,
        DataPrzeslaniaDokumentu: fields.received,
        DataNadaniaNumeruKSeF: fields.numbered,
        SkrotDokumentu: sha256(fields.xml, 'base64'),
        TrybWysylki: 'Online',
      },
    },
    { indent: '  ' },
  );
  return xml.replace(
    '?>\n',
    '?>\n<!-- fiscalkit sandbox KSeF simulator: not issued by the Ministerstwo Finansów, no legal value -->\n',
  );
}

/**
 * The sandbox KSeF simulator. `submit` opens (once per NIP) an online session, reads the FA(3)
 * document as KSeF would, and answers `pending` 150 with the invoice's reference; the verdict comes
 * at the next `status`: 200 with a KSeF number (`NIP-YYYYMMDD-12 hex-CRC-8`) and a UPO, or a
 * rejection — 450 for a document `importFa3` refuses or a `P_1` later than the receipt, 410 for a
 * seller NIP (`Podmiot1`) other than the session's, 440 for a (seller NIP, `RodzajFaktury`, `P_2`)
 * KSeF already holds (details name the first invoice, as KSeF's do), 450 marked as simulated for
 * `mode: 'reject'` or a `P_2` containing `SANDBOX-REJECT`. The same `key` sent again answers the
 * invoice already received (ports.ts `KsefSubmission.key`). `mode: 'timeout'` or a `P_2` with
 * `SANDBOX-TIMEOUT` throws a retryable `TaxAuthorityError` after `timeout_ms`.
 *
 * @example
 * ```ts
 * const ksef = sandboxKsef({ clock: systemClock() });
 * const sent = await ksef.submit({ tax_report_id: 1, account_id: 1, nip: '9999999999', xml, key: 'tr-1' });
 * sent.state; // 'pending' (150)
 * (await ksef.status(submission, sent.reference)).state; // 'accepted' (200), with ksef_number and upo
 * ```
 */
export function sandboxKsef(options: SandboxKsefOptions = {}): SandboxKsef {
  const mode = options.mode ?? 'accept';
  const timeoutMs = sandboxTimeoutMs(options.timeout_ms);
  const clock = options.clock ?? { now: () => Date.now() };
  const byKey = new Map<string, Received>();
  const byReference = new Map<string, Received>();
  const sessions = new Map<string, string>();
  const register = new Map<string, Received>();
  let counter = 0;

  const timeout = (why: string) => simulatedTimeout('KSeF', timeoutMs, why);

  const pending = (received: Received): KsefStatus => ({
    state: 'pending',
    reference: received.reference,
    ...KSEF_INVOICE_STATUS.processing,
  });

  const answer = (received: Received): KsefStatus => {
    if (!received.polled) return pending(received);
    const { verdict } = received;
    if (verdict.state === 'rejected')
      return {
        state: 'rejected',
        reference: received.reference,
        code: verdict.code,
        description: verdict.description,
        details: verdict.details,
      };
    return {
      state: 'accepted',
      reference: received.reference,
      ...KSEF_INVOICE_STATUS.accepted,
      ksef_number: verdict.ksef_number,
      upo: verdict.upo,
    };
  };

  const reject = (status: { code: number; description: string }, details: string[]): Received['verdict'] => ({
    state: 'rejected',
    ...status,
    details,
  });

  return {
    get numbered() {
      return register.size;
    },

    async submit(submission: KsefSubmission): Promise<KsefStatus> {
      if (!NIP.test(submission.nip))
        throw new TaxAuthorityError(
          `KSeF (sandbox) cannot open a session: ${submission.nip} is not a NIP (ten digits)`,
          false,
        );
      const imported = importFa3(submission.xml);
      const report = imported.success ? imported.data.report : null;
      const number = typeof report?.number === 'string' ? report.number : '';
      if (mode === 'timeout') return timeout(`${SANDBOX_AUTHORITY_ENV}=timeout`);
      if (number.includes(SANDBOX_TIMEOUT_TRIGGER)) return timeout(`P_2 with ${SANDBOX_TIMEOUT_TRIGGER}`);
      const known = byKey.get(submission.key);
      if (known !== undefined) return answer(known);

      const now = clock.now();
      counter += 1;
      let session = sessions.get(submission.nip);
      if (session === undefined) {
        session = referenceNumber(now, 'SO', counter, `session:${submission.nip}`);
        sessions.set(submission.nip, session);
      }
      const received: Received = {
        key: submission.key,
        reference: referenceNumber(now, 'EE', counter, submission.key),
        session,
        nip: submission.nip,
        verdict: reject(KSEF_INVOICE_STATUS.semantic, []),
        polled: false,
      };
      const seller = report?.supplier_party_tax_id;
      const type = typeof report?.invoice_type_code === 'string' ? report.invoice_type_code : '';
      const date = typeof report?.date === 'string' ? report.date : '';
      const duplicateKey = `${String(seller)}\u0000${type}\u0000${number}`;
      const first = register.get(duplicateKey);
      if (!imported.success) {
        received.verdict = reject(
          KSEF_INVOICE_STATUS.semantic,
          imported.issues.map((issue) => `${issue.param}: ${issue.message}`),
        );
      } else if (mode === 'reject' || number.includes(SANDBOX_REJECT_TRIGGER)) {
        received.verdict = reject(KSEF_INVOICE_STATUS.semantic, [
          `rejected by the sandbox (${mode === 'reject' ? `${SANDBOX_AUTHORITY_ENV}=reject` : `P_2 with ${SANDBOX_REJECT_TRIGGER}`})`,
        ]);
      } else if (seller !== submission.nip) {
        received.verdict = reject(KSEF_INVOICE_STATUS.permissions, [
          `Podmiot1 NIP ${String(seller)} is not the session's context NIP ${submission.nip}`,
        ]);
      } else if (date > instantFromMillis(now).slice(0, 10)) {
        // weryfikacja-faktury.md "Walidacja dat": P_1 may not be later than the day KSeF receives it.
        received.verdict = reject(KSEF_INVOICE_STATUS.semantic, [
          `P_1 ${date} is later than the date of receipt ${instantFromMillis(now).slice(0, 10)}`,
        ]);
      } else if (first !== undefined && first.verdict.state === 'accepted') {
        received.verdict = reject(KSEF_INVOICE_STATUS.duplicate, [
          `Duplikat faktury. Faktura o numerze KSeF: ${first.verdict.ksef_number} została już prawidłowo przesłana do systemu w sesji: ${first.session}`,
        ]);
      } else {
        const data = `${submission.nip}-${compactDate(now)}-${hex(counter, 6)}${sha256(submission.key, 'hex').slice(0, 6).toUpperCase()}`;
        const ksef_number = `${data}-${ksefCrc8(data)}`;
        const at = instantFromMillis(now);
        received.verdict = {
          state: 'accepted',
          ksef_number,
          upo: upo({
            session,
            nip: submission.nip,
            ksef_number,
            number,
            date,
            received: at,
            numbered: at,
            xml: submission.xml,
          }),
        };
        register.set(duplicateKey, received);
      }
      byKey.set(submission.key, received);
      byReference.set(received.reference, received);
      return pending(received);
    },

    async status(submission: KsefSubmission, reference: string): Promise<KsefStatus> {
      if (mode === 'timeout') return timeout(`${SANDBOX_AUTHORITY_ENV}=timeout`);
      const received = byReference.get(reference);
      if (received === undefined || received.nip !== submission.nip)
        throw new TaxAuthorityError(
          `KSeF (sandbox) knows no invoice ${reference} in the context of NIP ${submission.nip}`,
          false,
        );
      received.polled = true;
      return answer(received);
    },
  };
}
