/**
 * Reading an SII document (a `SuministroLR…` / `BajaLR…` message or a `RespuestaLR…` response,
 * bare or inside a SOAP 1.1 `Envelope/Body`, sii.md §1) up to its root element: the shared XML guards
 * with the SII import's limits ({@link SII_DOCUMENT_POLICY}), the root and its namespace, the SOAP
 * wrapper, the namespace of every element (both schemas are `elementFormDefault="qualified"`, so each
 * element is in the namespace of the schema that declares it), then the one-pass parse. Every refusal
 * is one 422 `parameter_invalid` at `file`.
 *
 * @module
 */
import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import {
  documentIssue,
  guardXmlDocument,
  parseRefusal,
  rootElement,
  wellFormednessFailure,
  type XmlDocumentPolicy,
} from '../../xml/guards.js';
import {
  occurrenceLimits,
  parseXml,
  type SchemaOccurrences,
  type XmlObject,
  type XmlOccurrenceLimits,
  type XmlValue,
} from '../../xml/parse.js';

/** The param of a problem with the document as a whole. */
export const SII_FILE_PARAM = 'file';

/**
 * The largest SII document imported: 10 MB (10 × 1024 × 1024 bytes, issue #6), written out because the
 * repository's money guard refuses number multiplication in `src`. sii.md §11 measured 6.7 MB for
 * 5,000 records, the most one batch holds.
 */
export const MAX_SII_IMPORT_BYTES = 10485760;

/**
 * The SOAP 1.1 envelope namespace: AEAT's SII services are SOAP 1.1 document/literal (sii.md §1), so
 * a message or a response may come wrapped in `Envelope/Body`.
 */
export const SOAP_ENVELOPE_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

/**
 * What the shared guards allow and say for an SII document: at most {@link MAX_SII_IMPORT_BYTES},
 * UTF-8 without BOM (fiscalkit's builder writes UTF-8, issue #6), no DTD (the SII schemas have none).
 *
 * @example
 * ```ts
 * guardXmlDocument(xml, SII_DOCUMENT_POLICY); // { success: true, data: xml } for a sound document
 * ```
 */
export const SII_DOCUMENT_POLICY: XmlDocumentPolicy = {
  param: SII_FILE_PARAM,
  document: 'the SII XML document',
  maxBytes: MAX_SII_IMPORT_BYTES,
  maxBytesText: '10 MB (10485760 bytes), the most the SII import accepts (issue #6)',
  reader: 'the SII import',
  reference: 'issue #6',
  conversionHint: 'a document saved as ISO-8859-1 or Windows-1252 must be converted first',
  documents: 'SII documents (SuministroLR.xsd, RespuestaSuministro.xsd)',
};

/** The kind of SII document an importer reads. */
export interface SiiDocumentKind {
  /** What it is, for messages: `an SII ledger message`. */
  readonly what: string;
  /** The schema file, for messages: `SuministroLR.xsd`. */
  readonly schema: string;
  /** The namespace of its root elements. */
  readonly namespace: string;
  /** Its root elements' local names. */
  readonly roots: ReadonlySet<string>;
  /** The elements that may repeat (`maxOccurs` > 1), always parsed as arrays. */
  readonly repeatable: ReadonlySet<string>;
  /**
   * What the schema allows (generated from the XSD, `siiOccurrences.ts`): an element occurring under
   * one parent more often than its largest `maxOccurs`, or deeper than any element of the schema, is
   * refused as soon as the parse reaches it (issue #24 item 1).
   */
  readonly occurrences: SchemaOccurrences;
  /**
   * The namespace an element below the root must be in, by the local names from the root's child down
   * to it (`['RegistroLRFacturasEmitidas', 'IDFactura']`).
   */
  readonly namespaceBelowRoot: (path: readonly string[]) => string;
}

/** The root of an SII document that passed every check, and its parsed content. */
export interface SiiDocumentRoot {
  /** The root's local name (`SuministroLRFacturasEmitidas`). */
  readonly name: string;
  /** Its children by local name. */
  readonly node: XmlObject;
}

function refused(rule: string, message: string): { success: false; issues: ValidationIssue[] } {
  return { success: false, issues: [documentIssue(rule, SII_FILE_PARAM, message)] };
}

function namespaceText(namespace: string | null): string {
  return namespace === null ? 'no namespace' : `the namespace ${namespace}`;
}

/** The refusal of a root element that is not one of `kind`'s, or null. */
function rootProblem(local: string, namespace: string | null, kind: SiiDocumentKind): string | null {
  if (kind.roots.has(local) && namespace === kind.namespace) return null;
  const expected = `${kind.what} has one of the roots ${[...kind.roots].join(', ')} in the namespace ${kind.namespace} (${kind.schema})`;
  if (kind.roots.has(local)) return `has its <${local}> root in ${namespaceText(namespace)}; ${expected}`;
  return `has the root element <${local}> in ${namespaceText(namespace)}; ${expected}`;
}

function objectOf(value: XmlValue | undefined): XmlObject | null {
  return value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

/** The one element child of a SOAP `Body` (or of the document), with its name. */
function onlyChild(node: XmlObject, where: string): { name: string; node: XmlObject } | string {
  const names = Object.keys(node).filter((name) => !name.startsWith('@_') && name !== '#text');
  let count = 0;
  for (const name of names) {
    const value = node[name];
    count += Array.isArray(value) ? value.length : 1;
  }
  const name = names[0];
  if (name === undefined || count !== 1)
    return `must have exactly one element in ${where}, not ${String(count)}`;
  return { name, node: objectOf(node[name]) ?? (Object.create(null) as XmlObject) };
}

/** The text of a SOAP Fault's child (`faultcode`, `faultstring`), or null. */
function faultText(fault: XmlObject, name: string): string | null {
  const value = fault[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The SOAP levels above the message: `Envelope/Body`. */
const SOAP_LEVELS = 2;

/**
 * The limits of the parse: the schema's, moved two levels down inside a SOAP envelope. The envelope's
 * own levels, its Header (transport, not read) and a Fault are not counted per element — what they
 * hold is collected in linear time and judged after the parse (one Body, one message) — but the whole
 * document is held to the schema's depth plus the envelope's two levels.
 */
function parseLimits(kind: SiiDocumentKind, wrapped: boolean): XmlOccurrenceLimits {
  const limits = occurrenceLimits(kind.occurrences);
  if (!wrapped) return limits;
  return {
    schema: limits.schema,
    maxDepth: limits.maxDepth + SOAP_LEVELS,
    maxOccurs: (element) => {
      const { path } = element;
      // Envelope, Header / Body and the Body's one element; then anything below a Header or a Fault.
      if (path.length <= SOAP_LEVELS + 1 || path[1] !== 'Body' || path[2] === 'Fault')
        return Number.POSITIVE_INFINITY;
      return limits.maxOccurs(element);
    },
  };
}

/**
 * Reads an SII document up to its root: guards, root element (bare, or the only child of a SOAP 1.1
 * `Envelope/Body`), the namespace of every element, and the parse. A SOAP `Header` is transport, not
 * part of the document: allowed, and neither read nor checked. Never throws.
 *
 * @example
 * ```ts
 * const root = readSiiDocument(xml, messageDocument); // a SiiDocumentKind of the SuministroLR roots
 * root.success && root.data.name; // 'SuministroLRFacturasEmitidas'
 * readSiiDocument('<Invoice/>', messageDocument).success; // false: 422 at `file`
 * ```
 */
export function readSiiDocument(
  input: string | Uint8Array,
  kind: SiiDocumentKind,
): Validated<SiiDocumentRoot> {
  const text = guardXmlDocument(input, SII_DOCUMENT_POLICY);
  if (!text.success) return { success: false, issues: [text.issue] };
  const root = rootElement(text.data);
  if (root === null) return refused('xml.root-element', 'has no root element');
  const wrapped = root.name === 'Envelope';
  if (!wrapped) {
    const problem = rootProblem(root.name, root.namespace, kind);
    if (problem !== null) return refused('sii.1.root-element', problem);
  } else if (root.namespace !== SOAP_ENVELOPE_NAMESPACE) {
    return refused(
      'sii.1.soap-envelope',
      `has a SOAP <Envelope> in ${namespaceText(root.namespace)}; AEAT's SII services use SOAP 1.1 (sii.md §1), ` +
        `the namespace ${SOAP_ENVELOPE_NAMESPACE}`,
    );
  }

  const parsed = parseXml(text.data, {
    repeatable: kind.repeatable,
    occurrences: parseLimits(kind, wrapped),
    checkElement: ({ local, namespace, path }) => {
      if (wrapped) {
        if (path.length === 1) return null;
        if (path.length === 2) {
          if (namespace === SOAP_ENVELOPE_NAMESPACE && (local === 'Header' || local === 'Body')) return null;
          return `has <${local}> in ${namespaceText(namespace)} in its SOAP Envelope, which holds only Header and Body (${SOAP_ENVELOPE_NAMESPACE})`;
        }
        if (path[1] !== 'Body') return null;
        // A SOAP Fault answers instead of the payload (its children are unqualified): read after the parse.
        if (path[2] === 'Fault' && (path.length > 3 || namespace === SOAP_ENVELOPE_NAMESPACE)) return null;
        if (path.length === 3) return rootProblem(local, namespace, kind);
      }
      const below = path.slice(wrapped ? 3 : 1);
      if (below.length === 0) return null;
      const expected = kind.namespaceBelowRoot(below);
      if (namespace === expected) return null;
      return `has <${below.join('/')}> in ${namespaceText(namespace)}; ${kind.schema} puts it in the namespace ${expected}`;
    },
  });
  if (!parsed.success) {
    const issue = parsed.wellFormed
      ? parseRefusal(parsed.message, SII_FILE_PARAM)
      : wellFormednessFailure(parsed.message, SII_FILE_PARAM);
    return { success: false, issues: [issue] };
  }

  const top = onlyChild(parsed.data, 'the document');
  if (typeof top === 'string')
    return refused('xml.well-formed', 'is not well-formed XML: it has more than one root element');
  if (!wrapped) return { success: true, data: top };
  const body = top.node.Body;
  if (body === undefined) return refused('sii.1.soap-envelope', 'has a SOAP Envelope without a Body');
  if (Array.isArray(body))
    return refused('sii.1.soap-envelope', 'has a SOAP Envelope with more than one Body');
  const content = onlyChild(objectOf(body) ?? (Object.create(null) as XmlObject), 'its SOAP Body');
  if (typeof content === 'string') return refused('sii.1.soap-envelope', content);
  if (content.name === 'Fault') {
    const code = faultText(content.node, 'faultcode');
    const reason = faultText(content.node, 'faultstring');
    return refused(
      'sii.1.soap-fault',
      `is a SOAP Fault${code === null ? '' : ` (${code})`}${reason === null ? '' : `: ${reason}`}, not ${kind.what} ` +
        '(a Fault refuses a whole submission)',
    );
  }
  return { success: true, data: content };
}
