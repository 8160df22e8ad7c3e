/**
 * AEAT's SII web services as their WSDLs publish them: which service (path) takes which message, the
 * `soapAction` of its operation and the element it answers, as one data table.
 *
 * Source: the AEAT WSDLs of SII 1.1 (the "ssii_1_1_bis" generation), as carried by `gisce/sii` in
 * `sii/data/wsdl/` at commit `146e89aab077964a0b97de8873ab07949cc8104a` (files last changed 2022-11-23,
 * the same generation as `shared/xsd/sii/`, SOURCES.md §1). AEAT publishes them beside the schemas, at
 * `https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii_1_1_bis/fact/ws/`.
 * Every WSDL has one `wsdl:service name="siiService"` with four `wsdl:port`s of one binding
 * (`siiBinding`, `soap:binding style="document"`, `transport="http://schemas.xmlsoap.org/soap/http"`,
 * every `soap:body use="literal"`): `<Port>` on `www1.agenciatributaria.gob.es` (production),
 * `<Port>Sello` on `www10.agenciatributaria.gob.es` (production, seal certificates), `<Port>Pruebas` on
 * `prewww1.aeat.es` (test) and `<Port>PruebasSello` on `prewww10.aeat.es` (test, seal certificates), all
 * at the same path. Every operation of every WSDL declares `soap:operation soapAction=""`: the
 * operation is told by the Body's element alone (document/literal), and SOAP 1.1 §6.1.1 has the empty
 * string sent as the quoted header value `SOAPAction: ""`.
 *
 * The `Consulta…` operations (queries) are in the same WSDLs; fiscalkit does not send them, so they
 * are not listed.
 *
 * @module
 */

/** The four hosts of every SII service (the `soap:address` of the WSDLs' four ports). */
export type SiiEnvironment = 'production' | 'production-seal' | 'test' | 'test-seal';

/**
 * The origin of each {@link SiiEnvironment}: the `soap:address location` of the WSDL ports without
 * their path (sii.md §1). `-seal` hosts are for seal certificates (certificados de sello), the others
 * for personal and representative certificates.
 *
 * @example
 * ```ts
 * SII_ENVIRONMENT_ORIGINS.test; // 'https://prewww1.aeat.es'
 * ```
 */
export const SII_ENVIRONMENT_ORIGINS: Readonly<Record<SiiEnvironment, string>> = {
  production: 'https://www1.agenciatributaria.gob.es',
  'production-seal': 'https://www10.agenciatributaria.gob.es',
  test: 'https://prewww1.aeat.es',
  'test-seal': 'https://prewww10.aeat.es',
};

/** One operation of an SII service: what it takes, where it is, how it is called and what it answers. */
export interface SiiOperation {
  /** The WSDL file that declares it. */
  wsdl: string;
  /** The `wsdl:port` name of the production port (the others add `Sello`, `Pruebas`, `PruebasSello`). */
  port: string;
  /** The `wsdl:operation` name. */
  operation: string;
  /** The path of the `soap:address` of every port of the WSDL. */
  path: string;
  /** The `soap:operation soapAction` (empty in every SII WSDL). */
  soap_action: string;
  /** The local name of the `siiR:` element of the operation's output message. */
  response: string;
}

const FE = '/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP';
const FR = '/wlpl/SSII-FACT/ws/fr/SiiFactFRV1SOAP';
const BI = '/wlpl/SSII-FACT/ws/bi/SiiFactBIV1SOAP';
const OI = '/wlpl/SSII-FACT/ws/oi/SiiFactOIV1SOAP';
const PM = '/wlpl/SSII-FACT/ws/pm/SiiFactCMV1SOAP';

function operation(wsdl: string, port: string, path: string, name: string, response: string): SiiOperation {
  return { wsdl, port, operation: name, path, soap_action: '', response };
}

/**
 * Every message fiscalkit may send, by the local name of its `siiLR:` root (the `element` of the
 * operation's input part), with the operation that takes it. The three "transcendencia tributaria"
 * books (`CobrosMetalico`, `OperacionesSeguros`, `AgenciasViajes`) share one service,
 * SuministroOpTrascendTribu.wsdl; `SuministroLRVentaBienesConsigna` and
 * `SuministroLRInmueblesAdicionales`, which fiscalkit does not build (sii.md §2), are listed so that a
 * host sending them is routed right.
 *
 * @example
 * ```ts
 * SII_OPERATIONS.BajaLRFacturasEmitidas.path; // '/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP'
 * SII_OPERATIONS.BajaLRFacturasEmitidas.response; // 'RespuestaLRBajaFacturasEmitidas'
 * ```
 */
export const SII_OPERATIONS: Readonly<Record<string, SiiOperation>> = {
  SuministroLRFacturasEmitidas: operation(
    'SuministroFactEmitidas.wsdl',
    'SuministroFactEmitidas',
    FE,
    'SuministroLRFacturasEmitidas',
    'RespuestaLRFacturasEmitidas',
  ),
  BajaLRFacturasEmitidas: operation(
    'SuministroFactEmitidas.wsdl',
    'SuministroFactEmitidas',
    FE,
    'AnulacionLRFacturasEmitidas',
    'RespuestaLRBajaFacturasEmitidas',
  ),
  SuministroLRFacturasRecibidas: operation(
    'SuministroFactRecibidas.wsdl',
    'SuministroFactRecibidas',
    FR,
    'SuministroLRFacturasRecibidas',
    'RespuestaLRFacturasRecibidas',
  ),
  BajaLRFacturasRecibidas: operation(
    'SuministroFactRecibidas.wsdl',
    'SuministroFactRecibidas',
    FR,
    'AnulacionLRFacturasRecibidas',
    'RespuestaLRBajaFacturasRecibidas',
  ),
  SuministroLRBienesInversion: operation(
    'SuministroBienesInversion.wsdl',
    'SuministroBienesInversion',
    BI,
    'SuministroLRBienesInversion',
    'RespuestaLRBienesInversion',
  ),
  BajaLRBienesInversion: operation(
    'SuministroBienesInversion.wsdl',
    'SuministroBienesInversion',
    BI,
    'AnulacionLRBienesInversion',
    'RespuestaLRBajaBienesInversion',
  ),
  SuministroLRDetOperacionIntracomunitaria: operation(
    'SuministroOpIntracomunitarias.wsdl',
    'SuministroOpIntracomunitarias',
    OI,
    'SuministroLRDetOperacionIntracomunitaria',
    'RespuestaLRDetOperacionesIntracomunitarias',
  ),
  BajaLRDetOperacionIntracomunitaria: operation(
    'SuministroOpIntracomunitarias.wsdl',
    'SuministroOpIntracomunitarias',
    OI,
    'AnulacionLRDetOperacionIntracomunitaria',
    'RespuestaLRBajaDetOperacionesIntracomunitarias',
  ),
  SuministroLRCobrosMetalico: operation(
    'SuministroOpTrascendTribu.wsdl',
    'SuministroOpTrascendTribu',
    PM,
    'SuministroLRCobrosMetalico',
    'RespuestaLRCobrosMetalico',
  ),
  BajaLRCobrosMetalico: operation(
    'SuministroOpTrascendTribu.wsdl',
    'SuministroOpTrascendTribu',
    PM,
    'AnulacionLRCobrosMetalico',
    'RespuestaLRBajaCobrosMetalico',
  ),
  SuministroLROperacionesSeguros: operation(
    'SuministroOpTrascendTribu.wsdl',
    'SuministroOpTrascendTribu',
    PM,
    'SuministroLROperacionesSeguros',
    'RespuestaLROperacionesSeguros',
  ),
  BajaLROperacionesSeguros: operation(
    'SuministroOpTrascendTribu.wsdl',
    'SuministroOpTrascendTribu',
    PM,
    'AnulacionLROperacionesSeguros',
    'RespuestaLRBajaOperacionesSeguros',
  ),
  SuministroLRAgenciasViajes: operation(
    'SuministroOpTrascendTribu.wsdl',
    'SuministroOpTrascendTribu',
    PM,
    'SuministroLRAgenciasViajes',
    'RespuestaLRAgenciasViajes',
  ),
  BajaLRAgenciasViajes: operation(
    'SuministroOpTrascendTribu.wsdl',
    'SuministroOpTrascendTribu',
    PM,
    'AnulacionLRAgenciasViajes',
    'RespuestaLRBajaAgenciasViajes',
  ),
  SuministroLRCobrosEmitidas: operation(
    'SuministroCobrosEmitidas.wsdl',
    'SuministroCobrosEmitidas',
    '/wlpl/SSII-FACT/ws/fe/SiiFactCOBV1SOAP',
    'SuministroLRCobrosEmitidas',
    'RespuestaLRCobrosEmitidas',
  ),
  SuministroLRPagosRecibidas: operation(
    'SuministroPagosRecibidas.wsdl',
    'SuministroPagosRecibidas',
    '/wlpl/SSII-FACT/ws/fr/SiiFactPAGV1SOAP',
    'SuministroLRPagosRecibidas',
    'RespuestaLRPagosRecibidas',
  ),
  SuministroLRVentaBienesConsigna: operation(
    'SuministroVentaBienesConsigna.wsdl',
    'SuministroVentaBienesConsigna',
    '/wlpl/SSII-FACT/ws/vb/SiiFactVBV1SOAP',
    'SuministroLRVentaBienesConsigna',
    'RespuestaLRVentaBienesConsigna',
  ),
  BajaLRVentaBienesConsigna: operation(
    'SuministroVentaBienesConsigna.wsdl',
    'SuministroVentaBienesConsigna',
    '/wlpl/SSII-FACT/ws/vb/SiiFactVBV1SOAP',
    'AnulacionLRVentaBienesConsigna',
    'RespuestaLRBajaVentaBienesConsigna',
  ),
  SuministroLRInmueblesAdicionales: operation(
    'SuministroInmueblesAdicionales.wsdl',
    'SuministroInmueblesAdicionales',
    '/wlpl/SSII-FACT/ws/fe/SiiFactINMV1SOAP',
    'SuministroLRInmueblesAdicionales',
    'RespuestaLRInmueblesAdicionales',
  ),
};
