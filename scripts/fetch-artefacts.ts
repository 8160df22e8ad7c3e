/**
 * `npm run artefacts:fetch -- <dir>` (issue #21 "Where the artefacts come from"): downloads the official
 * releases of the e-invoice rule sets and schemas into `<dir>`, laid out as `src/einvoice/ruleSets.ts`
 * reads them (the layout of `../shared/en16931`), then `FISCALKIT_ARTEFACTS=<dir> npm start`. fiscalkit
 * never ships these files (EN 16931's are EUPL; Peppol's have no licence that allows redistribution):
 * each host fetches its own copy from the publishers.
 *
 * | what | from | pinned |
 * |---|---|---|
 * | EN 16931 1.3.16 schematron (UBL, CII, preprocessed) and the CII D16B XSD (uncoupled code lists) | github.com/ConnectingEurope/eInvoicing-EN16931 | commit b6c9e06a (tag validation-1.3.16), SHA-256 of each file |
 * | Peppol BIS Billing 3.0.19 schematron | github.com/OpenPEPPOL/peppol-bis-invoice-3 | commit 78d7f7df (tag v3.0.19), SHA-256 of each file |
 * | XRechnung 3.0.2 schematron, merged with the Peppol rules it whitelists | KoSIT's release zip xrechnung-3.0.2-schematron-2.5.0.zip (github.com/itplr-kosit/xrechnung-schematron releases) | release v2.5.0 — its SHA-256 is not recorded (see below) |
 * | UBL 2.1 XSD (Invoice, CreditNote and common/) | docs.oasis-open.org/ubl/os-UBL-2.1/xsdrt/ | SHA-256 of each file |
 * | the licences (EUPL-1.2, Apache-2.0) | the same repositories | SHA-256 |
 *
 * Every SHA-256 and size recorded here was checked against the files at those commits (and against
 * `../shared/en16931`, `test/scripts/fetchArtefacts.test.ts`). A file whose bytes differ is refused and
 * nothing is written for it; a file already in `<dir>` with the right digest is kept. The XRechnung
 * zip could not be downloaded where this script was written (no route to GitHub release assets), so
 * its digest is not pinned: the script prints the digest of what it downloaded, for the host to
 * record. The zip is used because KoSIT's build merges the Peppol rules into the XRechnung schematron
 * (`src/xsl/peppol-into-xr.xsl`, an XSLT 2 step) before it publishes it; fiscalkit has no XSLT
 * processor. Fallback when the release cannot be had: build it from the tagged sources with KoSIT's
 * own build (`ant merge-peppol-xr-rules` in a clone of xrechnung-schematron at v2.5.0, Java and Ant
 * needed) and give the folder it writes (`build/schematron`) with `--xrechnung-dir <dir>`.
 *
 * Options: `--base-url <url>` fetches `<url>/<host>/<path>` instead of `https://<host>/<path>` (a
 * mirror, or a test server); `--xrechnung-zip <file>` reads the XRechnung release zip from a file;
 * `--xrechnung-dir <dir>` copies the merged XRechnung schematron from a KoSIT build folder.
 *
 * Not fetched here: the Facturae and FatturaPA XSDs (the repository's `artefacts/xsd/`, see
 * `artefacts/SOURCES.md`).
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { isMain } from './generated.js';

/** One file to download: where from, where to, and its pinned digest and size. */
export interface ArtefactFile {
  readonly url: string;
  /** The path in the artefact directory (`/`-separated). */
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
}

/** A zip to download and the files to take out of it (matched by the end of their path in the zip). */
export interface ArtefactZip {
  readonly url: string;
  /** The zip's SHA-256, or null when it is not pinned (then printed, for the host to record). */
  readonly sha256: string | null;
  readonly entries: readonly { readonly suffix: string; readonly path: string }[];
}

/** One release: a name for messages, its files and its zips. */
export interface ArtefactRelease {
  readonly name: string;
  readonly files: readonly ArtefactFile[];
  readonly zips: readonly ArtefactZip[];
}

const EN16931_COMMIT = 'b6c9e06a59812fb1a83585da40923b3678a649ad';
const PEPPOL_COMMIT = '78d7f7dfa223f39f8ebd8d35c127f2690e646322';
const XRECHNUNG_COMMIT = 'c4eb3dae54d65d60875a85c392122b5721a1108d';
const EN16931_RAW = `https://raw.githubusercontent.com/ConnectingEurope/eInvoicing-EN16931/${EN16931_COMMIT}`;
const CII_XSD_FOLDER = 'cii/schema/D16B SCRDM (Subset)/uncoupled clm';

/** A URL path with each segment encoded (the CII folder has spaces). */
function encodedPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** The CII D16B XSD files (relative to `xsd/cii-d16b/`), their SHA-256 and size. */
const CII_XSD: readonly (readonly [string, string, number])[] = [
  [
    'CII/uncefact/codelist/standard/EDIFICAS-EU_AccountingAccountType_D11A.xsd',
    'b361d255f47705f6b9f561fc907428858e14653473fc9e75b0f75b2b9e8e48b5',
    2224,
  ],
  [
    'CII/uncefact/codelist/standard/EDIFICAS-EU_AccountingAmountType_D11A.xsd',
    '92d067ba81b986972258e468ffbe7b22d2a1e4e6199d7f537e179204ff7bdbc5',
    2068,
  ],
  [
    'CII/uncefact/codelist/standard/ISO_ISO3AlphaCurrencyCode_2012-08-31.xsd',
    'aa9cbc3e4ba0def75255b66a260fc442fccea054d308e8fbb8ca70ae715e21e2',
    7920,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_ActionCode_D16A.xsd',
    '5cd5abcba783a09d9d019ad2a1c81e3d528029b867ed399c50ed89a59a30ccb1',
    5740,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_AdjustmentReasonDescriptionCode_D16A.xsd',
    '166049478c09d64c5acaf93ffa47d72b13b4b815af712da4c794f7f3c7368224',
    5468,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_AllowanceChargeIdentificationCode_D16A.xsd',
    '636fe3edafd159d5fe70249b2766140104977509b82e76c04128327e32752ddb',
    5337,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_AllowanceChargeReasonCode_D16A.xsd',
    'c2c444eb7ecd086f86bfb457d429b7e425544f2375845ca32113557eb6a01451',
    5354,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_AutomaticDataCaptureMethodCode_D16A.xsd',
    'b1dc8d783f4fda8bb41293282ad2bfec9a19cdcaa5ea4c44883cd60bf5245639',
    2242,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_CargoOperationalCategoryCode_D16A.xsd',
    'cab6e7d4366175005fb6b4b917f532b59661dd85bc98818d5b9036daa450d69e',
    2660,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_CargoTypeCode_1996Rev2Final.xsd',
    'aaa666b36e590fa105110a34ddb0099640afa17027fdab04605cb05dab3f168c',
    2155,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_CommodityIdentificationCode_D16A.xsd',
    '482155316eefbbf1cd772ec46b81a74c1486df4eb3738d1962b3f1c701efff35',
    1907,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_CommunicationMeansTypeCode_D16A.xsd',
    'eb44f72bd9ba8772df1a7868ef2d102efab06e9ef2004bf59588e5ec761b4b50',
    3445,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_ContactFunctionCode_D16A.xsd',
    'd384d467bc16428141498b6016b53a085a45efdb4fcdccec0df47ad6a407be55',
    5198,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_DeliveryTermsCode_2010.xsd',
    '408859328850274ea72ce70540d511285b6dc6e2c26f9a8ebea07b72ea03ac15',
    2281,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_DimensionTypeCode_D16A.xsd',
    '076690b1f51a15bb8f29420469d3d6bb2935d72c0aa865cf7734911be8552de1',
    2593,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_DocumentNameCode_Accounting_D16A.xsd',
    '6c6bd43fee17dd35ffc2115fcd72925c98ee00affcc9d261008843247f70206e',
    2698,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_DocumentNameCode_D16A.xsd',
    '213ed454ccdd6386cd371ecacf913d7eddfccf8819cd51ebbeab93389078f676',
    26450,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_DocumentStatusCode_D16A.xsd',
    'f253eeabc2120310a90d99058235b2f0817e052b3696fb25268562eac94a1fd0',
    3124,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_DutyTaxFeeTypeCode_D16A.xsd',
    'b2bd6b78faa666b0b2e75e82cb2360117b3dd2a8e30080ecd827f9b9ef1ff3e5',
    3682,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_DutyorTaxorFeeCategoryCode_D16A.xsd',
    '9c067673378bb8b557e58d499b3a6b41ad482431a3c23550aed4837816d7fa39',
    2547,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_EquipmentSizeTypeDescriptionCode_D16A.xsd',
    '7936b66984df69229f9ded17ac286bd54e55731002bda0cbd622c227444aa312',
    3203,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_EventTimeReferenceCodePaymentTermsEvent_D16A.xsd',
    '739bfda0ef8376956c49b842a7bed0a2d9f44757fc5dc2afc31a4619b0146cd9',
    2090,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_EventTimeReferenceCode_D16A.xsd',
    '2bd1aafb7ff7dd001f46c6ff254c00a6ad7c1db305fcda7ffbd5daece286b6e8',
    3995,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_FreightChargeQuantityUnitBasisCode_D16A.xsd',
    'bc73d4f16067d57c50b16e2a93839359e3f43de54fb1973425f60454a675996f',
    1932,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_FreightChargeTariffCode_D16A.xsd',
    'aef84f453a450528e9084573858ce2eb71f7b2e20533ed94f059ae313dd17269',
    2245,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_GoodsTypeCode_D16A.xsd',
    '1faa4d576617fb8cc81b6dbf86242c506ad5b4cea4ecd14440dd13d0c8596dea',
    1869,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_GoodsTypeExtensionCode_D16A.xsd',
    '1b464672338ae2a7b717877cbe29b6954c5f6be8c507868a61d7edfa5899bec0',
    1896,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_MeasurementUnitCommonCodeLinear_4.xsd',
    'd4e48ab51445ae0270bcbb7ebb757eead18e653b3f36534a91befa7f9e958fe6',
    2093,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_MeasurementUnitCommonCodeVolume_4.xsd',
    '96b42244d774bbbd628ef137b775ba93d0becd2c5463de7e4eaad3ca39db1230',
    2093,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_MeasurementUnitCommonCodeWeight_4.xsd',
    'a1e85e992e9d071bd01785f696704d5c3f9110cc20f3665410663cdaade5fced',
    2025,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_MessageFunctionCode_D16A.xsd',
    '884e2de87556d44eaaba5a6610999166835ceb17a95ffa8ee0513ea3537270a4',
    4140,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_PackageTypeCode_2006.xsd',
    '24b52c6daa4e25c8daa497de0c2ae455b2d009108c56d937810ebc88e1033a96',
    14278,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_PackagingMarkingCode_D16A.xsd',
    '23264a849c7d1c10fd49c4225c8515227ca84111dbbc8ee1604847eb8709ddc4',
    3579,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_PartyRoleCode_ChargePaying_D16A.xsd',
    '9b0fdc65dc42b6321946f73928738d37270f09f8336aeaee45ccbab19ee97c2f',
    2576,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_PartyRoleCode_D16A.xsd',
    '6964994cbddcf4bd958d53989b3e6c58f4deb85557631931053064c812fe1505',
    21946,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_PaymentGuaranteeMeansCode_D16A.xsd',
    '410d9664834c4386339cda07490fb3193e407ffff8f98de33588568300ff1761',
    2263,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_PaymentMeansChannelCode_D16A.xsd',
    '32096394aa869a6822bb00387cd8aa681544edc42f3048becf831446d59a9020',
    2381,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_PaymentMeansCode_D16A.xsd',
    '6c3b02f1b0900f405fbe3cba8de0513c3a7f92f84581eaab47d722e3813c1ad0',
    4538,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_PaymentTermsTypeCode_D16A.xsd',
    'f53f9b980eaa3adf742a31d3af2f2a0439858c01234fff29f2293ee2bc25aef9',
    4451,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_PriceTypeCode_D16A.xsd',
    '9753c0e3350b214046905a959604cf32d81f48f6eb1a0a582b80f020ed276ac4',
    2788,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_ReferenceTypeCode_D16A.xsd',
    'd23f6d424f0b050ea686ca887b525914b2e4a31a4c62a5949693c636d9b5b2cc',
    29382,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_TimePointFormatCode_D16A.xsd',
    '43e8c9bf574bffe72f2c282339a04b49704a7d675dcca4b1d946e98f0b896cfd',
    2054,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_TransportEquipmentCategoryCode_D16A.xsd',
    'b05e90441f1fb5205347ae3e0be34207ce9686ec1cf15fe7108c48e2a0767ad4',
    4329,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_TransportEquipmentFullnessCode_D16A.xsd',
    '7ceaf04b36e285942de0624923492944d8a7e7766694efc7bc6e48df5bfb2abb',
    2302,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_TransportMeansTypeCode_2007.xsd',
    '74840fc911e38efccd73ded1271b1a722d3dec2bf31d2670ec499bc3751d9ec7',
    11400,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_TransportModeCode_2.xsd',
    '73784d1e62b6cac27ae668541c0eacbf2e20daf5dba7f0d3ad0957a80642e100',
    2169,
  ],
  [
    'CII/uncefact/codelist/standard/UNECE_TransportMovementStageCode_D16A.xsd',
    '745e2e548ade9c3a456c31ee8f664befa1fbe89cf9cfbd7002e7e8156fcab565',
    2854,
  ],
  [
    'CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd',
    'b9798aafcba039d0630f0015ffae5092a1758bf924d19d97b6bf0bf9d95f22a0',
    3050,
  ],
  [
    'CII/uncefact/data/standard/CrossIndustryInvoice_QualifiedDataType_100pD16B.xsd',
    'a39e0662c31fbdca22237118d6b6bbfa16f69efbd1ee5b23787366349c5b924d',
    36024,
  ],
  [
    'CII/uncefact/data/standard/CrossIndustryInvoice_ReusableAggregateBusinessInformationEntity_100pD16B.xsd',
    'cc682d67791ffe16c45320619ff089a1c8f3ad22691fc426e4056f2e67909fe0',
    98061,
  ],
  [
    'CII/uncefact/data/standard/CrossIndustryInvoice_UnqualifiedDataType_100pD16B.xsd',
    '5d4ce8a6445caa4b7691f6fba6ad08e312e6a853cd3a422666d121ee2d13ef8c',
    6807,
  ],
  [
    'CII/uncefact/identifierlist/standard/ISO_ISOTwo-letterCountryCode_SecondEdition2006.xsd',
    '9260e5b7abd9a419938ed3eb1c5c63382e93c7f3b6a863b090e81840a2dddd6c',
    10120,
  ],
  [
    'CII/uncefact/identifierlist/standard/UNECE_FreightCostCode_4.xsd',
    '30778d3ed87f425c524de0ffd270e334f7209fc3d9d146c70b2e465f42fe3031',
    62572,
  ],
  [
    'CII/uncefact/identifierlist/standard/UNECE_PaymentTermsDescriptionIdentifier_D16A.xsd',
    '8c5500644c0ece33aee4853175bc7ad33a375d7a0783d65e44aefa12914997c5',
    2127,
  ],
];

/** The UBL 2.1 "xsdrt" files (relative to `xsd/ubl-2.1/`), their SHA-256 and size. */
const UBL_XSD: readonly (readonly [string, string, number])[] = [
  [
    'common/CCTS_CCT_SchemaModule-2.1.xsd',
    'dd546e4809df86b6445589f69f0d6c9df162840ae386574ddfc1da7638103e15',
    45268,
  ],
  [
    'common/UBL-CommonAggregateComponents-2.1.xsd',
    '580b5af6f68f7f556bd15945ba0e819cbf561442c81694f9b9468036ebedec4d',
    256745,
  ],
  [
    'common/UBL-CommonBasicComponents-2.1.xsd',
    'a3b349bf92e5cff26e303d2f05b7e00c884dcafcfd9e12755fb80289abf5e22e',
    219704,
  ],
  [
    'common/UBL-CommonExtensionComponents-2.1.xsd',
    'ad7a4e490978adfbcfc5ec0bb20941cf11ac960ccf0c4de8791a7c731a8dbe87',
    9491,
  ],
  [
    'common/UBL-CommonSignatureComponents-2.1.xsd',
    '4fa9e2370100040fe14c43e135ef77e2eb66b21cb8dbfc2ffb8d82ae991fe92e',
    3824,
  ],
  [
    'common/UBL-CoreComponentParameters-2.1.xsd',
    '8be3379dbdcbcc7802fafdd16bac72c48fff1c0bb364213a31a17911dd06100b',
    3173,
  ],
  [
    'common/UBL-ExtensionContentDataType-2.1.xsd',
    'fcee77a11870208e6377ea6311b9f2a050bca24bdad8606ea02d71e9f9e72f8d',
    4314,
  ],
  [
    'common/UBL-QualifiedDataTypes-2.1.xsd',
    '7dcb156e610239c97ae70940cf4653b88e48c3595bf5f56a2204a32e2893e6cf',
    3590,
  ],
  [
    'common/UBL-SignatureAggregateComponents-2.1.xsd',
    '9234c2ca48dbfa9a22a786112bb075c5922a305170920eaab1e3c04fa0b7344b',
    5059,
  ],
  [
    'common/UBL-SignatureBasicComponents-2.1.xsd',
    '0fbe2d7afff0c1e11164b8ec83e13f18801021c3c87e390a9d76f9cf862f6a64',
    4016,
  ],
  [
    'common/UBL-UnqualifiedDataTypes-2.1.xsd',
    '09052d406b4293e2a5f9c2bfee6df10ad4d8d5f0b36e24a6349d7f7936d89eb6',
    27300,
  ],
  ['common/UBL-XAdESv132-2.1.xsd', 'a4f726bcf8cc3f7d9ffa4dab99e005535a8e8b60dced1e5d94578d2e05afa96e', 21664],
  ['common/UBL-XAdESv141-2.1.xsd', '1fa4625e9cefcb7a9abb5ac1b64315547450031eece8a55bd584e4ba4b79dbc1', 1316],
  [
    'common/UBL-xmldsig-core-schema-2.1.xsd',
    '101909c9f06456d61ddcc4fb982f1d40dc357b439f393b1a2eb46e42acd60809',
    10750,
  ],
  [
    'maindoc/UBL-CreditNote-2.1.xsd',
    '1e117b6c1ab713604b29b0d685442a81a0c78a82575445ee8c43e6050cda7454',
    8738,
  ],
  ['maindoc/UBL-Invoice-2.1.xsd', '3a5aacd823f0e5b8f25ae7b5191c2002d5333ba351d87de9371ed62dca2b2b0c', 8948],
];

/**
 * The releases `npm run artefacts:fetch` downloads, in the layout of `src/einvoice/ruleSets.ts`.
 *
 * @example
 * ```ts
 * RELEASES.map((release) => release.name); // ['EN 16931 1.3.16 (CEN/TC 434)', 'Peppol BIS Billing 3.0.19', …]
 * ```
 */
export const RELEASES: readonly ArtefactRelease[] = [
  {
    name: 'EN 16931 1.3.16 (CEN/TC 434)',
    files: [
      {
        url: `${EN16931_RAW}/ubl/schematron/preprocessed/EN16931-UBL-validation-preprocessed.sch`,
        path: 'schematron/en16931/ubl/preprocessed/EN16931-UBL-validation-preprocessed.sch',
        sha256: '268d4f7a2688676695e6c69cba6fba69a6802604fee12cb544a6b30ff09555a3',
        bytes: 309768,
      },
      {
        url: `${EN16931_RAW}/cii/schematron/preprocessed/EN16931-CII-validation-preprocessed.sch`,
        path: 'schematron/en16931/cii/preprocessed/EN16931-CII-validation-preprocessed.sch',
        sha256: '54e0dc6d06cd7f17d268bb9696ff56f58d386ee28961c9bbef0a56718c400c89',
        bytes: 240038,
      },
      {
        url: `${EN16931_RAW}/LICENSE.txt`,
        path: 'LICENSES/EUPL-1.2--eInvoicing-EN16931.txt',
        sha256: 'fc22ec1dcd8bee4636a395fb332e2308cde870fb3fdc71a2e260b919877cdef5',
        bytes: 13871,
      },
      ...CII_XSD.map(([path, sha256, bytes]) => ({
        url: `${EN16931_RAW}/${encodedPath(`${CII_XSD_FOLDER}/${path}`)}`,
        path: `xsd/cii-d16b/${path}`,
        sha256,
        bytes,
      })),
    ],
    zips: [],
  },
  {
    name: 'Peppol BIS Billing 3.0.19',
    files: ['UBL', 'CII'].map((syntax, index) => ({
      url: `https://raw.githubusercontent.com/OpenPEPPOL/peppol-bis-invoice-3/${PEPPOL_COMMIT}/rules/sch/PEPPOL-EN16931-${syntax}.sch`,
      path: `schematron/peppol/PEPPOL-EN16931-${syntax}.sch`,
      sha256: [
        '2840f5158f7bbdbf3b3f5d2ea391b9ac9e649e1fdbba8502bd8c15ec52924f23',
        '78dcef8d4a2d502e16affbb342f319aaea985da5b1154d529c8627fb628e7a89',
      ][index] as string,
      bytes: [88078, 57107][index] as number,
    })),
    zips: [],
  },
  {
    name: 'XRechnung 3.0.2 (KoSIT xrechnung-schematron 2.5.0)',
    files: [
      {
        url: `https://raw.githubusercontent.com/itplr-kosit/xrechnung-schematron/${XRECHNUNG_COMMIT}/LICENSE`,
        path: 'LICENSES/Apache-2.0--xrechnung-schematron.txt',
        sha256: '57e93bb611b8aeb93ff0f23b271a23291217b0016f6e66297dfd5e9467538a5f',
        bytes: 12850,
      },
    ],
    zips: [
      {
        url: 'https://github.com/itplr-kosit/xrechnung-schematron/releases/download/v2.5.0/xrechnung-3.0.2-schematron-2.5.0.zip',
        sha256: null,
        entries: [
          { suffix: 'schematron/common.sch', path: 'schematron/xrechnung/merged/common.sch' },
          {
            suffix: 'schematron/ubl/XRechnung-UBL-validation.sch',
            path: 'schematron/xrechnung/merged/ubl/XRechnung-UBL-validation.sch',
          },
          {
            suffix: 'schematron/cii/XRechnung-CII-validation.sch',
            path: 'schematron/xrechnung/merged/cii/XRechnung-CII-validation.sch',
          },
        ],
      },
    ],
  },
  {
    name: 'UBL 2.1 (OASIS)',
    files: UBL_XSD.map(([path, sha256, bytes]) => ({
      url: `https://docs.oasis-open.org/ubl/os-UBL-2.1/xsdrt/${path}`,
      path: `xsd/ubl-2.1/${path}`,
      sha256,
      bytes,
    })),
    zips: [],
  },
];

/** Options of {@link fetchArtefacts}. */
export interface FetchArtefactsOptions {
  /** The artefact directory to fill (made when missing). */
  dir: string;
  /** Fetch `<baseUrl>/<host>/<path>` instead of `https://<host>/<path>` (a mirror, a test server). */
  baseUrl?: string | undefined;
  /** The releases; default {@link RELEASES}. */
  releases?: readonly ArtefactRelease[];
  /** The XRechnung release zip as a local file, instead of downloading it. */
  xrechnungZip?: string | undefined;
  /** The merged XRechnung schematron from a KoSIT build folder (`build/schematron`), instead of the zip. */
  xrechnungDir?: string | undefined;
  /** Where progress goes; default `console.log`. */
  log?: (line: string) => void;
}

/** What {@link fetchArtefacts} did. */
export interface FetchArtefactsResult {
  /** The paths written (relative to `dir`). */
  written: string[];
  /** The paths already there with the right digest. */
  kept: string[];
  /** Downloads whose digest is not pinned, with the digest they had. */
  unpinned: { url: string; sha256: string }[];
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The URL to request: `url` itself, or moved under `baseUrl` as `<baseUrl>/<host>/<path>`. */
function requestUrl(url: string, baseUrl: string | undefined): string {
  if (baseUrl === undefined) return url;
  const parsed = new URL(url);
  return `${baseUrl.replace(/\/+$/, '')}/${parsed.host}${parsed.pathname}`;
}

async function download(url: string, baseUrl: string | undefined): Promise<Uint8Array> {
  const target = requestUrl(url, baseUrl);
  const response = await fetch(target, { redirect: 'follow' });
  if (!response.ok) throw new Error(`${target} answered ${String(response.status)} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Writes `bytes` at `path` under `dir`, through a temporary file (never a half-written artefact). */
function write(dir: string, path: string, bytes: Uint8Array): void {
  const file = join(dir, ...path.split('/'));
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
}

/** The digest of the file already at `path`, or null. */
function present(dir: string, path: string): string | null {
  const file = join(dir, ...path.split('/'));
  try {
    if (!statSync(file).isFile()) return null;
  } catch {
    return null;
  }
  return sha256(readFileSync(file));
}

/**
 * Downloads every release into `options.dir`, checking each file's size and SHA-256 before it is
 * written; throws on the first file that does not match (naming it, with both digests), or that
 * cannot be downloaded. Files already present with the pinned digest are kept, so a second run
 * downloads nothing of them.
 *
 * @example
 * ```ts
 * await fetchArtefacts({ dir: '/srv/fiscalkit/artefacts' });
 * // then: FISCALKIT_ARTEFACTS=/srv/fiscalkit/artefacts npm start
 * ```
 */
export async function fetchArtefacts(options: FetchArtefactsOptions): Promise<FetchArtefactsResult> {
  const dir = resolve(options.dir);
  const log = options.log ?? ((line: string) => console.log(line));
  const result: FetchArtefactsResult = { written: [], kept: [], unpinned: [] };
  for (const release of options.releases ?? RELEASES) {
    log(`${release.name}:`);
    for (const file of release.files) {
      if (present(dir, file.path) === file.sha256) {
        result.kept.push(file.path);
        continue;
      }
      const bytes = await download(file.url, options.baseUrl);
      const digest = sha256(bytes);
      if (bytes.byteLength !== file.bytes || digest !== file.sha256)
        throw new Error(
          `${file.url}: expected ${String(file.bytes)} bytes with SHA-256 ${file.sha256}, got ${String(bytes.byteLength)} bytes with SHA-256 ${digest}; nothing written for ${file.path}`,
        );
      write(dir, file.path, bytes);
      result.written.push(file.path);
    }
    for (const zip of release.zips) {
      const isXRechnung = zip.url.includes('xrechnung');
      if (isXRechnung && options.xrechnungDir !== undefined) {
        for (const entry of zip.entries) {
          const source = join(
            resolve(options.xrechnungDir),
            ...entry.suffix.replace(/^schematron\//, '').split('/'),
          );
          write(dir, entry.path, readFileSync(source));
          result.written.push(entry.path);
        }
        continue;
      }
      const bytes =
        isXRechnung && options.xrechnungZip !== undefined
          ? new Uint8Array(readFileSync(options.xrechnungZip))
          : await download(zip.url, options.baseUrl);
      const digest = sha256(bytes);
      if (zip.sha256 === null) {
        result.unpinned.push({ url: zip.url, sha256: digest });
        log(
          `  ${zip.url}: SHA-256 ${digest} (not pinned by fiscalkit: compare it with the publisher's, and record it)`,
        );
      } else if (digest !== zip.sha256)
        throw new Error(`${zip.url}: expected SHA-256 ${zip.sha256}, got ${digest}; nothing written from it`);
      const files = unzipSync(bytes, {
        filter: (entry) => zip.entries.some((wanted) => entry.name.endsWith(wanted.suffix)),
      });
      for (const entry of zip.entries) {
        const names = Object.keys(files).filter(
          (name) => name === entry.suffix || name.endsWith(`/${entry.suffix}`),
        );
        if (names.length !== 1)
          throw new Error(
            `${zip.url}: expected one ${entry.suffix} in the zip, found ${String(names.length)}; nothing written for ${entry.path}`,
          );
        write(dir, entry.path, files[names[0] as string] as Uint8Array);
        result.written.push(entry.path);
      }
    }
  }
  log(
    `${String(result.written.length)} file(s) written, ${String(result.kept.length)} already there, in ${dir}: ` +
      `start the server with FISCALKIT_ARTEFACTS=${dir}`,
  );
  return result;
}

/** The command line: `<dir> [--base-url URL] [--xrechnung-zip FILE] [--xrechnung-dir DIR]`. */
function parseArguments(argv: readonly string[]): FetchArtefactsOptions {
  const options: { dir?: string; baseUrl?: string; xrechnungZip?: string; xrechnungDir?: string } = {};
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] as string;
    const value = () => {
      const next = argv[index + 1];
      if (next === undefined) throw new Error(`${argument} needs a value`);
      index += 1;
      return next;
    };
    if (argument === '--base-url') options.baseUrl = value();
    else if (argument === '--xrechnung-zip') options.xrechnungZip = value();
    else if (argument === '--xrechnung-dir') options.xrechnungDir = value();
    else if (argument.startsWith('--')) throw new Error(`unknown option ${argument}`);
    else if (options.dir === undefined) options.dir = argument;
    else throw new Error(`one directory, please (${options.dir}, ${argument})`);
  }
  if (options.dir === undefined)
    throw new Error(
      'usage: npm run artefacts:fetch -- <dir> [--base-url URL] [--xrechnung-zip FILE] [--xrechnung-dir DIR]',
    );
  return { ...options, dir: options.dir };
}

if (isMain(import.meta.url)) {
  try {
    await fetchArtefacts(parseArguments(process.argv.slice(2)));
  } catch (error) {
    console.error(`artefacts:fetch: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
