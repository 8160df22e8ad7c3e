/**
 * The SOAP 1.1 envelope around an SII message and around AEAT's answer: wrapping what fiscalkit
 * builds (a bare `siiLR:SuministroLR…` document, `buildSiiMessage`), and reading what comes back — a
 * `siiR:RespuestaLR…` in the Body, or a `Fault`.
 *
 * SOAP 1.1 (W3C Note 2000-05-08) is what the WSDLs bind (`soap:binding` of
 * `http://schemas.xmlsoap.org/wsdl/soap/`, sii.md §1): envelope namespace
 * `http://schemas.xmlsoap.org/soap/envelope/`, no processing instructions in a message (§3), a Fault
 * with the unqualified children `faultcode`, `faultstring`, `faultactor?`, `detail?` (§4.4).
 *
 * @module
 */
import { SaxesParser } from 'saxes';
import { SOAP_11_NAMESPACE, unwrapSoapBody } from '../../documents/soapBody.js';
import { SII_LR_NAMESPACE } from '../../sii/build/xml.js';
import { SII_RESPONSE_NAMESPACE } from '../../sii/import/response.js';
import { rootElement } from '../../xml/guards.js';
import { SII_OPERATIONS, type SiiOperation } from './services.js';

/** The prolog of a document: BOM, white space, the XML declaration, comments, processing instructions. */
const PROLOG = /^\uFEFF?(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/;

/** A message ready to post: the envelope and the operation its Body's element calls. */
export interface SiiSoapRequest {
  envelope: string;
  /** The local name of the Body's `siiLR:` element. */
  root: string;
  operation: SiiOperation;
}

/**
 * Puts an SII message into a SOAP 1.1 envelope (an empty `Header`, the message as the Body's one
 * element) and finds the WSDL operation its root calls. A message that already is an envelope is sent
 * as it stands. The prolog (XML declaration, comments, processing instructions) is dropped: SOAP 1.1
 * §3 forbids processing instructions in a message, and the envelope has its own declaration. Answers
 * a string when the document is not an SII message fiscalkit knows a service for.
 *
 * @example
 * ```ts
 * const request = wrapSiiMessage(builtMessageXml);
 * typeof request !== 'string' && request.operation.path; // '/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP'
 * ```
 */
export function wrapSiiMessage(xml: string): SiiSoapRequest | string {
  const root = rootElement(xml);
  if (root === null) return 'the message is not an XML document';
  let body = xml.replace(PROLOG, '');
  let envelope: string | null = null;
  if (root.name === 'Envelope' && root.namespace === SOAP_11_NAMESPACE) {
    const unwrapped = unwrapSoapBody(xml);
    if (!unwrapped.success) return `the SOAP envelope cannot be read: ${unwrapped.message}`;
    envelope = body;
    body = unwrapped.xml;
  }
  const message = rootElement(body);
  if (message === null) return 'the SOAP Body holds no element';
  const operation = SII_OPERATIONS[message.name];
  if (message.namespace !== SII_LR_NAMESPACE || operation === undefined)
    return `the message's root {${message.namespace ?? ''}}${message.name} is not an SII message any AEAT SII service takes (SuministroLR… or BajaLR… of SuministroLR.xsd)`;
  envelope ??=
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_11_NAMESPACE}"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
  return { envelope, root: message.name, operation };
}

/** A SOAP 1.1 Fault (§4.4), as read from a response. */
export interface SoapFault {
  /** `faultcode` as written (a QName, e.g. `env:Client`). */
  code: string;
  /** The local part of `faultcode` up to its first dot: `Client`, `Server`, `VersionMismatch`, … */
  kind: string;
  faultstring: string;
  /** The text of `detail`, white space collapsed; empty when there is none. */
  detail: string;
}

/** What a response holds: AEAT's answer as a document of its own, a Fault, or neither. */
export type SiiSoapAnswer =
  | { type: 'answer'; xml: string; root: string }
  | { type: 'fault'; fault: SoapFault }
  | { type: 'unreadable'; message: string };

function readFault(element: string): SoapFault {
  const parser = new SaxesParser({ xmlns: true });
  const texts: Record<string, string> = { faultcode: '', faultstring: '', detail: '' };
  let depth = 0;
  let field: string | null = null;
  parser.on('opentag', (tag) => {
    depth++;
    if (depth === 2) field = tag.local in texts && (tag.uri ?? '') === '' ? tag.local : null;
  });
  parser.on('closetag', () => {
    if (depth === 2) field = null;
    depth--;
  });
  const collect = (text: string) => {
    if (field !== null) texts[field] += text;
  };
  parser.on('text', collect);
  parser.on('cdata', collect);
  parser.write(element).close();
  const code = (texts.faultcode ?? '').trim();
  const local = code.slice(code.indexOf(':') + 1);
  return {
    code,
    kind: local.split('.')[0] ?? local,
    faultstring: (texts.faultstring ?? '').trim(),
    detail: (texts.detail ?? '').replace(/\s+/g, ' ').trim(),
  };
}

/**
 * Reads a response body: a SOAP 1.1 envelope whose Body holds either a `siiR:RespuestaLR…` — answered
 * as a document of its own, with an XML declaration and the namespace declarations it relied on from
 * the envelope, so that `parseSiiResponse` reads it — or a `Fault`. Anything else (not XML, not an
 * envelope, another element) is `unreadable` with the reason.
 *
 * @example
 * ```ts
 * const answer = readSiiSoapResponse(responseText);
 * if (answer.type === 'answer') parseSiiResponse(answer.xml);
 * ```
 */
export function readSiiSoapResponse(text: string): SiiSoapAnswer {
  const root = rootElement(text);
  if (root === null || root.name !== 'Envelope' || root.namespace !== SOAP_11_NAMESPACE)
    return { type: 'unreadable', message: 'the response is not a SOAP 1.1 envelope' };
  const body = unwrapSoapBody(text);
  if (!body.success)
    return { type: 'unreadable', message: `the SOAP envelope cannot be read: ${body.message}` };
  const element = rootElement(body.xml);
  if (element === null) return { type: 'unreadable', message: 'the SOAP Body holds no element' };
  if (element.name === 'Fault' && element.namespace === SOAP_11_NAMESPACE) {
    try {
      return { type: 'fault', fault: readFault(body.xml) };
    } catch (error) {
      return { type: 'unreadable', message: `the SOAP Fault cannot be read: ${String(error)}` };
    }
  }
  if (element.namespace !== SII_RESPONSE_NAMESPACE || !element.name.startsWith('RespuestaLR'))
    return {
      type: 'unreadable',
      message: `the SOAP Body holds {${element.namespace ?? ''}}${element.name}, not a RespuestaLR… of RespuestaSuministro.xsd`,
    };
  return {
    type: 'answer',
    xml: `<?xml version="1.0" encoding="UTF-8"?>\n${body.xml}`,
    root: element.name,
  };
}
