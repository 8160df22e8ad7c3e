/**
 * The reason codes of allowances and charges (BT-98 / BT-140 for allowances, BT-105 / BT-145 for
 * charges): UNTDID 5189 for allowances (BR-CL-19) and UNTDID 7161 for charges (BR-CL-20), as the
 * CEN/TC 434 rules 1.3.16 list them (Peppol's PEPPOL-EN16931-CL002 / CL003 take the same lists). A
 * `reason_code` outside its list is refused at the entry rather than written for the rules to reject.
 *
 * @module
 */

/** UNTDID 5189 allowance reason codes (BR-CL-19). */
export const ALLOWANCE_REASON_CODES: ReadonlySet<string> = new Set(
  '41 42 60 62 63 64 65 66 67 68 70 71 88 95 100 102 103 104 105'.split(' '),
);

/** UNTDID 7161 charge reason codes (BR-CL-20). */
export const CHARGE_REASON_CODES: ReadonlySet<string> = new Set(
  (
    'AA AAA AAC AAD AAE AAF AAH AAI AAS AAT AAV AAY AAZ ABA ABB ABC ABD ABF ABK ABL ABN ABR ABS ABT ' +
    'ABU ACF ACG ACH ACI ACJ ACK ACL ACM ACS ADC ADE ADJ ADK ADL ADM ADN ADO ADP ADQ ADR ADT ADW ADY ' +
    'ADZ AEA AEB AEC AED AEF AEH AEI AEJ AEK AEL AEM AEN AEO AEP AES AET AEU AEV AEW AEX AEY AEZ AJ ' +
    'AU CA CAB CAD CAE CAF CAI CAJ CAK CAL CAM CAN CAO CAP CAQ CAR CAS CAT CAU CAV CAW CAX CAY CAZ ' +
    'CD CG CS CT DAB DAD DAC DAF DAG DAH DAI DAJ DAK DAL DAM DAN DAO DAP DAQ DL EG EP ER FAA FAB FAC ' +
    'FC FH FI GAA HAA HD HH IAA IAB ID IF IR IS KO L1 LA LAA LAB LF MAE MI ML NAA OA PA PAA PC PL ' +
    'PRV RAB RAC RAD RAF RE RF RH RV SA SAA SAD SAE SAI SG SH SM SU TAB TAC TT TV V1 V2 WH XAA YY ' +
    'ZZZ'
  ).split(' '),
);

/**
 * Whether a reason code belongs to the list of its kind (allowance: 5189, charge: 7161).
 *
 * @example
 * ```ts
 * isReasonCode('95', false); // true: 95 "discount"
 * isReasonCode('FC', true); // true: FC "freight charge"
 * isReasonCode('FC', false); // false
 * ```
 */
export function isReasonCode(code: string, charge: boolean): boolean {
  return (charge ? CHARGE_REASON_CODES : ALLOWANCE_REASON_CODES).has(code);
}
