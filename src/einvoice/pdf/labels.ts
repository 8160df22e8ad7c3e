/**
 * The words of the readable invoice (`pdf.invoice`, issue #22) in the languages fiscalkit's users
 * invoice in: English, Spanish, German, French, Polish, Italian and Dutch (the countries of the
 * tax reports fiscalkit writes, plus Factur-X's France and Peppol's Belgium and the Netherlands).
 * The invoice's `language` chooses (then its contact's, then its account's); any other language
 * prints in English, the language every EU tax administration reads (a **fiscalkit choice**: better
 * a complete English invoice than one with some words missing).
 *
 * The terms follow each country's invoicing vocabulary where the law names the fact: the Spanish
 * *fecha de operación*, *cuota* and *suplidos* (Reglamento de facturación, RD 1619/2012, art. 6), the
 * Polish *data sprzedaży* and *faktura korygująca* (ustawa o VAT art. 106e, 106j), the German
 * *Leistungsdatum* (UStG §14 Abs. 4 Nr. 6) and *Rechnungskorrektur* (not *Gutschrift*, which in
 * German VAT law is a self-billed invoice, UStG §14 Abs. 2 Satz 2 — so a self-billed invoice is
 * titled *Gutschrift*), the French *avoir*, *autoliquidation* and *net à payer*, the Belgian
 * *gestructureerde mededeling* / *communication structurée*. The mentions the VAT Directive
 * 2006/112/EC art. 226 requires on the invoice itself (11a "reverse charge", 10a "self-billing",
 * 11 the exemption) are here in each language (`LanguageLabels.categories`).
 *
 * @module
 */

/** Every word and phrase the readable invoice prints. `{…}` are placeholders the view fills in. */
export interface InvoiceLabels {
  readonly invoice: string;
  readonly credit_note: string;
  readonly corrective_invoice: string;
  readonly advance_invoice: string;
  readonly self_billed_invoice: string;
  readonly simplified_invoice: string;
  readonly number: string;
  readonly series: string;
  readonly issue_date: string;
  readonly due_date: string;
  readonly tax_point_date: string;
  readonly order_date: string;
  readonly purchase_order: string;
  readonly buyer_reference: string;
  readonly sales_order: string;
  readonly delivery_note: string;
  readonly contract: string;
  readonly file_reference: string;
  readonly accounting_reference: string;
  readonly contact_person: string;
  readonly corrects: string;
  readonly advance_invoices: string;
  readonly reason: string;
  readonly currency: string;
  readonly seller: string;
  readonly buyer: string;
  readonly tax_id: string;
  readonly company_id: string;
  readonly email: string;
  readonly phone: string;
  readonly website: string;
  readonly description: string;
  readonly quantity: string;
  readonly unit: string;
  readonly unit_price: string;
  readonly line_tax: string;
  readonly net: string;
  readonly allowance: string;
  readonly charge: string;
  readonly allowances_charges: string;
  readonly tax_breakdown: string;
  readonly tax: string;
  readonly rate: string;
  readonly base: string;
  readonly tax_amount: string;
  /** The title of the totals box. */
  readonly totals: string;
  readonly subtotal: string;
  readonly allowance_total: string;
  readonly charge_total: string;
  readonly tax_exclusive: string;
  readonly tax_total: string;
  readonly tax_inclusive: string;
  readonly withheld: string;
  readonly total: string;
  readonly prepaid: string;
  readonly reimbursable: string;
  readonly rounding: string;
  readonly payable: string;
  readonly exchange_rate: string;
  /** `{currency}`: the account's (tax) currency. */
  readonly local_taxes: string;
  /** `{currency}`. */
  readonly total_in: string;
  readonly payment: string;
  readonly payment_means: string;
  readonly iban: string;
  readonly bic: string;
  readonly bank: string;
  readonly debited_account: string;
  readonly payment_reference: string;
  readonly structured_reference: string;
  readonly notes: string;
  /** `{page}`, `{pages}`. */
  readonly page: string;
  readonly continued: string;
}

/** The payment means the stored `payment_method` may name (see {@link PAYMENT_MEANS_KEYS}). */
export type PaymentMeansKey =
  | 'cash'
  | 'card'
  | 'transfer'
  | 'direct_debit'
  | 'receipt'
  | 'cheque'
  | 'voucher'
  | 'credit'
  | 'mobile'
  | 'assignment'
  | 'promissory_note'
  | 'open_account'
  | 'other'
  | 'compensation';

/** The EN 16931 VAT categories (UNCL5305 subset, BT-118) whose mention the invoice must carry. */
export type TaxCategoryNoteKey = 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M';

/** The words of one language. */
export interface LanguageLabels {
  readonly labels: InvoiceLabels;
  readonly payment_means: Readonly<Record<PaymentMeansKey, string>>;
  readonly categories: Readonly<Record<TaxCategoryNoteKey, string>>;
}

const en: LanguageLabels = {
  labels: {
    invoice: 'Invoice',
    credit_note: 'Credit note',
    corrective_invoice: 'Corrective invoice',
    advance_invoice: 'Advance invoice',
    self_billed_invoice: 'Self-billed invoice',
    simplified_invoice: 'Simplified invoice',
    number: 'Number',
    series: 'Series',
    issue_date: 'Invoice date',
    due_date: 'Due date',
    tax_point_date: 'Date of supply',
    order_date: 'Order date',
    purchase_order: 'Purchase order',
    buyer_reference: 'Buyer reference',
    sales_order: 'Sales order',
    delivery_note: 'Delivery note',
    contract: 'Contract',
    file_reference: 'File reference',
    accounting_reference: 'Accounting reference',
    contact_person: 'Attention',
    corrects: 'Corrects invoice',
    advance_invoices: 'Advance invoices',
    reason: 'Reason',
    currency: 'Currency',
    seller: 'From',
    buyer: 'Bill to',
    tax_id: 'Tax ID',
    company_id: 'Company ID',
    email: 'Email',
    phone: 'Phone',
    website: 'Web',
    description: 'Description',
    quantity: 'Qty',
    unit: 'Unit',
    unit_price: 'Unit price',
    line_tax: 'Tax',
    net: 'Amount',
    allowance: 'Discount',
    charge: 'Charge',
    allowances_charges: 'Discounts and charges',
    tax_breakdown: 'Tax breakdown',
    tax: 'Tax',
    rate: 'Rate',
    base: 'Taxable amount',
    tax_amount: 'Tax amount',
    totals: 'Totals',
    subtotal: 'Sum of lines',
    allowance_total: 'Discounts',
    charge_total: 'Charges',
    tax_exclusive: 'Net total',
    tax_total: 'Taxes',
    tax_inclusive: 'Total incl. taxes',
    withheld: 'Withholding',
    total: 'Total',
    prepaid: 'Paid in advance',
    reimbursable: 'Reimbursable expenses',
    rounding: 'Rounding',
    payable: 'Amount due',
    exchange_rate: 'Exchange rate',
    local_taxes: 'Taxes in {currency}',
    total_in: 'Total in {currency}',
    payment: 'Payment',
    payment_means: 'Payment means',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    debited_account: 'Account to be debited',
    payment_reference: 'Payment reference',
    structured_reference: 'Structured communication',
    notes: 'Notes',
    page: 'Page {page} of {pages}',
    continued: 'continued',
  },
  payment_means: {
    cash: 'Cash',
    card: 'Card',
    transfer: 'Bank transfer',
    direct_debit: 'Direct debit',
    receipt: 'Hold for collection',
    cheque: 'Cheque',
    voucher: 'Voucher',
    credit: 'Credit',
    mobile: 'Mobile payment',
    assignment: 'Payment by assignment',
    promissory_note: 'Promissory note',
    open_account: 'Open account reimbursement',
    other: 'Other',
    compensation: 'Compensation',
  },
  categories: {
    Z: 'Zero rated',
    E: 'Exempt from VAT',
    AE: 'Reverse charge',
    K: 'Intra-community supply, exempt from VAT',
    G: 'Export outside the EU, exempt from VAT',
    O: 'Not subject to VAT',
    L: 'Canary Islands general indirect tax (IGIC)',
    M: 'Tax for production, services and importation in Ceuta and Melilla (IPSI)',
  },
};

const es: LanguageLabels = {
  labels: {
    invoice: 'Factura',
    credit_note: 'Factura rectificativa',
    corrective_invoice: 'Factura rectificativa',
    advance_invoice: 'Factura de anticipo',
    self_billed_invoice: 'Factura emitida por el destinatario',
    simplified_invoice: 'Factura simplificada',
    number: 'Número',
    series: 'Serie',
    issue_date: 'Fecha de expedición',
    due_date: 'Fecha de vencimiento',
    tax_point_date: 'Fecha de operación',
    order_date: 'Fecha del pedido',
    purchase_order: 'Pedido',
    buyer_reference: 'Referencia del cliente',
    sales_order: 'Pedido de venta',
    delivery_note: 'Albarán',
    contract: 'Contrato',
    file_reference: 'Expediente',
    accounting_reference: 'Referencia contable',
    contact_person: 'A la atención de',
    corrects: 'Rectifica la factura',
    advance_invoices: 'Facturas de anticipo',
    reason: 'Motivo',
    currency: 'Moneda',
    seller: 'Emisor',
    buyer: 'Cliente',
    tax_id: 'NIF',
    company_id: 'Id. empresa',
    email: 'Correo',
    phone: 'Tel.',
    website: 'Web',
    description: 'Descripción',
    quantity: 'Cant.',
    unit: 'Ud.',
    unit_price: 'Precio',
    line_tax: 'Impuestos',
    net: 'Importe',
    allowance: 'Descuento',
    charge: 'Cargo',
    allowances_charges: 'Descuentos y cargos',
    tax_breakdown: 'Desglose de impuestos',
    tax: 'Impuesto',
    rate: 'Tipo',
    base: 'Base imponible',
    tax_amount: 'Cuota',
    totals: 'Totales',
    subtotal: 'Suma de líneas',
    allowance_total: 'Descuentos',
    charge_total: 'Cargos',
    tax_exclusive: 'Base imponible total',
    tax_total: 'Total impuestos',
    tax_inclusive: 'Total con impuestos',
    withheld: 'Retención',
    total: 'Total factura',
    prepaid: 'Anticipos',
    reimbursable: 'Suplidos',
    rounding: 'Redondeo',
    payable: 'Total a pagar',
    exchange_rate: 'Tipo de cambio',
    local_taxes: 'Impuestos en {currency}',
    total_in: 'Total en {currency}',
    payment: 'Pago',
    payment_means: 'Forma de pago',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Banco',
    debited_account: 'Cuenta de cargo',
    payment_reference: 'Referencia de pago',
    structured_reference: 'Comunicación estructurada',
    notes: 'Observaciones',
    page: 'Página {page} de {pages}',
    continued: 'continuación',
  },
  payment_means: {
    cash: 'Al contado',
    card: 'Tarjeta',
    transfer: 'Transferencia',
    direct_debit: 'Recibo domiciliado',
    receipt: 'Recibo',
    cheque: 'Cheque',
    voucher: 'Vale',
    credit: 'Crédito',
    mobile: 'Pago móvil',
    assignment: 'Contrato de adjudicación',
    promissory_note: 'Pagaré no a la orden',
    open_account: 'Reposición',
    other: 'Especiales',
    compensation: 'Compensación',
  },
  categories: {
    Z: 'Tipo cero',
    E: 'Operación exenta de IVA',
    AE: 'Inversión del sujeto pasivo',
    K: 'Entrega intracomunitaria exenta',
    G: 'Exportación exenta',
    O: 'Operación no sujeta',
    L: 'Impuesto General Indirecto Canario (IGIC)',
    M: 'Impuesto sobre la Producción, los Servicios y la Importación (IPSI)',
  },
};

const de: LanguageLabels = {
  labels: {
    invoice: 'Rechnung',
    credit_note: 'Rechnungskorrektur',
    corrective_invoice: 'Rechnungskorrektur',
    advance_invoice: 'Anzahlungsrechnung',
    self_billed_invoice: 'Gutschrift',
    simplified_invoice: 'Kleinbetragsrechnung',
    number: 'Nummer',
    series: 'Serie',
    issue_date: 'Rechnungsdatum',
    due_date: 'Fällig am',
    tax_point_date: 'Leistungsdatum',
    order_date: 'Bestelldatum',
    purchase_order: 'Bestellnummer',
    buyer_reference: 'Käuferreferenz',
    sales_order: 'Auftragsnummer',
    delivery_note: 'Lieferschein',
    contract: 'Vertrag',
    file_reference: 'Aktenzeichen',
    accounting_reference: 'Buchungsreferenz',
    contact_person: 'z. Hd.',
    corrects: 'Korrigiert Rechnung',
    advance_invoices: 'Anzahlungsrechnungen',
    reason: 'Grund',
    currency: 'Währung',
    seller: 'Verkäufer',
    buyer: 'Rechnungsempfänger',
    tax_id: 'USt-IdNr.',
    company_id: 'Register-Nr.',
    email: 'E-Mail',
    phone: 'Tel.',
    website: 'Web',
    description: 'Beschreibung',
    quantity: 'Menge',
    unit: 'Einheit',
    unit_price: 'Einzelpreis',
    line_tax: 'Steuer',
    net: 'Betrag',
    allowance: 'Rabatt',
    charge: 'Zuschlag',
    allowances_charges: 'Rabatte und Zuschläge',
    tax_breakdown: 'Steueraufstellung',
    tax: 'Steuer',
    rate: 'Satz',
    base: 'Bemessungsgrundlage',
    tax_amount: 'Steuerbetrag',
    totals: 'Summen',
    subtotal: 'Summe Positionen',
    allowance_total: 'Rabatte',
    charge_total: 'Zuschläge',
    tax_exclusive: 'Nettobetrag',
    tax_total: 'Steuern',
    tax_inclusive: 'Bruttobetrag',
    withheld: 'Einbehalt',
    total: 'Gesamtbetrag',
    prepaid: 'Bereits gezahlt',
    reimbursable: 'Durchlaufende Posten',
    rounding: 'Rundung',
    payable: 'Zahlbetrag',
    exchange_rate: 'Wechselkurs',
    local_taxes: 'Steuern in {currency}',
    total_in: 'Gesamt in {currency}',
    payment: 'Zahlung',
    payment_means: 'Zahlungsart',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    debited_account: 'Belastetes Konto',
    payment_reference: 'Verwendungszweck',
    structured_reference: 'Strukturierte Mitteilung',
    notes: 'Hinweise',
    page: 'Seite {page} von {pages}',
    continued: 'Fortsetzung',
  },
  payment_means: {
    cash: 'Barzahlung',
    card: 'Kartenzahlung',
    transfer: 'Überweisung',
    direct_debit: 'Lastschrift',
    receipt: 'Inkasso',
    cheque: 'Scheck',
    voucher: 'Gutschein',
    credit: 'Kredit',
    mobile: 'Mobile Zahlung',
    assignment: 'Abtretung',
    promissory_note: 'Schuldschein',
    open_account: 'Kontokorrent',
    other: 'Sonstige',
    compensation: 'Verrechnung',
  },
  categories: {
    Z: 'Nullsatz',
    E: 'Steuerfreie Leistung',
    AE: 'Steuerschuldnerschaft des Leistungsempfängers',
    K: 'Steuerfreie innergemeinschaftliche Lieferung',
    G: 'Steuerfreie Ausfuhrlieferung',
    O: 'Nicht steuerbar',
    L: 'Kanarische indirekte Steuer (IGIC)',
    M: 'Steuer in Ceuta und Melilla (IPSI)',
  },
};

const fr: LanguageLabels = {
  labels: {
    invoice: 'Facture',
    credit_note: 'Avoir',
    corrective_invoice: 'Facture rectificative',
    advance_invoice: "Facture d'acompte",
    self_billed_invoice: 'Autofacturation',
    simplified_invoice: 'Facture simplifiée',
    number: 'Numéro',
    series: 'Série',
    issue_date: 'Date de facture',
    due_date: "Date d'échéance",
    tax_point_date: 'Date de livraison',
    order_date: 'Date de commande',
    purchase_order: 'Bon de commande',
    buyer_reference: 'Référence acheteur',
    sales_order: 'Commande client',
    delivery_note: 'Bon de livraison',
    contract: 'Contrat',
    file_reference: 'Référence du dossier',
    accounting_reference: 'Référence comptable',
    contact_person: "À l'attention de",
    corrects: 'Rectifie la facture',
    advance_invoices: "Factures d'acompte",
    reason: 'Motif',
    currency: 'Devise',
    seller: 'Vendeur',
    buyer: 'Client',
    tax_id: 'N° TVA',
    company_id: 'Identifiant',
    email: 'E-mail',
    phone: 'Tél.',
    website: 'Web',
    description: 'Désignation',
    quantity: 'Qté',
    unit: 'Unité',
    unit_price: 'Prix unitaire',
    line_tax: 'TVA',
    net: 'Montant HT',
    allowance: 'Remise',
    charge: 'Frais',
    allowances_charges: 'Remises et frais',
    tax_breakdown: 'Détail des taxes',
    tax: 'Taxe',
    rate: 'Taux',
    base: 'Base HT',
    tax_amount: 'Montant',
    totals: 'Totaux',
    subtotal: 'Total des lignes',
    allowance_total: 'Remises',
    charge_total: 'Frais',
    tax_exclusive: 'Total HT',
    tax_total: 'Total TVA',
    tax_inclusive: 'Total TTC',
    withheld: 'Retenue',
    total: 'Total',
    prepaid: 'Acompte versé',
    reimbursable: 'Débours',
    rounding: 'Arrondi',
    payable: 'Net à payer',
    exchange_rate: 'Taux de change',
    local_taxes: 'Taxes en {currency}',
    total_in: 'Total en {currency}',
    payment: 'Paiement',
    payment_means: 'Mode de paiement',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Banque',
    debited_account: 'Compte à débiter',
    payment_reference: 'Référence de paiement',
    structured_reference: 'Communication structurée',
    notes: 'Remarques',
    page: 'Page {page} sur {pages}',
    continued: 'suite',
  },
  payment_means: {
    cash: 'Espèces',
    card: 'Carte bancaire',
    transfer: 'Virement',
    direct_debit: 'Prélèvement',
    receipt: 'Encaissement',
    cheque: 'Chèque',
    voucher: 'Bon',
    credit: 'Crédit',
    mobile: 'Paiement mobile',
    assignment: 'Cession',
    promissory_note: 'Billet à ordre',
    open_account: 'Compte courant',
    other: 'Autre',
    compensation: 'Compensation',
  },
  categories: {
    Z: 'Taux zéro',
    E: 'Exonération de TVA',
    AE: 'Autoliquidation',
    K: 'Livraison intracommunautaire exonérée',
    G: 'Exportation hors UE exonérée',
    O: 'Hors champ de la TVA',
    L: 'Impôt général indirect des Canaries (IGIC)',
    M: 'Impôt de Ceuta et Melilla (IPSI)',
  },
};

const pl: LanguageLabels = {
  labels: {
    invoice: 'Faktura',
    credit_note: 'Faktura korygująca',
    corrective_invoice: 'Faktura korygująca',
    advance_invoice: 'Faktura zaliczkowa',
    self_billed_invoice: 'Samofakturowanie',
    simplified_invoice: 'Faktura uproszczona',
    number: 'Numer',
    series: 'Seria',
    issue_date: 'Data wystawienia',
    due_date: 'Termin płatności',
    tax_point_date: 'Data sprzedaży',
    order_date: 'Data zamówienia',
    purchase_order: 'Zamówienie',
    buyer_reference: 'Referencja nabywcy',
    sales_order: 'Zamówienie sprzedaży',
    delivery_note: 'Dowód dostawy',
    contract: 'Umowa',
    file_reference: 'Sygnatura sprawy',
    accounting_reference: 'Referencja księgowa',
    contact_person: 'Osoba kontaktowa',
    corrects: 'Koryguje fakturę',
    advance_invoices: 'Faktury zaliczkowe',
    reason: 'Przyczyna',
    currency: 'Waluta',
    seller: 'Sprzedawca',
    buyer: 'Nabywca',
    tax_id: 'NIP',
    company_id: 'Nr rejestrowy',
    email: 'E-mail',
    phone: 'Tel.',
    website: 'WWW',
    description: 'Nazwa towaru lub usługi',
    quantity: 'Ilość',
    unit: 'J.m.',
    unit_price: 'Cena netto',
    line_tax: 'Stawka',
    net: 'Wartość netto',
    allowance: 'Rabat',
    charge: 'Narzut',
    allowances_charges: 'Rabaty i narzuty',
    tax_breakdown: 'Podsumowanie podatku',
    tax: 'Podatek',
    rate: 'Stawka',
    base: 'Wartość netto',
    tax_amount: 'Kwota podatku',
    totals: 'Podsumowanie',
    subtotal: 'Suma pozycji',
    allowance_total: 'Rabaty',
    charge_total: 'Narzuty',
    tax_exclusive: 'Razem netto',
    tax_total: 'Razem podatek',
    tax_inclusive: 'Razem brutto',
    withheld: 'Potrącenie',
    total: 'Razem',
    prepaid: 'Zapłacono',
    reimbursable: 'Koszty zwracane',
    rounding: 'Zaokrąglenie',
    payable: 'Do zapłaty',
    exchange_rate: 'Kurs waluty',
    local_taxes: 'Podatek w {currency}',
    total_in: 'Razem w {currency}',
    payment: 'Płatność',
    payment_means: 'Forma płatności',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    debited_account: 'Rachunek do obciążenia',
    payment_reference: 'Tytuł płatności',
    structured_reference: 'Komunikat strukturalny',
    notes: 'Uwagi',
    page: 'Strona {page} z {pages}',
    continued: 'ciąg dalszy',
  },
  payment_means: {
    cash: 'Gotówka',
    card: 'Karta',
    transfer: 'Przelew',
    direct_debit: 'Polecenie zapłaty',
    receipt: 'Inkaso',
    cheque: 'Czek',
    voucher: 'Bon',
    credit: 'Kredyt',
    mobile: 'Płatność mobilna',
    assignment: 'Cesja',
    promissory_note: 'Weksel',
    open_account: 'Rachunek otwarty',
    other: 'Inna',
    compensation: 'Kompensata',
  },
  categories: {
    Z: 'Stawka 0%',
    E: 'Zwolnione z VAT',
    AE: 'Odwrotne obciążenie',
    K: 'Wewnątrzwspólnotowa dostawa towarów',
    G: 'Eksport towarów',
    O: 'Niepodlegające opodatkowaniu',
    L: 'Podatek IGIC (Wyspy Kanaryjskie)',
    M: 'Podatek IPSI (Ceuta i Melilla)',
  },
};

const it: LanguageLabels = {
  labels: {
    invoice: 'Fattura',
    credit_note: 'Nota di credito',
    corrective_invoice: 'Fattura di rettifica',
    advance_invoice: 'Fattura di acconto',
    self_billed_invoice: 'Autofattura',
    simplified_invoice: 'Fattura semplificata',
    number: 'Numero',
    series: 'Serie',
    issue_date: 'Data fattura',
    due_date: 'Scadenza',
    tax_point_date: 'Data operazione',
    order_date: 'Data ordine',
    purchase_order: "Ordine d'acquisto",
    buyer_reference: 'Riferimento cliente',
    sales_order: 'Ordine di vendita',
    delivery_note: 'Documento di trasporto',
    contract: 'Contratto',
    file_reference: 'Riferimento pratica',
    accounting_reference: 'Riferimento contabile',
    contact_person: 'Alla c.a.',
    corrects: 'Rettifica la fattura',
    advance_invoices: 'Fatture di acconto',
    reason: 'Motivo',
    currency: 'Valuta',
    seller: 'Cedente',
    buyer: 'Cliente',
    tax_id: 'P. IVA',
    company_id: 'Codice identificativo',
    email: 'E-mail',
    phone: 'Tel.',
    website: 'Web',
    description: 'Descrizione',
    quantity: 'Q.tà',
    unit: 'U.m.',
    unit_price: 'Prezzo unitario',
    line_tax: 'IVA',
    net: 'Importo',
    allowance: 'Sconto',
    charge: 'Maggiorazione',
    allowances_charges: 'Sconti e maggiorazioni',
    tax_breakdown: 'Riepilogo imposte',
    tax: 'Imposta',
    rate: 'Aliquota',
    base: 'Imponibile',
    tax_amount: 'Imposta',
    totals: 'Totali',
    subtotal: 'Totale righe',
    allowance_total: 'Sconti',
    charge_total: 'Maggiorazioni',
    tax_exclusive: 'Totale imponibile',
    tax_total: 'Totale imposte',
    tax_inclusive: 'Totale documento',
    withheld: "Ritenuta d'acconto",
    total: 'Totale',
    prepaid: 'Acconti',
    reimbursable: 'Spese anticipate',
    rounding: 'Arrotondamento',
    payable: 'Netto a pagare',
    exchange_rate: 'Tasso di cambio',
    local_taxes: 'Imposte in {currency}',
    total_in: 'Totale in {currency}',
    payment: 'Pagamento',
    payment_means: 'Modalità di pagamento',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Banca',
    debited_account: 'Conto di addebito',
    payment_reference: 'Causale',
    structured_reference: 'Comunicazione strutturata',
    notes: 'Note',
    page: 'Pagina {page} di {pages}',
    continued: 'segue',
  },
  payment_means: {
    cash: 'Contanti',
    card: 'Carta',
    transfer: 'Bonifico',
    direct_debit: 'Addebito diretto (SDD)',
    receipt: 'Ricevuta bancaria',
    cheque: 'Assegno',
    voucher: 'Buono',
    credit: 'Credito',
    mobile: 'Pagamento mobile',
    assignment: 'Cessione',
    promissory_note: 'Cambiale',
    open_account: 'Conto aperto',
    other: 'Altro',
    compensation: 'Compensazione',
  },
  categories: {
    Z: 'Aliquota zero',
    E: 'Operazione esente',
    AE: 'Inversione contabile',
    K: 'Cessione intracomunitaria non imponibile',
    G: 'Esportazione non imponibile',
    O: 'Fuori campo IVA',
    L: 'Imposta generale indiretta delle Canarie (IGIC)',
    M: 'Imposta di Ceuta e Melilla (IPSI)',
  },
};

const nl: LanguageLabels = {
  labels: {
    invoice: 'Factuur',
    credit_note: 'Creditnota',
    corrective_invoice: 'Correctiefactuur',
    advance_invoice: 'Voorschotfactuur',
    self_billed_invoice: 'Self-billing factuur',
    simplified_invoice: 'Vereenvoudigde factuur',
    number: 'Nummer',
    series: 'Reeks',
    issue_date: 'Factuurdatum',
    due_date: 'Vervaldatum',
    tax_point_date: 'Leveringsdatum',
    order_date: 'Besteldatum',
    purchase_order: 'Inkooporder',
    buyer_reference: 'Referentie koper',
    sales_order: 'Verkooporder',
    delivery_note: 'Pakbon',
    contract: 'Contract',
    file_reference: 'Dossiernummer',
    accounting_reference: 'Boekhoudreferentie',
    contact_person: 'T.a.v.',
    corrects: 'Corrigeert factuur',
    advance_invoices: 'Voorschotfacturen',
    reason: 'Reden',
    currency: 'Valuta',
    seller: 'Verkoper',
    buyer: 'Klant',
    tax_id: 'Btw-nr.',
    company_id: 'Ondernemingsnr.',
    email: 'E-mail',
    phone: 'Tel.',
    website: 'Web',
    description: 'Omschrijving',
    quantity: 'Aantal',
    unit: 'Eenheid',
    unit_price: 'Prijs',
    line_tax: 'Btw',
    net: 'Bedrag',
    allowance: 'Korting',
    charge: 'Toeslag',
    allowances_charges: 'Kortingen en toeslagen',
    tax_breakdown: 'Btw-specificatie',
    tax: 'Belasting',
    rate: 'Tarief',
    base: 'Grondslag',
    tax_amount: 'Bedrag',
    totals: 'Totalen',
    subtotal: 'Som regels',
    allowance_total: 'Kortingen',
    charge_total: 'Toeslagen',
    tax_exclusive: 'Totaal excl. btw',
    tax_total: 'Btw',
    tax_inclusive: 'Totaal incl. btw',
    withheld: 'Inhouding',
    total: 'Totaal',
    prepaid: 'Vooruitbetaald',
    reimbursable: 'Verschotten',
    rounding: 'Afronding',
    payable: 'Te betalen',
    exchange_rate: 'Wisselkoers',
    local_taxes: 'Belasting in {currency}',
    total_in: 'Totaal in {currency}',
    payment: 'Betaling',
    payment_means: 'Betaalwijze',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    debited_account: 'Te debiteren rekening',
    payment_reference: 'Betalingskenmerk',
    structured_reference: 'Gestructureerde mededeling',
    notes: 'Opmerkingen',
    page: 'Pagina {page} van {pages}',
    continued: 'vervolg',
  },
  payment_means: {
    cash: 'Contant',
    card: 'Kaart',
    transfer: 'Overschrijving',
    direct_debit: 'Domiciliëring',
    receipt: 'Incasso',
    cheque: 'Cheque',
    voucher: 'Bon',
    credit: 'Krediet',
    mobile: 'Mobiele betaling',
    assignment: 'Cessie',
    promissory_note: 'Promesse',
    open_account: 'Rekening-courant',
    other: 'Overig',
    compensation: 'Compensatie',
  },
  categories: {
    Z: 'Nultarief',
    E: 'Vrijgesteld van btw',
    AE: 'Btw verlegd',
    K: 'Intracommunautaire levering, vrijgesteld',
    G: 'Uitvoer buiten de EU, vrijgesteld',
    O: 'Niet onderworpen aan btw',
    L: 'Canarische indirecte belasting (IGIC)',
    M: 'Belasting van Ceuta en Melilla (IPSI)',
  },
};

/** The languages with words of their own, by ISO 639-1 code. */
export const INVOICE_LANGUAGES: Readonly<Record<string, LanguageLabels>> = { en, es, de, fr, pl, it, nl };

/**
 * The words of a language (ISO 639-1, any case), and the language they are in: English for a
 * language fiscalkit has no words for.
 *
 * @example
 * ```ts
 * invoiceLabels('pl').labels.labels.tax_point_date; // 'Data sprzedaży'
 * invoiceLabels('ja').language; // 'en'
 * ```
 */
export function invoiceLabels(language: string | null | undefined): {
  language: string;
  labels: LanguageLabels;
} {
  const code = (language ?? '').trim().toLowerCase();
  const found = INVOICE_LANGUAGES[code];
  return found === undefined ? { language: 'en', labels: en } : { language: code, labels: found };
}

/**
 * The stored `payment_method` values and their payment means: the service's payment-method codes
 * (developer.b2brouter.net/docs/payment_method_guide, the Facturae 3.2.2 `PaymentMeans` codes: `1`
 * cash … `19` card) and the plain words, compared without case and with `-`/space as `_` (as the
 * FA(3) writer reads them, `src/ksef/generate/payment.ts`).
 */
export const PAYMENT_MEANS_KEYS: Readonly<Record<string, PaymentMeansKey>> = {
  '1': 'cash',
  '2': 'direct_debit',
  '3': 'receipt',
  '4': 'transfer',
  '7': 'assignment',
  '10': 'promissory_note',
  '11': 'cheque',
  '12': 'open_account',
  '13': 'other',
  '14': 'compensation',
  '19': 'card',
  cash: 'cash',
  card: 'card',
  credit_card: 'card',
  debit_card: 'card',
  bank_card: 'card',
  voucher: 'voucher',
  cheque: 'cheque',
  check: 'cheque',
  credit: 'credit',
  transfer: 'transfer',
  bank_transfer: 'transfer',
  credit_transfer: 'transfer',
  sepa_credit_transfer: 'transfer',
  direct_debit: 'direct_debit',
  sepa_direct_debit: 'direct_debit',
  mobile: 'mobile',
  mobile_payment: 'mobile',
  compensation: 'compensation',
};
