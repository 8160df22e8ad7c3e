/**
 * The message inside a SOAP 1.1 envelope, as a document of its own: AEAT's SII services are SOAP
 * document/literal (sii.md §1), so a client validating what it sends has its `SuministroLR…` inside
 * `Envelope/Body`, while the schema validator judges the bare message.
 *
 * @module
 */
import { SaxesParser } from 'saxes';
import { XML_MAX_DEPTH } from '../xml/parse.js';

/** The SOAP 1.1 envelope namespace. */
export const SOAP_11_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

/** The message of an envelope, or why there is none. */
export type SoapBody =
  | {
      success: true;
      /** The Body's one element, with the namespace declarations in scope added to its start tag. */
      xml: string;
      /** Lines before the element in the envelope: add it to a line reported in `xml`. */
      line_offset: number;
    }
  | { success: false; message: string; line: number | null };

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

function lineBreaksBefore(text: string, index: number): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/**
 * Takes the one element of a SOAP 1.1 `Envelope/Body` out of its envelope (a document whose guards
 * have passed: no DTD, UTF-8): the element's text as it stands, with the namespace declarations in
 * scope from the `Envelope` and `Body` start tags (those it does not redeclare) copied onto its own
 * start tag, so it reads the same on its own. Lines keep their numbers relative to the element (`line_offset` gives
 * them back in the envelope). A document that is not well-formed, or a Body without exactly one
 * element, is a failure with the parser's message and line.
 *
 * @example
 * ```ts
 * const body = unwrapSoapBody(
 *   '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:a="urn:a"><s:Body><a:M/></s:Body></s:Envelope>',
 * );
 * body.success && body.xml; // '<a:M xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:a="urn:a"/>'
 * ```
 */
export function unwrapSoapBody(text: string): SoapBody {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const inherited = new Map<string, string>();
  let depth = 0;
  let inBody = false;
  let elements = 0;
  let start = -1;
  let end = -1;
  let ownDeclarations: ReadonlySet<string> = new Set();
  let failure: { message: string; line: number | null } | null = null;
  parser.on('error', (error) => {
    failure ??= { message: error.message.replace(/^\d+:\d+: /, ''), line: parser.line };
  });
  parser.on('opentag', (tag) => {
    depth++;
    // saxes resolves each prefix by walking up the open elements: without a depth limit, deep nesting
    // costs time quadratic in the depth (issue #24 item 1). libxml2's default limit, as `parseXml`.
    if (depth > XML_MAX_DEPTH) {
      failure ??= {
        message: `elements are nested more than ${String(XML_MAX_DEPTH)} levels deep; fiscalkit reads at most ${String(XML_MAX_DEPTH)}, the default limit of libxml2`,
        line: parser.line,
      };
      throw new Error(failure.message);
    }
    if (depth <= 2) {
      for (const [prefix, uri] of Object.entries(tag.ns ?? {})) inherited.set(prefix, uri);
      if (depth === 2) inBody = tag.local === 'Body' && tag.uri === SOAP_11_NAMESPACE;
      return;
    }
    if (depth === 3 && inBody) {
      elements++;
      if (elements === 1) {
        start = text.lastIndexOf('<', parser.position - 1);
        ownDeclarations = new Set(Object.keys(tag.ns ?? {}));
        if (tag.isSelfClosing) end = parser.position;
      }
    }
  });
  parser.on('closetag', () => {
    if (depth === 3 && inBody && elements === 1 && end === -1) end = parser.position;
    if (depth === 2) inBody = false;
    depth--;
  });
  try {
    parser.write(text).close();
  } catch (error) {
    failure ??= { message: error instanceof Error ? error.message : String(error), line: null };
  }
  const failed = failure as { message: string; line: number | null } | null;
  if (failed !== null) return { success: false, ...failed };
  if (elements !== 1 || start < 0 || end < 0)
    return {
      success: false,
      message: `the SOAP Body must hold exactly one element (the message), not ${String(elements)}`,
      line: null,
    };
  const element = text.slice(start, end);
  const name = /^<[^\s/>]+/.exec(element)?.[0] ?? '<';
  const declarations = [...inherited]
    .filter(([prefix]) => !ownDeclarations.has(prefix))
    .map(([prefix, uri]) => ` ${prefix === '' ? 'xmlns' : `xmlns:${prefix}`}="${escapeAttribute(uri)}"`)
    .join('');
  return {
    success: true,
    xml: `${name}${declarations}${element.slice(name.length)}`,
    line_offset: lineBreaksBefore(text, start),
  };
}
