/**
 * The contract of the `TaxAuthorityTransport` port (ports.ts "Tax authority"): a submission of a
 * valid SII message answers a `RespuestaLR…` document that `parseSiiResponse` reads, for the book and
 * kind submitted, with one line per record in message order; a message the tax authority cannot read
 * throws a `TaxAuthorityError` that is not worth retrying. Register it from a `*.test.ts` file with a
 * factory that gives a transport (for a real one: a sandbox that accepts the fixtures' titular).
 */
import { describe, expect, it } from 'vitest';
import { TaxAuthorityError, type TaxAuthorityTransport } from '../../src/ports.js';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import { parseSiiResponse } from '../../src/sii/import/response.js';
import { SII_BOOK_KINDS, siiMessage } from '../support/siiMessages.js';

/** The books whose response lines name their record by its counterparty, not by `IDFactura`. */
const COUNTERPARTY_BOOKS: ReadonlySet<string> = new Set(['Metalico', 'Seguros', 'AgenciasViajes']);

/**
 * Registers the tax authority contract as a `describe` block named after `name`.
 *
 * @example
 * ```ts
 * describeTaxAuthorityContract('memoryTaxAuthority', () => memoryTaxAuthority());
 * ```
 */
export function describeTaxAuthorityContract(
  name: string,
  make: () => TaxAuthorityTransport | Promise<TaxAuthorityTransport>,
): void {
  describe(`TaxAuthorityTransport contract: ${name}`, () => {
    it.each(SII_BOOK_KINDS)(
      'answers a %s %s message with its response: one line per record, in order',
      async (book, kind) => {
        const transport = await make();
        const message = siiMessage(book, kind, 3);
        const built = buildSiiMessage(message);
        if (!built.success) throw new Error(JSON.stringify(built.issues));
        const { xml } = await transport.submit({ ledger_id: 1, xml: built.data });
        const response = parseSiiResponse(xml);
        if (!response.success)
          throw new Error(`unreadable response: ${JSON.stringify(response.issues)}\n${xml}`);
        expect(response.data).toMatchObject({ book_type: book, kind });
        expect(response.data.records).toHaveLength(3);
        for (const [index, line] of response.data.records.entries()) {
          const record = message.records[index];
          if (COUNTERPARTY_BOOKS.has(book))
            expect(line.counterparty_tax_id).toBe(record?.customer_party_tax_id);
          else expect(line.invoice_number).toBe(record?.invoice_number);
        }
      },
    );

    it('refuses what is not an SII message with a TaxAuthorityError that retrying cannot help', async () => {
      const transport = await make();
      let caught: unknown;
      try {
        await transport.submit({ ledger_id: 1, xml: '<Factura/>' });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(TaxAuthorityError);
      expect((caught as TaxAuthorityError).retryable).toBe(false);
    });
  });
}
