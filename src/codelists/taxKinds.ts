/**
 * The tax kinds of taxmath.md §1: VAT, Spanish recargo (surcharge), Spanish IRPF (withholding). A code
 * list both the resources (`model`, a line tax's `kind`) and the totals engine read, so it sits below
 * both (docs/architecture.md "Layers").
 */
export const TAX_KINDS = ['vat', 'surcharge', 'withholding'] as const;
/** A tax kind. */
export type TaxKind = (typeof TAX_KINDS)[number];
