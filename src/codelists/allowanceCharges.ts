/**
 * The values of `allowance_charge_indicator`, as the service spells them (api-notes.md §3.2,
 * v2026-03-02): an allowance (discount) lowers an amount, a charge raises it. UBL's boolean
 * `ChargeIndicator` maps `false` → `allowance`, `true` → `charge`. A code list both the resources
 * (`model`) and the totals engine read, so it sits below both (docs/architecture.md "Layers").
 */
export const ALLOWANCE_CHARGE_INDICATORS = ['allowance', 'charge'] as const;
/** An allowance (discount) or a charge (docs/totals.md §2). */
export type AllowanceChargeIndicator = (typeof ALLOWANCE_CHARGE_INDICATORS)[number];
