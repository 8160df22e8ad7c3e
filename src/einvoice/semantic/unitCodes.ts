/**
 * A line's `unit` (free text in fiscalkit, spec §2.4) as the EN 16931 unit of measure code BT-130
 * (UN/ECE Recommendation 20/21, BR-CL-23). Three steps, in this order:
 *
 * 1. a word of {@link UNIT_WORDS} (English and Spanish, singular and plural, the common abbreviations),
 *    compared in lower case: `hours` → `HUR`, `kg` → `KGM`;
 * 2. a code of the list itself, in any case (`kgm` → `KGM`, `XBX` stays): a client that already sends
 *    Recommendation 20 codes gets them as sent;
 * 3. otherwise `C62` ("one"), which is also the unit of a line without one: the quantity is a count of
 *    whatever the line sells. A unit word fiscalkit does not know changes no amount (the line net is
 *    quantity × price either way), so it is written as `C62` rather than refused.
 *
 * @module
 */
import { UNIT_CODES } from './unitCodeList.js';

/** The code of a line without a unit, or with a unit word that is not in the tables: `C62` "one". */
export const DEFAULT_UNIT_CODE = 'C62';

/**
 * Unit words (lower case) → Recommendation 20 codes. Counts are `C62` "one" (`H87` "piece" is a
 * narrower code; the service's own default unit is "unit"), time and measures their SI or Rec 20 code.
 */
export const UNIT_WORDS: Readonly<Record<string, string>> = {
  unit: 'C62',
  units: 'C62',
  u: 'C62',
  ud: 'C62',
  uds: 'C62',
  unidad: 'C62',
  unidades: 'C62',
  each: 'C62',
  ea: 'C62',
  piece: 'H87',
  pieces: 'H87',
  pc: 'H87',
  pcs: 'H87',
  pieza: 'H87',
  piezas: 'H87',
  hour: 'HUR',
  hours: 'HUR',
  h: 'HUR',
  hr: 'HUR',
  hrs: 'HUR',
  hora: 'HUR',
  horas: 'HUR',
  minute: 'MIN',
  minutes: 'MIN',
  min: 'MIN',
  minuto: 'MIN',
  minutos: 'MIN',
  day: 'DAY',
  days: 'DAY',
  dia: 'DAY',
  día: 'DAY',
  dias: 'DAY',
  días: 'DAY',
  week: 'WEE',
  weeks: 'WEE',
  semana: 'WEE',
  semanas: 'WEE',
  month: 'MON',
  months: 'MON',
  mes: 'MON',
  meses: 'MON',
  year: 'ANN',
  years: 'ANN',
  año: 'ANN',
  años: 'ANN',
  kg: 'KGM',
  kilogram: 'KGM',
  kilograms: 'KGM',
  kilo: 'KGM',
  kilos: 'KGM',
  g: 'GRM',
  gram: 'GRM',
  grams: 'GRM',
  gramo: 'GRM',
  gramos: 'GRM',
  t: 'TNE',
  tonne: 'TNE',
  tonnes: 'TNE',
  l: 'LTR',
  litre: 'LTR',
  litres: 'LTR',
  liter: 'LTR',
  liters: 'LTR',
  litro: 'LTR',
  litros: 'LTR',
  ml: 'MLT',
  m: 'MTR',
  metre: 'MTR',
  metres: 'MTR',
  meter: 'MTR',
  meters: 'MTR',
  metro: 'MTR',
  metros: 'MTR',
  km: 'KMT',
  cm: 'CMT',
  mm: 'MMT',
  m2: 'MTK',
  'm²': 'MTK',
  sqm: 'MTK',
  m3: 'MTQ',
  'm³': 'MTQ',
  kwh: 'KWH',
  set: 'SET',
  sets: 'SET',
  pair: 'PR',
  pairs: 'PR',
  box: 'XBX',
  boxes: 'XBX',
  caja: 'XBX',
  cajas: 'XBX',
  package: 'XPK',
  packages: 'XPK',
  paquete: 'XPK',
  paquetes: 'XPK',
  'lump sum': 'LS',
  '%': 'P1',
};

/**
 * The BT-130 unit code of a line's `unit` (module steps: a word, a code, else `C62`).
 *
 * @example
 * ```ts
 * unitCode('Hours'); // 'HUR'
 * unitCode('kgm'); // 'KGM'
 * unitCode(null); // 'C62'
 * unitCode('bottles'); // 'C62'
 * ```
 */
export function unitCode(unit: string | null | undefined): string {
  const written = (unit ?? '').trim();
  if (written === '') return DEFAULT_UNIT_CODE;
  const word = written.toLowerCase();
  if (Object.hasOwn(UNIT_WORDS, word)) return UNIT_WORDS[word] ?? DEFAULT_UNIT_CODE;
  const code = written.toUpperCase();
  return UNIT_CODES.has(code) ? code : DEFAULT_UNIT_CODE;
}
