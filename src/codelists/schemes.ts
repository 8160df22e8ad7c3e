/**
 * Identifier schemes: the data of GET /schemes (spec §4.8) and the catalogue `tin_scheme`,
 * `cin_scheme`, `pin_scheme` and the routing-code schemes are checked against (spec §2.2, §2.3, §2.8).
 * The service writes them as zero-padded 4-character strings (spec §2.2, api-notes.md §3.2).
 *
 * No npm package carries these lists, so they are transcribed here, from three sources:
 *
 * 1. ISO/IEC 6523 International Code Designators (ICD), `0002`–`0248`: the ICD code list of the
 *    EN 16931 code lists (the list rules BR-CL-10/11 check party identifier schemes against), as
 *    mirrored by OpenPeppol in `OpenPeppol/poacc-upgrade-3` `structure/codelist/ICD.xml` (commit
 *    232f5115, entries up to 0248). Cross-checked against rules BR-CL-10/11 of the CEN/TC 434
 *    validation artefacts (`ConnectingEurope/eInvoicing-EN16931`): codes 0002–0244 are exactly those
 *    of `cii/schematron/codelist/EN16931-CII-codes.sch` (commit 63762afb); 0245–0248 were registered
 *    after that release. Not in the list: 0001, 0092, 0103, 0181, 0182 (0001 is also the placeholder
 *    older API versions returned for an unknown scheme, api-notes.md §3.2).
 *    Names are the ISO 6523 names as published, typos included ("Etablissments", "E-lnvoice",
 *    "ToimipaikkalD") so they compare equal to the list; whitespace from the XML layout is collapsed.
 *    One exception: 0158 reads "29 November 2001", as in the earlier revision of the same file (the
 *    newer one has the typo "2'001"). 0247 is registered without a published name.
 * 2. Peppol participant identifier schemes `9901`–`9959` (the Peppol-assigned "EAS" codes: VAT and
 *    national numbers used as schemes in e-invoicing), from "Peppol Code Lists - Participant
 *    identifier schemes" v9.7 (`OpenPEPPOL/edec-codelists` `publication/v9.7/…json`, 105 entries),
 *    names as its `scheme-name`. Every 99xx code of that list is kept, including the deprecated and
 *    removed ones (see {@link DEPRECATED_SCHEMES}): stored contacts and old documents
 *    still carry them (9906 IT VAT, 9956 BE CBE, …) and the service must still read them back.
 *    9903 and 9911 are not in the list.
 * 3. The service's own codes for Polish registers, 8036 REGON, 8037 KRS and 8038 BDO (spec §2.7
 *    rule 2, `shared/reference/ksef-fa3.md`). They are not ISO 6523 codes; names are fiscalkit's.
 *
 * `country` is the ISO 3166-1 country the Peppol list gives for the scheme, `null` where it gives
 * "international" or where the scheme is not in the Peppol list (the ICD list states no country),
 * and `PL` for the service's Polish codes.
 */

/** One entry of GET /schemes. */
export interface SchemeEntry {
  /** The scheme code, 4 digits, zero-padded (`0007`, `9920`). */
  readonly code: string;
  /** The name of the scheme as its list publishes it. */
  readonly name: string;
  /** ISO 3166-1 alpha-2 country of the scheme, or `null` (international, or not stated). */
  readonly country: string | null;
}

type SchemeRow = readonly [code: string, name: string, country: string | null];

const ICD: readonly SchemeRow[] = [
  ['0002', 'System Information et Repertoire des Entreprise et des Etablissements: SIRENE', 'FR'],
  ['0003', 'Codification Numerique des Etablissments Financiers En Belgique', null],
  ['0004', 'NBS/OSI NETWORK', null],
  ['0005', 'USA FED GOV OSI NETWORK', null],
  ['0006', 'USA DOD OSI NETWORK', null],
  ['0007', 'Organisationsnummer', 'SE'],
  ['0008', 'LE NUMERO NATIONAL', null],
  ['0009', 'SIRET-CODE', 'FR'],
  ['0010', 'Organizational Identifiers for Structured Names under ISO 9541 Part 2', null],
  [
    '0011',
    'International Code Designator for the Identification of OSI-based, Amateur Radio Organizations, Network Objects and Application Services.',
    null,
  ],
  ['0012', 'European Computer Manufacturers Association: ECMA', null],
  ['0013', 'VSA FTP CODE (FTP = File Transfer Protocol)', null],
  ['0014', "NIST/OSI Implememts' Workshop", null],
  ['0015', 'Electronic Data Interchange: EDI', null],
  ['0016', 'EWOS Object Identifiers', null],
  ['0017', 'COMMON LANGUAGE', null],
  ['0018', 'SNA/OSI Network', null],
  ['0019', 'Air Transport Industry Services Communications Network', null],
  ['0020', 'European Laboratory for Particle Physics: CERN', null],
  ['0021', 'SOCIETY FOR WORLDWIDE INTERBANK FINANCIAL, TELECOMMUNICATION S.W.I.F.T.', null],
  ['0022', 'OSF Distributed Computing Object Identification', null],
  ['0023', 'Nordic University and Research Network: NORDUnet', null],
  ['0024', 'Digital Equipment Corporation: DEC', null],
  ['0025', 'OSI ASIA-OCEANIA WORKSHOP', null],
  ['0026', 'NATO ISO 6523 ICDE coding scheme', null],
  ['0027', 'Aeronautical Telecommunications Network (ATN)', null],
  ['0028', 'International Standard ISO 6523', null],
  ['0029', 'The All-Union Classifier of Enterprises and Organisations', null],
  ['0030', 'AT&T/OSI Network', null],
  ['0031', 'EDI Partner Identification Code', null],
  ['0032', 'Telecom Australia', null],
  ['0033', 'S G W OSI Internetwork', null],
  ['0034', 'Reuter Open Address Standard', null],
  ['0035', 'ISO 6523 - ICD', null],
  ['0036', 'TeleTrust Object Identifiers', null],
  ['0037', 'LY-tunnus', 'FI'],
  ['0038', 'The Australian GOSIP Network', null],
  ['0039', 'The OZ DOD OSI Network', null],
  ['0040', 'Unilever Group Companies', null],
  ['0041', 'Citicorp Global Information Network', null],
  ['0042', 'DBP Telekom Object Identifiers', null],
  ['0043', 'HydroNETT', null],
  ['0044', 'Thai Industrial Standards Institute (TISI)', null],
  ['0045', 'ICI Company Identification System', null],
  ['0046', 'FUNLOC', null],
  ['0047', 'BULL ODI/DSA/UNIX Network', null],
  ['0048', 'OSINZ', null],
  ['0049', 'Auckland Area Health', null],
  ['0050', 'Firmenich', null],
  ['0051', 'AGFA-DIS', null],
  ['0052', 'Society of Motion Picture and Television Engineers (SMPTE)', null],
  ['0053', 'Migros_Network M_NETOPZ', null],
  ['0054', 'ISO6523 - ICDPCR', null],
  ['0055', 'Energy Net', null],
  ['0056', 'Nokia Object Identifiers (NOI)', null],
  ['0057', 'Saint Gobain', null],
  ['0058', 'Siemens Corporate Network', null],
  ['0059', 'DANZNET', null],
  ['0060', 'Data Universal Numbering System (D-U-N-S Number)', null],
  ['0061', 'SOFFEX OSI', null],
  ['0062', 'KPN OVN', null],
  ['0063', 'ascomOSINet', null],
  ['0064', 'UTC: Uniforme Transport Code', null],
  ['0065', 'SOLVAY OSI CODING', null],
  ['0066', 'Roche Corporate Network', null],
  ['0067', 'ZellwegerOSINet', null],
  ['0068', 'Intel Corporation OSI', null],
  ['0069', 'SITA Object Identifier Tree', null],
  ['0070', 'DaimlerChrysler Corporate Network', null],
  ['0071', 'LEGO /OSI NETWORK', null],
  ['0072', 'NAVISTAR/OSI Network', null],
  ['0073', 'ICD Formatted ATM address', null],
  ['0074', 'ARINC', null],
  ['0075', 'Alcanet/Alcatel-Alsthom Corporate Network', null],
  ['0076', 'Sistema Italiano di Identificazione di ogetti gestito da UNINFO', null],
  ['0077', 'Sistema Italiano di Indirizzamento di Reti OSI Gestito da UNINFO', null],
  ['0078', 'Mitel terminal or switching equipment', null],
  ['0079', 'ATM Forum', null],
  ['0080', 'UK National Health Service Scheme, (EDIRA compliant)', null],
  ['0081', 'International NSAP', null],
  ['0082', "Norwegian Telecommunications Authority's, NTA'S, EDI, identifier scheme (EDIRA compliant)", null],
  ['0083', 'Advanced Telecommunications Modules Limited, Corporate Network', null],
  ['0084', 'Athens Chamber of Commerce & Industry Scheme (EDIRA compliant)', null],
  ['0085', 'Swiss Chambers of Commerce Scheme (EDIRA) compliant', null],
  ['0086', 'United States Council for International Business (USCIB) Scheme, (EDIRA compliant)', null],
  [
    '0087',
    'National Federation of Chambers of Commerce & Industry of Belgium, Scheme (EDIRA compliant)',
    null,
  ],
  ['0088', 'EAN Location Code', null],
  ['0089', 'The Association of British Chambers of Commerce Ltd. Scheme, (EDIRA compliant)', null],
  ['0090', 'Internet IP addressing - ISO 6523 ICD encoding', null],
  ['0091', 'Cisco Sysytems / OSI Network', null],
  ['0093', 'Revenue Canada Business Number Registration (EDIRA compliant)', null],
  ['0094', 'DEUTSCHER INDUSTRIE- UND HANDELSTAG (DIHT) Scheme (EDIRA compliant)', null],
  ['0095', 'Hewlett - Packard Company Internal AM Network', null],
  ['0096', 'The Danish Business Authority - P-number (DK:P)', 'DK'],
  ['0097', 'FTI - Ediforum Italia, (EDIRA compliant)', 'IT'],
  ['0098', 'CHAMBER OF COMMERCE TEL AVIV-JAFFA Scheme (EDIRA compliant)', null],
  ['0099', 'Siemens Supervisory Systems Network', null],
  ['0100', 'PNG_ICD Scheme', null],
  ['0101', 'South African Code Allocation', null],
  ['0102', 'HEAG', null],
  ['0104', 'BT - ICD Coding System', null],
  ['0105', 'Portuguese Chamber of Commerce and Industry Scheme (EDIRA compliant)', null],
  [
    '0106',
    'Vereniging van Kamers van Koophandel en Fabrieken in Nederland (Association of Chambers of Commerce and Industry in the Netherlands), Scheme (EDIRA compliant)',
    'NL',
  ],
  ['0107', 'Association of Swedish Chambers of Commerce and Industry Scheme (EDIRA compliant)', null],
  ['0108', 'Australian Chambers of Commerce and Industry Scheme (EDIRA compliant)', null],
  ['0109', 'BellSouth ICD AESA (ATM End System Address)', null],
  ['0110', 'Bell Atlantic', null],
  ['0111', 'Object Identifiers', null],
  ['0112', 'ISO register for Standards producing Organizations', null],
  ['0113', 'OriginNet', null],
  ['0114', 'Check Point Software Technologies', null],
  ['0115', 'Pacific Bell Data Communications Network', null],
  ['0116', 'PSS Object Identifiers', null],
  ['0117', 'STENTOR-ICD CODING SYSTEM', null],
  ['0118', "ATM-Network ZN'96", null],
  ['0119', 'MCI / OSI Network', null],
  ['0120', 'Advantis', null],
  ['0121', 'Affable Software Data Interchange Codes', null],
  ['0122', 'BB-DATA GmbH', null],
  ['0123', 'BASF Company ATM-Network', null],
  [
    '0124',
    'IOTA Identifiers for Organizations for Telecommunications Addressing using the ICD system format defined in ISO/IEC 8348',
    null,
  ],
  ['0125', 'Henkel Corporate Network (H-Net)', null],
  ['0126', 'GTE/OSI Network', null],
  ['0127', 'Dresdner Bank Corporate Network', null],
  ['0128', 'BCNR (Swiss Clearing Bank Number)', null],
  ['0129', 'BPI (Swiss Business Partner Identification) code', null],
  ['0130', 'Directorates of the European Commission', null],
  ['0131', 'Code for the Identification of National Organizations', null],
  ['0132', 'Certicom Object Identifiers', null],
  ['0133', 'TC68 OID', null],
  ['0134', 'Infonet Services Corporation', null],
  ['0135', 'SIA Object Identifiers', 'IT'],
  ['0136', 'Cable & Wireless Global ATM End-System Address Plan', null],
  ['0137', 'Global AESA scheme', null],
  ['0138', 'France Telecom ATM End System Address Plan', null],
  ['0139', 'Savvis Communications AESA:.', null],
  ['0140', "Toshiba Organizations, Partners, And Suppliers' (TOPAS) Code", null],
  ['0141', 'NATO Commercial and Government Entity system', null],
  ['0142', 'SECETI Object Identifiers', 'IT'],
  ['0143', 'EINESTEINet AG', null],
  ['0144', 'DoDAAC (Department of Defense Activity Address Code)', null],
  [
    '0145',
    'DGCP (Direction Générale de la Comptabilité Publique)administrative accounting identification scheme',
    null,
  ],
  ['0146', 'DGI (Direction Générale des Impots) code', null],
  ['0147', 'Standard Company Code', null],
  ['0148', 'ITU (International Telecommunications Union)Data Network Identification Codes (DNIC)', null],
  ['0149', 'Global Business Identifier', null],
  ['0150', 'Madge Networks Ltd- ICD ATM Addressing Scheme', null],
  ['0151', 'Australian Business Number (ABN) Scheme', 'AU'],
  ['0152', 'Edira Scheme Identifier Code', null],
  ['0153', 'Concert Global Network Services ICD AESA', null],
  ['0154', 'Identification number of economic subjects: (ICO)', null],
  ['0155', 'Global Crossing AESA (ATM End System Address)', null],
  ['0156', 'AUNA', null],
  ['0157', 'ATM interconnection with the Dutch KPN Telecom', null],
  [
    '0158',
    'Identification number of economic subject (ICO) Act on State Statistics of 29 November 2001, § 27',
    'SK',
  ],
  ['0159', 'ACTALIS Object Identifiers', null],
  ['0160', 'GTIN - Global Trade Item Number', null],
  ['0161', 'ECCMA Open Technical Directory', null],
  ['0162', 'CEN/ISSS Object Identifier Scheme', null],
  ['0163', 'US-EPA Facility Identifier', null],
  ['0164', 'TELUS Corporation', null],
  ['0165', 'FIEIE Object identifiers', null],
  ['0166', 'Swissguide Identifier Scheme', null],
  ['0167', 'Priority Telecom ATM End System Address Plan', null],
  ['0168', 'Vodafone Ireland OSI Addressing', null],
  [
    '0169',
    'Swiss Federal Business Identification Number. Central Business names Index (zefix) Identification Number',
    null,
  ],
  ['0170', 'Teikoku Company Code', null],
  ['0171', 'Luxembourg CP & CPS (Certification Policy and Certification Practice Statement) Index', null],
  ['0172', 'Project Group “Lists of Properties” (PROLIST®)', null],
  ['0173', 'eCI@ss', null],
  ['0174', 'StepNexus', null],
  ['0175', 'Siemens AG', null],
  ['0176', 'Paradine GmbH', null],
  ['0177', 'Odette International Limited', null],
  ['0178', 'Route1 MobiNET', null],
  ['0179', 'Penango Object Identifiers', null],
  ['0180', 'Lithuanian military PKI', null],
  [
    '0183',
    "Numéro d'identification suisse des enterprises (IDE), Swiss Unique Business Identification Number (UIDB)",
    'CH',
  ],
  ['0184', 'DIGSTORG', 'DK'],
  ['0185', 'Perceval Object Code', null],
  ['0186', 'TrustPoint Object Identifiers', null],
  ['0187', 'Amazon Unique Identification Scheme', null],
  ['0188', 'Corporate Number of The Social Security and Tax Number System', 'JP'],
  ['0189', 'European Business Identifier (EBID)', null],
  ['0190', 'Organisatie Indentificatie Nummer (OIN)', 'NL'],
  ['0191', 'Company Code (Estonia)', 'EE'],
  ['0192', 'Organisasjonsnummer', 'NO'],
  ['0193', 'UBL.BE Party Identifier', 'BE'],
  ['0194', 'KOIOS Open Technical Dictionary', null],
  ['0195', 'Singapore Nationwide E-lnvoice Framework', 'SG'],
  ['0196', 'Icelandic identifier - Íslensk kennitala', 'IS'],
  ['0197', 'APPLiA Pl Standard', null],
  ['0198', 'ERSTORG', 'DK'],
  ['0199', 'Legal Entity Identifier (LEI)', null],
  ['0200', 'Legal entity code (Lithuania)', 'LT'],
  ['0201', 'Codice Univoco Unità Organizzativa iPA', 'IT'],
  ['0202', 'Indirizzo di Posta Elettronica Certificata', null],
  ['0203', 'eDelivery Network Participant identifier', null],
  ['0204', 'Leitweg-ID', 'DE'],
  ['0205', 'CODDEST', 'IT'],
  ['0206', 'Registre du Commerce et de l’Industrie : RCI', null],
  ['0207', 'PiLog Ontology Codification Identifier (POCI)', null],
  ['0208', "Numero d'entreprise / ondernemingsnummer / Unternehmensnummer", 'BE'],
  ['0209', 'GS1 identification keys', null],
  ['0210', 'CODICE FISCALE', 'IT'],
  ['0211', 'PARTITA IVA', 'IT'],
  ['0212', 'Finnish Organization Identifier', 'FI'],
  ['0213', 'Finnish Organization Value Add Tax Identifier', 'FI'],
  ['0214', 'Tradeplace TradePI Standard', null],
  ['0215', 'Net service ID', 'FI'],
  ['0216', 'OVTcode', 'FI'],
  ['0217', 'The Netherlands Chamber of Commerce and Industry establishment number', null],
  ['0218', 'Unified registration number (Latvia)', 'LV'],
  ['0219', 'Taxpayer registration code (Latvia)', null],
  ['0220', 'The Register of Natural Persons (Latvia)', null],
  ['0221', 'The registered number of the qualified invoice issuer', 'JP'],
  ['0222', 'Metadata Registry Support', null],
  ['0223', 'EU based company', null],
  ['0224', 'FTCTC CODE ROUTAGE', null],
  ['0225', 'FRCTC ELECTRONIC ADDRESS', 'FR'],
  ['0226', 'FRCTC Particulier', null],
  ['0227', 'NON - EU based company', null],
  ['0228', 'Répertoire des Entreprises et des Etablissements (RIDET)', null],
  ['0229', 'T.A.H.I.T.I (traitement automatique hiérarchisé des institutions de Tahiti et des îles)', null],
  ['0230', 'National e-Invoicing Framework', 'MY'],
  ['0231', 'Single taxable company (France)', null],
  ['0232', 'NOBB product number', null],
  ['0233', 'Elnummer', null],
  ['0234', 'Toimitusosoite ID', null],
  ['0235', 'UAE Tax Identification Number (TIN)', 'AE'],
  ['0236', 'ToimipaikkalD', null],
  ['0237', 'CPR (Danish person civil registration number)', null],
  ['0238', 'Plateforme.s agréée.s à la facturation électronique (PPF/PDP)', null],
  ['0239', 'EAEU', null],
  ['0240', 'Register of legal persons (in French : Répertoire des personnes morales)', 'LU'],
  ['0241', 'Hitachi Rail', null],
  ['0242', 'OpenPeppol Service Provider Identification Scheme (SPIS)', null],
  ['0243', 'Business Partner Number (Catena-X)', null],
  ['0244', 'Tax Identification (Tax ID), Nigeria', 'NG'],
  ['0245', 'Tax identification number (DIČ, Slovakia)', 'SK'],
  ['0246', 'German Electronic Business Address', 'DE'],
  ['0247', 'Name unknown', null],
  ['0248', 'Oman Value Added Tax Identification Number (VATIN)', 'OM'],
];

const PEPPOL_99XX: readonly SchemeRow[] = [
  ['9901', 'Danish Ministry of the Interior and Health', 'DK'],
  ['9902', 'The Danish Commerce and Companies Agency', 'DK'],
  ['9904', 'Danish Ministry of Taxation, Central Customs and Tax Administration', 'DK'],
  ['9905', 'Danish VANS providers', 'DK'],
  ['9906', 'Ufficio responsabile gestione partite IVA', 'IT'],
  ['9907', 'TAX Authority', 'IT'],
  ['9908', 'Enhetsregisteret ved Bronnoysundregisterne', 'NO'],
  ['9909', 'Norwegian VAT number', 'NO'],
  ['9910', 'Hungary VAT number', 'HU'],
  ['9912', 'National ministries of Economy', null],
  ['9913', 'Business Registers Network', null],
  ['9914', 'Österreichische Umsatzsteuer-Identifikationsnummer', 'AT'],
  ['9915', 'Österreichisches Verwaltungs bzw. Organisationskennzeichen', 'AT'],
  ['9916', 'Firmenidentifikationsnummer der Statistik Austria', 'AT'],
  ['9917', 'Icelandic National Registry', 'IS'],
  ['9918', 'SOCIETY FOR WORLDWIDE INTERBANK FINANCIAL, TELECOMMUNICATION S.W.I.F.T', null],
  ['9919', 'Kennziffer des Unternehmensregisters', 'AT'],
  ['9920', 'Agencia Española de Administración Tributaria', 'ES'],
  ['9921', 'Indice delle Pubbliche Amministrazioni', 'IT'],
  ['9922', 'Andorra VAT number', 'AD'],
  ['9923', 'Albania VAT number', 'AL'],
  ['9924', 'Bosnia and Herzegovina VAT number', 'BA'],
  ['9925', 'Belgium VAT number', 'BE'],
  ['9926', 'Bulgaria VAT number', 'BG'],
  ['9927', 'Switzerland VAT number', 'CH'],
  ['9928', 'Cyprus VAT number', 'CY'],
  ['9929', 'Czech Republic VAT number', 'CZ'],
  ['9930', 'Germany VAT number', 'DE'],
  ['9931', 'Estonia VAT number', 'EE'],
  ['9932', 'United Kingdom VAT number', 'GB'],
  ['9933', 'Greece VAT number', 'GR'],
  ['9934', 'Croatia VAT number', 'HR'],
  ['9935', 'Ireland VAT number', 'IE'],
  ['9936', 'Liechtenstein VAT number', 'LI'],
  ['9937', 'Lithuania VAT number', 'LT'],
  ['9938', 'Luxemburg VAT number', 'LU'],
  ['9939', 'Latvia VAT number', 'LV'],
  ['9940', 'Monaco VAT number', 'MC'],
  ['9941', 'Montenegro VAT number', 'ME'],
  ['9942', 'Macedonia, the former Yugoslav Republic of VAT number', 'MK'],
  ['9943', 'Malta VAT number', 'MT'],
  ['9944', 'Netherlands VAT number', 'NL'],
  ['9945', 'Poland VAT number', 'PL'],
  ['9946', 'Portugal VAT number', 'PT'],
  ['9947', 'Romania VAT number', 'RO'],
  ['9948', 'Serbia VAT number', 'RS'],
  ['9949', 'Slovenia VAT number', 'SI'],
  ['9950', 'Slovakia VAT number', 'SK'],
  ['9951', 'San Marino VAT number', 'SM'],
  ['9952', 'Turkey VAT number', 'TR'],
  ['9953', 'Holy See (Vatican City State) VAT number', 'VA'],
  ['9954', "Dutch Originator's Identification Number", 'NL'],
  ['9955', 'Swedish VAT number', 'SE'],
  ['9956', 'Belgian Crossroad Bank of Enterprise number', 'BE'],
  ['9957', 'French VAT number', 'FR'],
  ['9958', 'Peppol-Leitweg-ID', 'DE'],
  ['9959', 'US Employer ID Number', 'US'],
];

const POLISH_REGISTERS: readonly SchemeRow[] = [
  ['8036', 'REGON (Polish statistical business register number)', 'PL'],
  ['8037', 'KRS (Polish National Court Register number)', 'PL'],
  ['8038', 'BDO (Polish waste register number)', 'PL'],
];

/**
 * The identifier schemes fiscalkit knows (ISO 6523 ICD, Peppol 99xx and the service's Polish 80xx
 * codes; sources above), sorted by code.
 */
export const SCHEMES: readonly SchemeEntry[] = [...ICD, ...POLISH_REGISTERS, ...PEPPOL_99XX]
  .map(([code, name, country]) => ({ code, name, country }))
  .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

/**
 * Schemes in {@link SCHEMES} that the Peppol participant identifier scheme list v9.7 marks deprecated
 * or removed, with its state and the replacement it names. They stay in the catalogue (old data
 * carries them, and the ICDs among them are still valid ISO 6523 codes); rules may warn on them.
 */
export const DEPRECATED_SCHEMES: ReadonlyMap<string, string> = new Map([
  ['0037', 'Peppol: removed 2024-12-31 (deprecated in code list 8.9)'],
  ['0193', 'Peppol: deprecated in code list 9.6, removal 2026-07-07; use 0208'],
  ['0212', 'Peppol: removed 2024-12-31 (deprecated in code list 8.9)'],
  ['0213', 'Peppol: removed 2024-12-31 (deprecated in code list 8.9)'],
  ['0215', 'Peppol: removed 2024-12-31 (deprecated in code list 8.9)'],
  ['9901', 'Peppol: removed 2023-11-30 (deprecated in code list 8.6)'],
  ['9902', 'Peppol: removed 2023-11-30 (deprecated in code list 8.6)'],
  ['9904', 'Peppol: removed 2023-11-30 (deprecated in code list 8.6)'],
  ['9905', 'Peppol: removed 2023-11-30 (deprecated in code list 8.6)'],
  ['9906', 'Peppol: removed 2023-05-24 (deprecated in code list 8.1); use 0211'],
  ['9907', 'Peppol: removed 2023-05-24 (deprecated in code list 8.1); use 0210'],
  ['9908', 'Peppol: removed 2023-05-24 (deprecated in code list 8.3); use 0192'],
  ['9909', 'Peppol: deprecated in code list 1.1.0'],
  ['9912', 'Peppol: deprecated in code list 1.1.0'],
  ['9916', 'Peppol: deprecated in code list 1.0.2'],
  ['9917', 'Peppol: deprecated in code list 4; use 0196'],
  ['9921', 'Peppol: removed 2023-11-30 (deprecated in code list 6); use 0201'],
  ['9954', 'Peppol: removed 2026-03-31 (deprecated in code list 2); use 0190'],
  ['9955', 'Peppol: removed 2023-07-31 (deprecated in code list 8.4)'],
  ['9956', 'Peppol: removed 2023-12-31 (deprecated in code list 7.4); use 0208'],
  ['9958', 'Peppol: removed 2023-07-31 (deprecated in code list 6); use 0204'],
]);

const CODES: ReadonlySet<string> = new Set(SCHEMES.map(({ code }) => code));

/**
 * Whether `code` is a known identifier scheme, in the padded 4-character form the service uses
 * (pad with `schemeCode` first: `'7'` is not a code, `'0007'` is).
 *
 * @example
 * ```ts
 * isSchemeCode('9920'); // true: Spanish NIF (AEAT)
 * isSchemeCode('0088'); // true: GLN
 * isSchemeCode('88'); // false: not padded
 * isSchemeCode('0001'); // false: not an assigned ICD
 * ```
 */
export function isSchemeCode(code: string): boolean {
  return CODES.has(code);
}
