/**
 * The parties of generated e-invoice cases (issue #22): one profile per country a seller or a buyer is
 * generated in, with what the official rules ask of a party there — a postal address with city, post
 * code and province (Facturae `AddressInSpain` / `OverseasAddress`, XRechnung BR-DE-3/4/8/9, Peppol
 * `NL-R-002`, `IT-R-002…004`), a VAT number as that country writes it, a legal registration whose ICD
 * is also a Peppol EAS code (so it can be the buyer's electronic address, `PEPPOL-EN16931-R010`, and
 * its legal registration, BR-CL-11), the seller's Peppol participant identifier, the standard VAT rates
 * and a bank whose IBAN is valid.
 *
 * How identifiers are spelt, so that a writer knows what to expect (a demanding host sends both):
 * `tin_value` is written as the country's own users write it — a Spanish NIF compact or with `ES`, a
 * Polish NIP and a Portuguese NIF without the prefix (as SII, KSeF and the AT read them), the other VAT
 * numbers with their country prefix (`DE…`, `ATU…`, `NL…B01`, `NO…MVA`). A writer that needs the
 * EN 16931 BT-31 / BT-48 form prefixes the party's country when the value does not start with two
 * letters (BR-CO-09).
 *
 * @module
 */
import * as fc from 'fast-check';
import { digitsArb } from './decimal.js';
import {
  austrianVatNumberArb,
  bankAccountArb,
  belgianEnterpriseNumberArb,
  danishCvrArb,
  dutchKvkArb,
  dutchVatNumberArb,
  frenchSirenArb,
  frenchSiret,
  frenchVatNumber,
  type GeneratedBankAccount,
  germanVatNumberArb,
  glnArb,
  italianVatNumberArb,
  norwegianOrganisationNumberArb,
  portugueseNifArb,
  swedishOrganisationNumberArb,
} from './einvoiceIdentifiers.js';
import { validNipArb } from './polishIdentifiers.js';
import { spanishTinControls } from './spanishTin.js';

/** An identifier with its scheme (ISO 6523 ICD, Peppol EAS, or none for a tax number of no scheme). */
export interface SchemedIdentifier {
  /** The scheme code, 4 digits, or null when the identifier has no scheme code (a US EIN). */
  readonly scheme: string | null;
  /** The identifier as written. */
  readonly value: string;
}

/** The identifiers of one generated party. */
export interface PartyIdentifiers {
  /** The VAT (or tax) number as `tin_scheme` / `tin_value`. */
  readonly vat: SchemedIdentifier;
  /** The legal registration as `cin_scheme` / `cin_value`: an ICD that is also a Peppol EAS code. */
  readonly legal: SchemedIdentifier & { readonly scheme: string };
  /** The Peppol participant identifiers the party could publish (EAS code and value). */
  readonly participants: readonly (SchemedIdentifier & { readonly scheme: string })[];
}

/** A city with its post code and its province or region (at most 20 characters, Facturae `Province`). */
export interface Place {
  readonly city: string;
  readonly postalcode: string;
  readonly province: string;
}

/** What is generated for a party of one country. */
export interface CountryProfile {
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** Whether the country is an EU member state (intra-community supplies, reverse charge across borders). */
  readonly eu: boolean;
  /** The currency its sellers keep their books in (the account currency, the VAT currency BT-6). */
  readonly currency: string;
  /** An ISO 639-1 language of the country. */
  readonly language: string;
  /** The name of its VAT (`IVA`, `MwSt`, `TVA`, …). */
  readonly taxName: string;
  /** Its VAT rates above zero (category `S`), standard rate first. */
  readonly rates: readonly string[];
  /** Places of the country. */
  readonly places: readonly Place[];
  /** Street names, written before (or after, per the country) a house number. */
  readonly streets: readonly string[];
  /** Company names. */
  readonly companies: readonly string[];
  /** The phone country code. */
  readonly phone: string;
  /** The mail domain suffix. */
  readonly tld: string;
  /** Identifiers of a party of the country. */
  readonly identifiers: fc.Arbitrary<PartyIdentifiers>;
}

/** Spanish NIFs of companies (`A`, `B`: digit control) as the NIF check wants them. */
const spanishCompanyNifArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('A', 'B'), digitsArb(7))
  .map(([first, seven]) => {
    const firstEight = first + seven;
    const digit = spanishTinControls('cif', firstEight).find((control) => /\d/.test(control));
    return firstEight + (digit ?? '0');
  });

/**
 * Spanish NIFs of public bodies (`P` local entity, `Q` public body, `S` state administration: letter
 * control), the buyers of FACe invoices.
 */
const spanishPublicNifArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('P', 'Q', 'S'), digitsArb(7))
  .map(([first, seven]) => {
    const firstEight = first + seven;
    const letter = spanishTinControls('cif', firstEight).find((control) => /[A-Z]/.test(control));
    return firstEight + (letter ?? 'A');
  });

/** Spanish DNIs (individuals: 8 digits and the control letter). */
const spanishDniArb: fc.Arbitrary<string> = digitsArb(8).map((eight) => {
  const [letter] = spanishTinControls('dni', eight);
  return eight + (letter ?? 'T');
});

/** The Peppol participants of a party: its VAT number under the country's VAT EAS, and its legal id. */
function participants(
  vatScheme: string | null,
  vatValue: string,
  legal: SchemedIdentifier & { scheme: string },
): (SchemedIdentifier & { scheme: string })[] {
  return vatScheme === null ? [legal] : [{ scheme: vatScheme, value: vatValue }, legal];
}

/** A Spanish party's identifiers: its NIF (9920), a GLN as legal registration and endpoint. */
function spanishIdentifiers(nif: fc.Arbitrary<string>): fc.Arbitrary<PartyIdentifiers> {
  return fc.tuple(nif, fc.boolean(), glnArb).map(([compact, prefixed, gln]) => {
    const legal = { scheme: '0088', value: gln };
    return {
      // Spanish NIFs are sent both ways (compactSpanishTin drops one leading `ES`).
      vat: { scheme: '9920', value: prefixed ? `ES${compact}` : compact },
      legal,
      participants: participants('9920', `ES${compact}`, legal),
    };
  });
}

const SPAIN: Omit<CountryProfile, 'places' | 'identifiers'> = {
  country: 'ES',
  eu: true,
  currency: 'EUR',
  language: 'es',
  taxName: 'IVA',
  rates: ['21', '10', '4', '5'],
  streets: [
    'Calle Mayor',
    'Gran Vía',
    'Avenida de la Constitución',
    "Carrer d'Aragó",
    'Paseo de la Castellana',
  ],
  companies: [
    'Distribuciones Añil SL',
    'Construcciones García e Hijos SA',
    'Café & Té del Norte SL',
    'Talleres "El Puerto" SA',
    'Ingeniería Cántabra SLU',
  ],
  phone: '+34',
  tld: 'es',
};

/**
 * Spain (peninsula and Balearic Islands), with company NIFs.
 *
 * @example
 * ```ts
 * SPAIN_PROFILE.rates[0]; // '21'
 * ```
 */
export const SPAIN_PROFILE: CountryProfile = {
  ...SPAIN,
  places: [
    { city: 'Madrid', postalcode: '28013', province: 'Madrid' },
    { city: 'Barcelona', postalcode: '08001', province: 'Barcelona' },
    { city: 'Valencia', postalcode: '46002', province: 'Valencia' },
    { city: 'Sevilla', postalcode: '41001', province: 'Sevilla' },
    { city: 'Bilbao', postalcode: '48001', province: 'Bizkaia' },
    { city: 'Palma', postalcode: '07001', province: 'Illes Balears' },
  ],
  identifiers: spanishIdentifiers(spanishCompanyNifArb),
};

/**
 * The Canary Islands: Spanish parties outside the EU VAT area, whose supplies bear IGIC (EN 16931
 * category `L`; rates 0, 3, 7, 9.5, 15 of Ley 20/1991 art. 27, as amended).
 *
 * @example
 * ```ts
 * CANARY_PROFILE.taxName; // 'IGIC'
 * ```
 */
export const CANARY_PROFILE: CountryProfile = {
  ...SPAIN,
  eu: false,
  taxName: 'IGIC',
  rates: ['7', '3', '9.5', '15'],
  places: [
    { city: 'Las Palmas de Gran Canaria', postalcode: '35001', province: 'Las Palmas' },
    { city: 'Santa Cruz de Tenerife', postalcode: '38001', province: 'S.C. Tenerife' },
  ],
  identifiers: spanishIdentifiers(spanishCompanyNifArb),
};

/**
 * Ceuta and Melilla: Spanish parties outside the EU VAT area, whose supplies bear IPSI (EN 16931
 * category `M`; the rates of the two cities' ordinances, 0.5 to 10).
 *
 * @example
 * ```ts
 * CEUTA_MELILLA_PROFILE.taxName; // 'IPSI'
 * ```
 */
export const CEUTA_MELILLA_PROFILE: CountryProfile = {
  ...SPAIN,
  eu: false,
  taxName: 'IPSI',
  rates: ['4', '0.5', '1', '2', '8', '10'],
  places: [
    { city: 'Ceuta', postalcode: '51001', province: 'Ceuta' },
    { city: 'Melilla', postalcode: '52001', province: 'Melilla' },
  ],
  identifiers: spanishIdentifiers(spanishCompanyNifArb),
};

/**
 * Spanish individuals (autónomos, identified by their DNI), the sellers whose invoices bear IRPF
 * withholdings, with names of a given name and two surnames (Facturae `Individual`).
 *
 * @example
 * ```ts
 * SPANISH_INDIVIDUAL_NAMES.length > 0; // true
 * ```
 */
export const SPANISH_INDIVIDUAL_NAMES: readonly string[] = [
  'Ana García López',
  'José Martínez Ruiz',
  'Núria Puig Ferrer',
  'Iñaki Etxeberria Arana',
  "María O'Donnell Pérez",
];

/**
 * Identifiers of Spanish individuals (a DNI) and of Spanish public bodies (`P`, `Q`, `S` NIFs).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(spanishIndividualIdentifiersArb, ({ vat }) => /^(ES)?\d{8}[A-Z]$/.test(vat.value)));
 * ```
 */
export const spanishIndividualIdentifiersArb: fc.Arbitrary<PartyIdentifiers> =
  spanishIdentifiers(spanishDniArb);

/**
 * Identifiers of Spanish public administrations (FACe buyers): a `P`, `Q` or `S` NIF.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(spanishPublicIdentifiersArb, ({ vat }) => /^(ES)?[PQS]/.test(vat.value)));
 * ```
 */
export const spanishPublicIdentifiersArb: fc.Arbitrary<PartyIdentifiers> =
  spanishIdentifiers(spanishPublicNifArb);

/**
 * Names of Spanish public administrations (FACe buyers).
 *
 * @example
 * ```ts
 * SPANISH_PUBLIC_NAMES.includes('Ayuntamiento de Zaragoza'); // true
 * ```
 */
export const SPANISH_PUBLIC_NAMES: readonly string[] = [
  'Ayuntamiento de Zaragoza',
  'Universidad de Sevilla',
  'Diputación Foral de Bizkaia',
  'Ministerio de Hacienda',
];

/** Germany: USt-IdNr (9930), GLN. */
const GERMANY: CountryProfile = {
  country: 'DE',
  eu: true,
  currency: 'EUR',
  language: 'de',
  taxName: 'MwSt',
  rates: ['19', '7'],
  places: [
    { city: 'Berlin', postalcode: '10115', province: 'Berlin' },
    { city: 'München', postalcode: '80331', province: 'Bayern' },
    { city: 'Hamburg', postalcode: '20095', province: 'Hamburg' },
    { city: 'Köln', postalcode: '50667', province: 'Nordrhein-Westfalen' },
  ],
  streets: ['Hauptstraße', 'Friedrichstraße', 'Königsallee', 'Am Großen Markt'],
  companies: ['Müller & Söhne GmbH', 'Bäckerei Groß KG', 'Weiß Logistik AG', 'Schröder IT-Service GmbH'],
  phone: '+49',
  tld: 'de',
  identifiers: fc.tuple(germanVatNumberArb, glnArb).map(([vat, gln]) => {
    const legal = { scheme: '0088', value: gln };
    return { vat: { scheme: '9930', value: vat }, legal, participants: participants('9930', vat, legal) };
  }),
};

/**
 * Names of German public buyers (XRechnung's receivers).
 *
 * @example
 * ```ts
 * GERMAN_PUBLIC_NAMES.length > 0; // true
 * ```
 */
export const GERMAN_PUBLIC_NAMES: readonly string[] = [
  'Stadt Köln, Amt für Finanzen',
  'Bundesamt für Bauwesen und Raumordnung',
  'Landratsamt München',
  'Freie und Hansestadt Hamburg',
];

/** Belgium: enterprise number (0208) as VAT number (`BE` + it, 9925) and legal registration. */
const BELGIUM: CountryProfile = {
  country: 'BE',
  eu: true,
  currency: 'EUR',
  language: 'nl',
  taxName: 'BTW',
  rates: ['21', '12', '6'],
  places: [
    { city: 'Bruxelles', postalcode: '1000', province: 'Bruxelles' },
    { city: 'Antwerpen', postalcode: '2000', province: 'Antwerpen' },
    { city: 'Gent', postalcode: '9000', province: 'Oost-Vlaanderen' },
    { city: 'Liège', postalcode: '4000', province: 'Liège' },
  ],
  streets: ['Rue de la Loi', 'Meir', 'Korenmarkt', "Boulevard d'Avroy"],
  companies: ['Brasserie Vandenbroucke BV', 'Chocolaterie Lemaître SRL', 'Van den Berghe & Fils NV'],
  phone: '+32',
  tld: 'be',
  identifiers: belgianEnterpriseNumberArb.map((number) => {
    const legal = { scheme: '0208', value: number };
    return {
      vat: { scheme: '9925', value: `BE${number}` },
      legal,
      // Belgian participants are registered under 0208 (the enterprise number), as OpenPeppol advises.
      participants: [legal, { scheme: '9925', value: `BE${number}` }],
    };
  }),
};

/** France: SIREN / SIRET (0002 / 0009), VAT number with its key (9957). */
const FRANCE: CountryProfile = {
  country: 'FR',
  eu: true,
  currency: 'EUR',
  language: 'fr',
  taxName: 'TVA',
  rates: ['20', '10', '5.5', '2.1'],
  places: [
    { city: 'Paris', postalcode: '75008', province: 'Île-de-France' },
    { city: 'Lyon', postalcode: '69002', province: 'Rhône' },
    { city: 'Marseille', postalcode: '13001', province: 'Bouches-du-Rhône' },
  ],
  streets: ['Rue de Rivoli', 'Avenue des Champs-Élysées', "Quai d'Orsay"],
  companies: ['Boulangerie Lefèvre SARL', 'Société Générale de Négoce SAS', 'Dupont & Fils SA'],
  phone: '+33',
  tld: 'fr',
  identifiers: fc.tuple(frenchSirenArb, digitsArb(4), fc.boolean()).map(([siren, establishment, siret]) => {
    const legal = siret
      ? { scheme: '0009', value: frenchSiret(siren, establishment) }
      : { scheme: '0002', value: siren };
    const vat = frenchVatNumber(siren);
    return { vat: { scheme: '9957', value: vat }, legal, participants: participants('9957', vat, legal) };
  }),
};

/** Austria: UID (9914), GLN. */
const AUSTRIA: CountryProfile = {
  country: 'AT',
  eu: true,
  currency: 'EUR',
  language: 'de',
  taxName: 'USt',
  rates: ['20', '10', '13'],
  places: [
    { city: 'Wien', postalcode: '1010', province: 'Wien' },
    { city: 'Graz', postalcode: '8010', province: 'Steiermark' },
    { city: 'Linz', postalcode: '4020', province: 'Oberösterreich' },
  ],
  streets: ['Kärntner Straße', 'Mariahilfer Straße', 'Herrengasse'],
  companies: ['Wiener Kaffeerösterei GmbH', 'Alpen-Holzbau KG', 'Grüner & Partner OG'],
  phone: '+43',
  tld: 'at',
  identifiers: fc.tuple(austrianVatNumberArb, glnArb).map(([vat, gln]) => {
    const legal = { scheme: '0088', value: gln };
    return { vat: { scheme: '9914', value: vat }, legal, participants: participants('9914', vat, legal) };
  }),
};

/** Italy: partita IVA (0211; the participant with the `IT` prefix), GLN. */
const ITALY: CountryProfile = {
  country: 'IT',
  eu: true,
  currency: 'EUR',
  language: 'it',
  taxName: 'IVA',
  rates: ['22', '10', '5', '4'],
  places: [
    { city: 'Roma', postalcode: '00184', province: 'Roma' },
    { city: 'Milano', postalcode: '20121', province: 'Milano' },
    { city: 'Torino', postalcode: '10121', province: 'Torino' },
  ],
  streets: ['Via Roma', 'Corso Vittorio Emanuele II', "Piazza dell'Unità"],
  companies: ['Pasticceria Dolcè Srl', 'Officine Meccaniche Rossi SpA', 'Bianchi & Figli Snc'],
  phone: '+39',
  tld: 'it',
  identifiers: fc.tuple(italianVatNumberArb, glnArb).map(([piva, gln]) => {
    const legal = { scheme: '0088', value: gln };
    return {
      vat: { scheme: '0211', value: `IT${piva}` },
      legal,
      participants: participants('0211', `IT${piva}`, legal),
    };
  }),
};

/** Poland: NIP (9945; the participant with the `PL` prefix), GLN. */
const POLAND: CountryProfile = {
  country: 'PL',
  eu: true,
  currency: 'PLN',
  language: 'pl',
  taxName: 'VAT',
  rates: ['23', '8', '5'],
  places: [
    { city: 'Warszawa', postalcode: '00-950', province: 'mazowieckie' },
    { city: 'Kraków', postalcode: '31-001', province: 'małopolskie' },
    { city: 'Gdańsk', postalcode: '80-001', province: 'pomorskie' },
  ],
  streets: ['ul. Marszałkowska', 'ul. Floriańska', 'al. Grunwaldzka'],
  companies: ['Przedsiębiorstwo Łączność Sp. z o.o.', 'Zakład Stolarski Żak S.A.', 'Młyn Gęsiówka Sp. j.'],
  phone: '+48',
  tld: 'pl',
  identifiers: fc.tuple(validNipArb, glnArb).map(([nip, gln]) => {
    const legal = { scheme: '0088', value: gln };
    return {
      vat: { scheme: '9945', value: nip },
      legal,
      participants: participants('9945', `PL${nip}`, legal),
    };
  }),
};

/**
 * The Netherlands: VAT number (9944) and KvK number (0106), which `NL-R-003` and `NL-R-005` require
 * as a Dutch party's legal registration.
 */
const NETHERLANDS: CountryProfile = {
  country: 'NL',
  eu: true,
  currency: 'EUR',
  language: 'nl',
  taxName: 'BTW',
  rates: ['21', '9'],
  places: [
    { city: 'Amsterdam', postalcode: '1012 AB', province: 'Noord-Holland' },
    { city: 'Rotterdam', postalcode: '3011 AA', province: 'Zuid-Holland' },
    { city: 'Utrecht', postalcode: '3511 AB', province: 'Utrecht' },
  ],
  streets: ['Keizersgracht', 'Coolsingel', 'Oudegracht'],
  companies: ['Bakkerij De Vries BV', "Van 't Hof Installatietechniek BV", 'Jansen & Zonen VOF'],
  phone: '+31',
  tld: 'nl',
  identifiers: fc.tuple(dutchVatNumberArb, dutchKvkArb).map(([vat, kvk]) => {
    const legal = { scheme: '0106', value: kvk };
    return {
      vat: { scheme: '9944', value: vat },
      legal,
      participants: [legal, { scheme: '9944', value: vat }],
    };
  }),
};

/** Portugal: NIF (9946; the participant with the `PT` prefix), GLN. */
const PORTUGAL: CountryProfile = {
  country: 'PT',
  eu: true,
  currency: 'EUR',
  language: 'pt',
  taxName: 'IVA',
  rates: ['23', '13', '6'],
  places: [
    { city: 'Lisboa', postalcode: '1100-148', province: 'Lisboa' },
    { city: 'Porto', postalcode: '4000-322', province: 'Porto' },
  ],
  streets: ['Rua Augusta', 'Avenida da Liberdade', 'Rua de Santa Catarina'],
  companies: ['Conservas Ramirez Lda', 'Têxteis do Minho SA', 'Azulejos & Companhia Lda'],
  phone: '+351',
  tld: 'pt',
  identifiers: fc.tuple(portugueseNifArb, glnArb).map(([nif, gln]) => {
    const legal = { scheme: '0088', value: gln };
    return {
      vat: { scheme: '9946', value: nif },
      legal,
      participants: participants('9946', `PT${nif}`, legal),
    };
  }),
};

/** Denmark (buyers only): CVR (0184, `PEPPOL-COMMON-R042`) and `DK` VAT number. */
const DENMARK: CountryProfile = {
  country: 'DK',
  eu: true,
  currency: 'DKK',
  language: 'da',
  taxName: 'moms',
  rates: ['25'],
  places: [
    { city: 'København', postalcode: '1050', province: 'Hovedstaden' },
    { city: 'Aarhus', postalcode: '8000', province: 'Midtjylland' },
  ],
  streets: ['Strøget', 'Nørregade'],
  companies: ['Møller & Søn ApS', 'Ærø Bryghus A/S'],
  phone: '+45',
  tld: 'dk',
  identifiers: danishCvrArb.map((cvr) => {
    const legal = { scheme: '0184', value: cvr };
    return { vat: { scheme: null, value: `DK${cvr}` }, legal, participants: [legal] };
  }),
};

/** Sweden (buyers only): organisation number (0007, `PEPPOL-COMMON-R049`), VAT `SE` + it + `01`. */
const SWEDEN: CountryProfile = {
  country: 'SE',
  eu: true,
  currency: 'SEK',
  language: 'sv',
  taxName: 'moms',
  rates: ['25', '12', '6'],
  places: [
    { city: 'Stockholm', postalcode: '111 22', province: 'Stockholm' },
    { city: 'Göteborg', postalcode: '411 05', province: 'Västra Götaland' },
  ],
  streets: ['Drottninggatan', 'Kungsgatan'],
  companies: ['Åkerlund & Rausing AB', 'Nordström Trä AB'],
  phone: '+46',
  tld: 'se',
  identifiers: swedishOrganisationNumberArb.map((number) => {
    const legal = { scheme: '0007', value: number };
    return { vat: { scheme: null, value: `SE${number}01` }, legal, participants: [legal] };
  }),
};

/** Norway (outside the EU): organisation number (0192, `PEPPOL-COMMON-R041`), VAT `NO…MVA`. */
const NORWAY: CountryProfile = {
  country: 'NO',
  eu: false,
  currency: 'NOK',
  language: 'nb',
  taxName: 'MVA',
  rates: ['25', '15', '12'],
  places: [
    { city: 'Oslo', postalcode: '0150', province: 'Oslo' },
    { city: 'Bergen', postalcode: '5003', province: 'Vestland' },
  ],
  streets: ['Karl Johans gate', 'Bryggen'],
  companies: ['Fjordfisk AS', 'Bjørnstad Maskin AS'],
  phone: '+47',
  tld: 'no',
  identifiers: norwegianOrganisationNumberArb.map((number) => {
    const legal = { scheme: '0192', value: number };
    return { vat: { scheme: null, value: `NO${number}MVA` }, legal, participants: [legal] };
  }),
};

/** Switzerland (outside the EU): UID as tax number, GLN. */
const SWITZERLAND: CountryProfile = {
  country: 'CH',
  eu: false,
  currency: 'CHF',
  language: 'de',
  taxName: 'MWST',
  rates: ['8.1', '2.6'],
  places: [
    { city: 'Zürich', postalcode: '8001', province: 'Zürich' },
    { city: 'Genève', postalcode: '1201', province: 'Genève' },
  ],
  streets: ['Bahnhofstrasse', 'Rue du Rhône'],
  companies: ['Uhrenfabrik Zürcher AG', 'Fromagerie du Léman SA'],
  phone: '+41',
  tld: 'ch',
  identifiers: fc.tuple(digitsArb(9), glnArb).map(([uid, gln]) => {
    const legal = { scheme: '0088', value: gln };
    return { vat: { scheme: null, value: `CHE${uid}MWST` }, legal, participants: [legal] };
  }),
};

/** The United Kingdom (outside the EU): GB VAT number (9932), GLN. */
const UNITED_KINGDOM: CountryProfile = {
  country: 'GB',
  eu: false,
  currency: 'GBP',
  language: 'en',
  taxName: 'VAT',
  rates: ['20', '5'],
  places: [
    { city: 'London', postalcode: 'SW1A 1AA', province: 'Greater London' },
    { city: 'Manchester', postalcode: 'M1 1AE', province: 'Greater Manchester' },
  ],
  streets: ['Baker Street', 'Deansgate'],
  companies: ["O'Reilly & Sons Ltd", 'Thames Valley Supplies plc'],
  phone: '+44',
  tld: 'co.uk',
  identifiers: fc.tuple(digitsArb(9), glnArb).map(([vat, gln]) => {
    const legal = { scheme: '0088', value: gln };
    return { vat: { scheme: '9932', value: `GB${vat}` }, legal, participants: [legal] };
  }),
};

/** The United States (outside the EU): EIN as tax number, DUNS (0060). */
const UNITED_STATES: CountryProfile = {
  country: 'US',
  eu: false,
  currency: 'USD',
  language: 'en',
  taxName: 'Sales tax',
  rates: ['8'],
  places: [
    { city: 'New York', postalcode: '10001', province: 'NY' },
    { city: 'San Francisco', postalcode: '94105', province: 'CA' },
  ],
  streets: ['Fifth Avenue', 'Market Street'],
  companies: ['Acme Widgets Inc.', 'Smith & Wesson Trading LLC'],
  phone: '+1',
  tld: 'com',
  identifiers: fc.tuple(digitsArb(2), digitsArb(7), digitsArb(9)).map(([a, b, duns]) => {
    const legal = { scheme: '0060', value: duns };
    return { vat: { scheme: null, value: `${a}-${b}` }, legal, participants: [legal] };
  }),
};

/** Saudi Arabia (sellers of the golden vectors in SAR): a 15-digit VAT number, GLN. */
const SAUDI_ARABIA: CountryProfile = {
  country: 'SA',
  eu: false,
  currency: 'SAR',
  language: 'ar',
  taxName: 'VAT',
  rates: ['15'],
  places: [{ city: 'Riyadh', postalcode: '12211', province: 'Riyadh' }],
  streets: ['King Fahd Road'],
  companies: ['Al-Rashid Trading Co.', 'Najd Supplies LLC'],
  phone: '+966',
  tld: 'sa',
  identifiers: fc.tuple(digitsArb(13), glnArb).map(([digits, gln]) => {
    const legal = { scheme: '0088', value: gln };
    return { vat: { scheme: null, value: `3${digits}3`.slice(0, 15) }, legal, participants: [legal] };
  }),
};

/** Japan (sellers of the golden vectors in JPY): a qualified invoice issuer number (`T` + 13 digits), GLN. */
const JAPAN: CountryProfile = {
  country: 'JP',
  eu: false,
  currency: 'JPY',
  language: 'ja',
  taxName: 'JCT',
  rates: ['10', '8'],
  places: [{ city: 'Tokyo', postalcode: '100-0005', province: 'Tokyo' }],
  streets: ['Marunouchi 1-chome'],
  companies: ['Sakura Shoji K.K.', 'Fuji Precision Co., Ltd.'],
  phone: '+81',
  tld: 'jp',
  identifiers: fc.tuple(digitsArb(13), glnArb).map(([digits, gln]) => {
    const legal = { scheme: '0088', value: gln };
    return { vat: { scheme: null, value: `T${digits}` }, legal, participants: [legal] };
  }),
};

/**
 * The EU countries sellers are generated in: no Peppol national rule refuses what the arbitraries give
 * there. Left out as sellers, and why: Denmark (`DK-R-005` allows no payment means code 30 between
 * Danish parties, and DK-R-002/014 require the CVR as legal entity), Sweden (`SE-R-001…013`: F-skatt
 * text, VAT rate list), Greece (`GR-R-001`: a six-segment invoice number), Norway and Iceland (outside
 * the EU; their national rules). They are generated as buyers.
 *
 * @example
 * ```ts
 * SELLER_PROFILES.map((profile) => profile.country); // ['ES', 'DE', 'BE', 'FR', 'AT', 'IT', 'PL', 'NL', 'PT']
 * ```
 */
export const SELLER_PROFILES: readonly CountryProfile[] = [
  SPAIN_PROFILE,
  GERMANY,
  BELGIUM,
  FRANCE,
  AUSTRIA,
  ITALY,
  POLAND,
  NETHERLANDS,
  PORTUGAL,
];

/**
 * The EU countries buyers are generated in (sellers' countries, Denmark and Sweden).
 *
 * @example
 * ```ts
 * EU_BUYER_PROFILES.some((profile) => profile.country === 'DK'); // true
 * ```
 */
export const EU_BUYER_PROFILES: readonly CountryProfile[] = [...SELLER_PROFILES, DENMARK, SWEDEN];

/**
 * The countries outside the EU buyers of exports (category `G`) are generated in.
 *
 * @example
 * ```ts
 * NON_EU_BUYER_PROFILES.map((profile) => profile.country); // ['NO', 'CH', 'GB', 'US']
 * ```
 */
export const NON_EU_BUYER_PROFILES: readonly CountryProfile[] = [
  NORWAY,
  SWITZERLAND,
  UNITED_KINGDOM,
  UNITED_STATES,
];

/**
 * The profile of a country code among every profile here (Spain is the peninsula's; Saudi Arabia
 * and Japan are the sellers of the golden vectors in their currencies).
 *
 * @example
 * ```ts
 * profileOf('DE')?.taxName; // 'MwSt'
 * ```
 */
export function profileOf(country: string): CountryProfile | undefined {
  return [...EU_BUYER_PROFILES, ...NON_EU_BUYER_PROFILES, SAUDI_ARABIA, JAPAN].find(
    (profile) => profile.country === country,
  );
}

/**
 * A seller's bank account in its own country.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(sellerBankAccountArb(SPAIN_PROFILE), ({ iban }) => iban.startsWith('ES')));
 * ```
 */
export function sellerBankAccountArb(profile: CountryProfile): fc.Arbitrary<GeneratedBankAccount> {
  return bankAccountArb(profile.country);
}
