import { NIF_LETTERS, type NifKind, referenceControls } from '../support/identifiers.js';

const KINDS: readonly NifKind[] = ['dni', 'nie', 'nif_klm', 'cif'];
const FIRST_CHARS: Record<NifKind, string> = {
  dni: '0123456789',
  nie: 'XYZ',
  nif_klm: 'KLM',
  cif: 'ABCDEFGHJNPQRSUVW',
};

/** How the i-th TIN is written: as is, with an `ES` prefix, separators, lower case, or all of them. */
function decorate(tin: string, style: number): string {
  switch (style) {
    case 0:
      return tin;
    case 1:
      return `ES${tin}`;
    case 2:
      return `ES ${tin.slice(0, 1)}-${tin.slice(1, 8)}-${tin.slice(8)}`;
    case 3:
      return tin.toLowerCase();
    case 4:
      return `${tin.slice(0, 3)} ${tin.slice(3, 6)} ${tin.slice(6)}`;
    case 5:
      return `es-${tin.slice(0, 2)}.${tin.slice(2, 5)}.${tin.slice(5)}`.toLowerCase();
    default:
      return `ES - ${tin}`;
  }
}

/**
 * A deterministic mix of `count` Spanish TINs for the TIN benchmark (spec §4.3: a verification
 * request carries up to 20,000): every kind (DNI, NIE, K/L/M, entity in both control forms), about
 * 55 % valid, 27 % with a wrong check character and 18 % malformed (wrong length or first letter),
 * written in seven styles (bare, `ES` prefix, separators, lower case, dots).
 */
export function tinWorkload(count: number): string[] {
  const tins: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const kind = KINDS[i % KINDS.length] ?? 'dni';
    const firstChars = FIRST_CHARS[kind];
    const first = firstChars.charAt((i >> 2) % firstChars.length);
    const seven = String((i * 7919 + 1_234_567) % 10_000_000).padStart(7, '0');
    const controls = referenceControls(kind, first + seven);
    let control = controls[(i >> 3) % controls.length] ?? '';
    if (i % 3 === 2) {
      // A wrong check character: the next table letter that is not an accepted control.
      let shift = 1;
      do {
        control = NIF_LETTERS.charAt((NIF_LETTERS.indexOf(controls[0] ?? 'T') + shift) % NIF_LETTERS.length);
        shift += 1;
      } while (controls.includes(control));
    }
    let tin = first + seven + control;
    if (i % 11 === 5) tin = tin.slice(0, 8); // too short
    if (i % 11 === 7) tin = `O${tin.slice(1)}`; // no form starts with O
    tins.push(decorate(tin, i % 7));
  }
  return tins;
}
