/**
 * The EN 16931-1 semantic model of an invoice (issue #22): the business terms (BT-n) and groups (BG-n)
 * of the European norm, as one plain object. It is the meeting point of every e-invoice syntax fiscalkit
 * writes and reads:
 *
 * ```
 * fiscalkit invoice + account + contact ──fromInvoice──► En16931Invoice ──► UBL (Peppol BIS 3, XRechnung)
 *                                                          │   ▲          ──► CII (EN 16931, XRechnung, Factur-X)
 *                                                          │   └── readers of UBL / CII
 *                                                          └──toInvoice──► an invoice create, a seller, a buyer
 * ```
 *
 * Each syntax binding (EN 16931-3-2 for UBL, 3-3 for CII) is then a mechanical mapping of these
 * fields, so BR-CO-10 … BR-CO-16 hold in every syntax once they hold here, and they hold here because
 * the amounts are `computeTotals`' printed amounts (taxmath.md), never recomputed by a writer.
 *
 * Conventions:
 * - every amount is a decimal string with exactly the currency's decimals (`'1210.00'`), never a JS
 *   number; quantities and prices are decimal strings as given (at most the model's decimals);
 * - optional terms are `undefined` when absent (a writer omits the element, never writes it empty);
 * - the field names are the norm's term names in snake_case, each with its BT number, so the code reads
 *   against EN 16931-1 table 2.
 *
 * @module
 */

/** An identifier with its optional scheme (EN 16931-1 "Identifier" data type). */
export interface En16931Identifier {
  readonly id: string;
  /** ISO 6523 ICD (`0088`, `0208`), or for an endpoint the EAS code (`9920`, `0088`). */
  readonly scheme?: string | undefined;
}

/** BG-5 / BG-8 / BG-12 / BG-15: a postal address. */
export interface En16931Address {
  /** BT-35 / BT-50 / BT-64 / BT-75. */
  readonly line1?: string | undefined;
  /** BT-36 / BT-51 / BT-65 / BT-76. */
  readonly line2?: string | undefined;
  /** BT-37 / BT-52 / BT-66 / BT-77. */
  readonly city?: string | undefined;
  /** BT-38 / BT-53 / BT-67 / BT-78. */
  readonly postal_code?: string | undefined;
  /** BT-39 / BT-54 / BT-68 / BT-79. */
  readonly subdivision?: string | undefined;
  /** BT-40 / BT-55 / BT-69 / BT-80: ISO 3166-1 alpha-2, upper case. */
  readonly country: string;
}

/** BG-6 / BG-9: a contact point. */
export interface En16931Contact {
  /** BT-41 / BT-56. */
  readonly name?: string | undefined;
  /** BT-42 / BT-57. */
  readonly phone?: string | undefined;
  /** BT-43 / BT-58. */
  readonly email?: string | undefined;
}

/** BG-4 Seller / BG-7 Buyer. */
export interface En16931Party {
  /** BT-27 / BT-44. */
  readonly name: string;
  /** BT-28 / BT-45: trading name. */
  readonly trading_name?: string | undefined;
  /** BT-29 / BT-46: other identifiers (the seller's may repeat; the buyer's one). */
  readonly identifiers: readonly En16931Identifier[];
  /** BT-30 / BT-47: legal registration identifier. */
  readonly legal_registration?: En16931Identifier | undefined;
  /** BT-31 / BT-48: VAT identifier, with its country prefix (`ESB12345678`). */
  readonly vat_identifier?: string | undefined;
  /** BT-32: the seller's tax registration identifier (a tax id that is not a VAT id). */
  readonly tax_registration?: string | undefined;
  /** BT-33: additional legal information. */
  readonly additional_legal_information?: string | undefined;
  /** BT-34 / BT-49: electronic address (Peppol endpoint), with its EAS scheme. */
  readonly electronic_address?: En16931Identifier | undefined;
  /** BG-5 / BG-8. */
  readonly address: En16931Address;
  /** BG-6 / BG-9. */
  readonly contact?: En16931Contact | undefined;
}

/** BG-3: a preceding invoice reference. */
export interface En16931PrecedingInvoice {
  /** BT-25. */
  readonly number: string;
  /** BT-26. */
  readonly issue_date?: string | undefined;
}

/** BG-17: a credit transfer account. */
export interface En16931PaymentAccount {
  /** BT-84: the IBAN (or another account id). */
  readonly id: string;
  /** BT-85. */
  readonly name?: string | undefined;
  /** BT-86: BIC. */
  readonly provider?: string | undefined;
}

/** BG-16: payment instructions. */
export interface En16931Payment {
  /** BT-81: UNTDID 4461 (`30` credit transfer, `58` SEPA credit transfer, `31` debit transfer, `1` not defined). */
  readonly means_code: string;
  /** BT-82. */
  readonly means_text?: string | undefined;
  /** BT-83: the remittance information (a Belgian OGM `+++…+++` goes here verbatim). */
  readonly remittance_information?: string | undefined;
  /** BG-17. */
  readonly credit_transfers: readonly En16931PaymentAccount[];
}

/**
 * UNTDID 5305 VAT category codes as EN 16931 restricts them (BT-95, BT-102, BT-118, BT-151): standard,
 * zero rated, exempt, reverse charge, intra-community, export, not subject, Canary Islands IGIC, Ceuta and
 * Melilla IPSI.
 */
export type En16931VatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M';

/** BG-20 / BG-21: a document-level allowance or charge (one VAT category and rate each). */
export interface En16931AllowanceCharge {
  /** `false` allowance (BG-20), `true` charge (BG-21). */
  readonly charge: boolean;
  /** BT-92 / BT-99. */
  readonly amount: string;
  /** BT-93 / BT-100. */
  readonly base_amount?: string | undefined;
  /** BT-94 / BT-101. */
  readonly percentage?: string | undefined;
  /** BT-95 / BT-102. */
  readonly vat_category: En16931VatCategory;
  /** BT-96 / BT-103: absent for category `O`. */
  readonly vat_rate?: string | undefined;
  /** BT-97 / BT-104. */
  readonly reason?: string | undefined;
  /** BT-98 / BT-105: UNTDID 5189 (allowance) or 7161 (charge). */
  readonly reason_code?: string | undefined;
}

/** BG-27 / BG-28: a line allowance or charge. */
export interface En16931LineAllowanceCharge {
  readonly charge: boolean;
  /** BT-136 / BT-141. */
  readonly amount: string;
  /** BT-137 / BT-142. */
  readonly base_amount?: string | undefined;
  /** BT-138 / BT-143. */
  readonly percentage?: string | undefined;
  /** BT-139 / BT-144. */
  readonly reason?: string | undefined;
  /** BT-140 / BT-145. */
  readonly reason_code?: string | undefined;
}

/** BG-23: one VAT breakdown row. */
export interface En16931VatBreakdown {
  /** BT-116. */
  readonly taxable_amount: string;
  /** BT-117. */
  readonly tax_amount: string;
  /** BT-118. */
  readonly category: En16931VatCategory;
  /** BT-119: absent for category `O`. */
  readonly rate?: string | undefined;
  /** BT-120. */
  readonly exemption_reason?: string | undefined;
  /** BT-121: VATEX code (`VATEX-EU-AE`, `VATEX-EU-IC`, …). */
  readonly exemption_reason_code?: string | undefined;
}

/** BG-22: document totals. */
export interface En16931Totals {
  /** BT-106: Σ line net amounts. */
  readonly line_net: string;
  /** BT-107. */
  readonly allowances?: string | undefined;
  /** BT-108. */
  readonly charges?: string | undefined;
  /** BT-109. */
  readonly tax_exclusive: string;
  /** BT-110: Σ VAT in the invoice currency. */
  readonly vat: string;
  /** BT-111: Σ VAT in the tax currency (BT-6), when one differs from BT-5. */
  readonly vat_in_tax_currency?: string | undefined;
  /** BT-112. */
  readonly tax_inclusive: string;
  /** BT-113. */
  readonly prepaid?: string | undefined;
  /** BT-114. */
  readonly rounding?: string | undefined;
  /** BT-115. */
  readonly payable: string;
}

/** BG-25: an invoice line. */
export interface En16931Line {
  /** BT-126. */
  readonly id: string;
  /** BT-127. */
  readonly note?: string | undefined;
  /** BT-129. */
  readonly quantity: string;
  /** BT-130: UN/ECE Recommendation 20 / 21 (`C62` one, `HUR` hour, …). */
  readonly unit_code: string;
  /** BT-131. */
  readonly net_amount: string;
  /** BT-133. */
  readonly buyer_accounting_reference?: string | undefined;
  /** BG-27 / BG-28. */
  readonly allowances_charges: readonly En16931LineAllowanceCharge[];
  /** BG-29: BT-146 net price, BT-148 gross price, BT-149 base quantity (with the unit BT-150 = BT-130). */
  readonly price: {
    readonly net: string;
    readonly gross?: string | undefined;
    readonly base_quantity?: string | undefined;
  };
  /** BG-30: BT-151, BT-152. */
  readonly vat: { readonly category: En16931VatCategory; readonly rate?: string | undefined };
  /** BG-31: BT-153 name, BT-154 description, BT-155 seller's id, BT-158 classification. */
  readonly item: {
    readonly name: string;
    readonly description?: string | undefined;
    readonly sellers_id?: string | undefined;
    readonly classifications: readonly En16931Identifier[];
  };
}

/** An invoice in EN 16931 terms. */
export interface En16931Invoice {
  /** BT-1. */
  readonly number: string;
  /** BT-2: ISO date. */
  readonly issue_date: string;
  /** BT-3: UNTDID 1001 (`380` invoice, `381` credit note, `384` corrected, `386` prepayment). */
  readonly type_code: string;
  /** BT-5. */
  readonly currency: string;
  /** BT-6: when the VAT is also accounted in another currency. */
  readonly tax_currency?: string | undefined;
  /** BT-7. */
  readonly tax_point_date?: string | undefined;
  /**
   * Not an EN 16931 term: the rate from BT-5 to BT-6 (units of BT-6 per unit of BT-5), which the invoice
   * was converted with (spec §2.4 `exchange_rate`); the readable PDF prints it, the XRechnung and CII
   * writers may carry it where their syntax has a place for it.
   */
  readonly exchange_rate?: string | undefined;
  /** BT-9. */
  readonly due_date?: string | undefined;
  /** BT-10: buyer reference (the XRechnung Leitweg-ID). */
  readonly buyer_reference?: string | undefined;
  /** BT-12: contract reference. */
  readonly contract_reference?: string | undefined;
  /** BT-13: purchase order reference. */
  readonly purchase_order_reference?: string | undefined;
  /** BT-14: sales order reference. */
  readonly sales_order_reference?: string | undefined;
  /** BT-16: despatch advice reference. */
  readonly despatch_advice_reference?: string | undefined;
  /** BT-18: invoiced object identifier (the Facturae `FileReference`, expediente). */
  readonly invoiced_object?: string | undefined;
  /** BT-19: buyer accounting reference. */
  readonly buyer_accounting_reference?: string | undefined;
  /** BT-20: payment terms. */
  readonly payment_terms?: string | undefined;
  /** BG-1 / BT-22: invoice notes. */
  readonly notes: readonly string[];
  /** BG-3. */
  readonly preceding_invoices: readonly En16931PrecedingInvoice[];
  /** BG-4. */
  readonly seller: En16931Party;
  /** BG-7. */
  readonly buyer: En16931Party;
  /** BG-13 / BT-72: actual delivery date. */
  readonly delivery_date?: string | undefined;
  /**
   * BT-80: the deliver-to country code (ISO 3166-1 alpha-2) on its own, for a document that states the
   * country and no other term of the deliver-to address; with `delivery_address` it is that address's
   * country. (`en16931FromInvoice` writes a `K` invoice's deliver-to as a whole `delivery_address`.)
   */
  readonly delivery_country?: string | undefined;
  /**
   * BG-15: the deliver-to address (BT-75 … BT-80). An intra-community supply (category `K`) must name
   * the country goods were delivered to (BR-IC-12: BT-80 shall not be blank), so a `K` invoice cannot be
   * valid without it.
   */
  readonly delivery_address?: En16931Address | undefined;
  /** BG-16: absent when the invoice names no payment means. */
  readonly payment?: En16931Payment | undefined;
  /** BG-20 / BG-21. */
  readonly allowances_charges: readonly En16931AllowanceCharge[];
  /** BG-22. */
  readonly totals: En16931Totals;
  /** BG-23. */
  readonly vat_breakdown: readonly En16931VatBreakdown[];
  /** BG-25. */
  readonly lines: readonly En16931Line[];
}
