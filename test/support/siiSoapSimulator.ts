/**
 * A local stand-in for AEAT's SII web services, written from AEAT's published WSDLs and schemas — not
 * from fiscalkit's code — so that the real client (`src/adapters/sii/siiSoapClient.ts`) is judged by
 * an independent reading of the protocol:
 *
 * - the services: the `soap:address` paths and the operations' input/output elements of the SII 1.1
 *   WSDLs (`SuministroFactEmitidas.wsdl`, `SuministroFactRecibidas.wsdl`, `SuministroBienesInversion.wsdl`,
 *   `SuministroOpIntracomunitarias.wsdl`, `SuministroOpTrascendTribu.wsdl`, `SuministroCobrosEmitidas.wsdl`,
 *   `SuministroPagosRecibidas.wsdl`;
 *   `gisce/sii` `sii/data/wsdl/` at `146e89aa`), each operation with `soapAction=""`;
 * - the transport: TLS that asks for and verifies a client certificate (a connection without one, or
 *   with one the CA did not issue, is refused in the handshake with a TLS alert), HTTP POST,
 *   `Content-Type: text/xml` and a `SOAPAction` header (SOAP 1.1 §6.1.1);
 * - the envelope: SOAP 1.1 (`http://schemas.xmlsoap.org/soap/envelope/`) read with fast-xml-parser, the
 *   Body's element checked against the operations of the path, the whole envelope validated against
 *   `shared/xsd/sii/SoapSuministroLR.xsd` (the SOAP envelope, the SII message validated strictly inside
 *   it) with libxml2; an invalid one gets a `Client` Fault in AEAT's words (`Codigo[4102].El XML no
 *   cumple el esquema…`);
 * - the answer: a `siiR:RespuestaLR…` built here from `RespuestaSuministro.xsd` — `CSV`,
 *   `DatosPresentacion`, the request's `Cabecera` echoed, `EstadoEnvio` `Correcto` and one
 *   `RespuestaLinea` (`IDFactura` echoed, `EstadoRegistro` `Correcto`) per record.
 *
 * It answers every book fiscalkit builds (the nine alta and seven baja messages); the consignment
 * sales and additional properties services (which fiscalkit does not build) are not simulated.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type CompiledSchema, compileSchema, validateWith } from './xsd.js';

const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
const AEAT =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/';
const SII_LR = `${AEAT}SuministroLR.xsd`;
const SII = `${AEAT}SuministroInformacion.xsd`;
const SII_R = `${AEAT}RespuestaSuministro.xsd`;
const PREFIXES: Readonly<Record<string, string>> = { [SII]: 'sii', [SII_R]: 'siiR', [SII_LR]: 'siiLR' };

/**
 * Per service path (WSDL `soap:address`), the operations: the input element (a `siiLR:` name) → the
 * output element (a `siiR:` name), as each WSDL's `wsdl:message` parts pair them.
 */
const WSDL_SERVICES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP': {
    SuministroLRFacturasEmitidas: 'RespuestaLRFacturasEmitidas',
    BajaLRFacturasEmitidas: 'RespuestaLRBajaFacturasEmitidas',
  },
  '/wlpl/SSII-FACT/ws/fr/SiiFactFRV1SOAP': {
    SuministroLRFacturasRecibidas: 'RespuestaLRFacturasRecibidas',
    BajaLRFacturasRecibidas: 'RespuestaLRBajaFacturasRecibidas',
  },
  '/wlpl/SSII-FACT/ws/bi/SiiFactBIV1SOAP': {
    SuministroLRBienesInversion: 'RespuestaLRBienesInversion',
    BajaLRBienesInversion: 'RespuestaLRBajaBienesInversion',
  },
  '/wlpl/SSII-FACT/ws/oi/SiiFactOIV1SOAP': {
    SuministroLRDetOperacionIntracomunitaria: 'RespuestaLRDetOperacionesIntracomunitarias',
    BajaLRDetOperacionIntracomunitaria: 'RespuestaLRBajaDetOperacionesIntracomunitarias',
  },
  // SuministroOpTrascendTribu.wsdl: the three "transcendencia tributaria" books share one service.
  '/wlpl/SSII-FACT/ws/pm/SiiFactCMV1SOAP': {
    SuministroLRCobrosMetalico: 'RespuestaLRCobrosMetalico',
    BajaLRCobrosMetalico: 'RespuestaLRBajaCobrosMetalico',
    SuministroLROperacionesSeguros: 'RespuestaLROperacionesSeguros',
    BajaLROperacionesSeguros: 'RespuestaLRBajaOperacionesSeguros',
    SuministroLRAgenciasViajes: 'RespuestaLRAgenciasViajes',
    BajaLRAgenciasViajes: 'RespuestaLRBajaAgenciasViajes',
  },
  '/wlpl/SSII-FACT/ws/fe/SiiFactCOBV1SOAP': { SuministroLRCobrosEmitidas: 'RespuestaLRCobrosEmitidas' },
  '/wlpl/SSII-FACT/ws/fr/SiiFactPAGV1SOAP': { SuministroLRPagosRecibidas: 'RespuestaLRPagosRecibidas' },
};

/** One request as the simulator saw it (answered or refused). */
export interface SimulatedRequest {
  path: string;
  soap_action: string | undefined;
  content_type: string | undefined;
  /** The Body's element, `{namespace}local`, when the envelope could be read. */
  body_element: string | null;
  /** What the simulator answered: `answer`, `fault`, an HTTP status it gave without SOAP, or 0 (none). */
  outcome: 'answer' | 'fault' | number;
}

/** The simulator's TLS material: its own key and certificate, and the CA whose clients it accepts. */
export interface SiiSimulatorTls {
  key: string;
  cert: string;
  ca: string;
}

/** A running simulator. */
export interface SiiSoapSimulator {
  /** `https://127.0.0.1:<port>`: the origin to give the client. */
  readonly origin: string;
  readonly requests: readonly SimulatedRequest[];
  /** The next `times` requests are answered with this HTTP status and a plain-text body, no SOAP. */
  failNext(status: number, times?: number): void;
  /** The next request is read and never answered (until `close`). */
  hangNext(): void;
  close(): Promise<void>;
}

// ─── A namespace-aware view of fast-xml-parser's ordered output ─────────────────────────────────────

type Ordered = Record<string, unknown>;

interface Element {
  ns: string;
  local: string;
  children: Element[];
  text: string;
}

function elementsOf(nodes: Ordered[], scope: ReadonlyMap<string, string>): Element[] {
  const out: Element[] = [];
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ':@');
    if (name === undefined || name === '#text' || name.startsWith('?') || name === '#comment') continue;
    const attributes = (node[':@'] ?? {}) as Record<string, string>;
    const inner = new Map(scope);
    for (const [attribute, value] of Object.entries(attributes)) {
      if (attribute === '@_xmlns') inner.set('', value);
      else if (attribute.startsWith('@_xmlns:')) inner.set(attribute.slice('@_xmlns:'.length), value);
    }
    const colon = name.indexOf(':');
    const prefix = colon === -1 ? '' : name.slice(0, colon);
    const ns = inner.get(prefix);
    if (ns === undefined && prefix !== '') throw new Error(`the prefix ${prefix} is not declared`);
    const content = node[name] as Ordered[];
    out.push({
      ns: ns ?? '',
      local: colon === -1 ? name : name.slice(colon + 1),
      children: elementsOf(content, inner),
      text: content
        .map((child) => (typeof child['#text'] === 'string' ? child['#text'] : ''))
        .join('')
        .trim(),
    });
  }
  return out;
}

function child(element: Element, ns: string, local: string): Element | undefined {
  return element.children.find((candidate) => candidate.ns === ns && candidate.local === local);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Writes an element with the simulator's own prefixes (the namespaces are declared on the root);
 * `rename` puts it in another namespace (and name), `deep` its descendants too.
 */
function write(element: Element, rename?: { ns: string; local?: string; deep?: boolean }): string {
  const ns = rename?.ns ?? element.ns;
  const name = `${PREFIXES[ns] ?? 'x'}:${rename?.local ?? element.local}`;
  const inner =
    element.children.length > 0
      ? element.children.map((c) => write(c, rename?.deep ? { ns, deep: true } : undefined)).join('')
      : escapeText(element.text);
  return `<${name}>${inner}</${name}>`;
}

function leaf(ns: string, local: string, text: string): string {
  const name = `${PREFIXES[ns]}:${local}`;
  return `<${name}>${escapeText(text)}</${name}>`;
}

// ─── SOAP answers ─────────────────────────────────────────────────────────────────────────────────

function envelope(body: string, declarations = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<env:Envelope xmlns:env="${SOAP}"${declarations}><env:Header/><env:Body>${body}</env:Body></env:Envelope>`;
}

/** A SOAP 1.1 Fault (§4.4) with a `faultcode` in the envelope's namespace. */
function fault(code: 'Client' | 'Server', faultstring: string): string {
  return envelope(
    `<env:Fault><faultcode>env:${code}</faultcode><faultstring>${escapeText(faultstring)}</faultstring></env:Fault>`,
  );
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}

/** `dd-mm-yyyy hh:mm:ss` (`sii:Timestamp`). */
function timestamp(date: Date): string {
  return `${two(date.getUTCDate())}-${two(date.getUTCMonth() + 1)}-${date.getUTCFullYear()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
}

/** The answer to a valid message: everything accepted, one line per record echoing its `IDFactura`. */
function answer(message: Element, responseRoot: string): string {
  const cabecera = child(message, SII_LR, 'Cabecera') ?? child(message, SII, 'Cabecera');
  if (cabecera === undefined) throw new Error('no Cabecera');
  const titularNif = child(child(cabecera, SII, 'Titular') ?? cabecera, SII, 'NIF')?.text ?? '';
  const lines = message.children
    .filter((record) => record.local.startsWith('RegistroLR'))
    .map((record) => {
      const named = (local: string) => record.children.find((candidate) => candidate.local === local);
      const id = named('IDFactura');
      // RespuestaSuministro.xsd, the line types: most start with IDFactura; bienes de inversión's
      // (RespuestaBienType) with an anonymous PeriodoLiquidacion (its children siiR:), IDFactura and
      // IdentificacionBien; metálico's, seguros' and agencias de viajes' with that PeriodoLiquidacion,
      // the Contraparte and, for seguros, the ClaveOperacion.
      const periodo = named('PeriodoLiquidacion');
      // the alta carries IdentificacionBien inside BienesInversion, the baja on the record itself
      const bien =
        named('IdentificacionBien') ??
        named('BienesInversion')?.children.find((candidate) => candidate.local === 'IdentificacionBien');
      let echo: string;
      if (id !== undefined && bien !== undefined && periodo !== undefined)
        echo =
          write(periodo, { ns: SII_R, deep: true }) +
          write(id, { ns: SII_R, local: 'IDFactura' }) +
          leaf(SII_R, 'IdentificacionBien', bien.text);
      else if (id !== undefined) echo = write(id, { ns: SII_R, local: 'IDFactura' });
      else {
        const contraparte = named('Contraparte');
        const clave = named('ClaveOperacion');
        if (periodo === undefined || contraparte === undefined)
          throw new Error(`${record.local} has neither IDFactura nor PeriodoLiquidacion and Contraparte`);
        echo =
          write(periodo, { ns: SII_R, deep: true }) +
          write(contraparte, { ns: SII_R }) +
          (clave === undefined ? '' : write(clave, { ns: SII_R }));
      }
      return `<siiR:RespuestaLinea>${echo}${leaf(SII_R, 'EstadoRegistro', 'Correcto')}</siiR:RespuestaLinea>`;
    });
  // A CSV looks like AEAT's: 16 characters of A–Z and 0–9 (illustrative; the schema says only string).
  const csv = randomBytes(12)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'X')
    .toUpperCase()
    .slice(0, 16);
  const body =
    `<siiR:${responseRoot}>` +
    leaf(SII_R, 'CSV', csv) +
    `<siiR:DatosPresentacion>${leaf(SII, 'NIFPresentador', titularNif)}${leaf(SII, 'TimestampPresentacion', timestamp(new Date()))}</siiR:DatosPresentacion>` +
    write(cabecera, { ns: SII_R, local: 'Cabecera' }) +
    leaf(SII_R, 'EstadoEnvio', 'Correcto') +
    lines.join('') +
    `</siiR:${responseRoot}>`;
  return envelope(body, ` xmlns:siiR="${SII_R}" xmlns:sii="${SII}"`);
}

// ─── The server ─────────────────────────────────────────────────────────────────────────────────────

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
});

/**
 * Starts the simulator on 127.0.0.1, port 0, with `requestCert` and `rejectUnauthorized`: only clients
 * with a certificate issued by `tls.ca` complete the handshake.
 *
 * @example
 * const simulator = await startSiiSoapSimulator({ key, cert, ca });
 * const client = siiSoapClient({ endpoint: simulator.origin, key: clientKey, cert: clientCert, ca });
 */
export async function startSiiSoapSimulator(tls: SiiSimulatorTls): Promise<SiiSoapSimulator> {
  // The driver schema: a SOAP 1.1 envelope whose Body's SII message is validated by SuministroLR.xsd.
  const schema: CompiledSchema = compileSchema('sii/SoapSuministroLR.xsd');
  const requests: SimulatedRequest[] = [];
  const failures: number[] = [];
  let hang = false;

  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const seen: SimulatedRequest = {
      path,
      soap_action: req.headers.soapaction as string | undefined,
      content_type: req.headers['content-type'],
      body_element: null,
      outcome: 200,
    };
    requests.push(seen);
    const send = (
      status: number,
      body: string,
      outcome: SimulatedRequest['outcome'],
      type = 'text/xml; charset=utf-8',
    ) => {
      seen.outcome = outcome;
      res.writeHead(status, { 'Content-Type': type }).end(body);
    };
    const soapFault = (code: 'Client' | 'Server', message: string) =>
      send(500, fault(code, message), 'fault');

    if (hang) {
      hang = false;
      seen.outcome = 0;
      return;
    }
    const failure = failures.shift();
    if (failure !== undefined)
      return send(failure, `simulated HTTP ${String(failure)}`, failure, 'text/plain');
    if (req.method !== 'POST') return send(405, 'POST only', 405, 'text/plain');
    const operations = WSDL_SERVICES[path];
    if (operations === undefined) return send(404, `no SII service at ${path}`, 404, 'text/plain');
    // SOAP 1.1 §6.1: text/xml; §6.1.1: the SOAPAction header must be present; the WSDLs say "".
    if (!/^text\/xml\b/i.test(seen.content_type ?? ''))
      return send(415, 'text/xml expected', 415, 'text/plain');
    if (seen.soap_action !== '""')
      return soapFault(
        'Client',
        `SOAPAction must be "" (the WSDL's soapAction), not ${String(seen.soap_action)}`,
      );
    if (XMLValidator.validate(text) !== true)
      return soapFault('Client', 'Codigo[4101].El XML no está bien formado');
    let body: Element[];
    try {
      const root = elementsOf(parser.parse(text) as Ordered[], new Map());
      const env = root[0];
      if (root.length !== 1 || env === undefined || env.ns !== SOAP || env.local !== 'Envelope')
        return soapFault('Client', 'not a SOAP 1.1 envelope');
      body = child(env, SOAP, 'Body')?.children ?? [];
    } catch (error) {
      return soapFault('Client', `the envelope cannot be read: ${String(error)}`);
    }
    const message = body[0];
    if (body.length !== 1 || message === undefined)
      return soapFault('Client', 'the Body must hold one message');
    seen.body_element = `{${message.ns}}${message.local}`;
    const responseRoot = message.ns === SII_LR ? operations[message.local] : undefined;
    if (responseRoot === undefined)
      return soapFault('Client', `${seen.body_element} is not an operation of the service at ${path}`);
    const verdict = validateWith(schema, text);
    if (!verdict.valid)
      return soapFault(
        'Client',
        `Codigo[4102].El XML no cumple el esquema: ${verdict.errors[0]?.message ?? 'invalid'}`,
      );
    try {
      return send(200, answer(message, responseRoot), 'answer');
    } catch (error) {
      return soapFault('Server', `the simulator cannot answer: ${String(error)}`);
    }
  };

  const server = createServer(
    { key: tls.key, cert: tls.cert, ca: tls.ca, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${String(port)}`,
    requests,
    failNext(status, times = 1) {
      for (let n = 0; n < times; n++) failures.push(status);
    },
    hangNext() {
      hang = true;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) =>
        server.close(() => {
          schema.dispose();
          resolve();
        }),
      );
    },
  };
}
