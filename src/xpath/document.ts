/**
 * The XPath data model (XDM, W3C "XQuery 1.0 and XPath 2.0 Data Model" §6) of a document, as the
 * schematron rule sets of EN 16931, Peppol and XRechnung see it: document, element, attribute and text
 * nodes, each numbered in document order (§2.4) so that path results sort and deduplicate by a number.
 * Comments and processing instructions are dropped: no rule of those sets looks at them, and their
 * string values never count in an element's string value (§6.2.4).
 *
 * Every element is also filed by its expanded name in the document's index, with the order number of
 * its last descendant, so that `//cac:InvoiceLine` — the most common rule context — is a lookup rather
 * than a walk of the tree, and `.//x` is a range of that lookup.
 *
 * @module
 */
import { scanXmlDocument, type XmlName, type XmlSink, XmlSyntaxError } from './scan.js';

/**
 * The element children of a parent with that expanded name, in order. A parent with many children
 * (an invoice root with a thousand lines) gets an index on first use, so that `../cac:TaxTotal` from
 * every line is not a scan of every line.
 */
const NO_ELEMENTS: readonly XdmElement[] = [];

/**
 * Element names as small integers, so that the hottest test of all — is this child a `cbc:ID`? — is
 * one integer comparison rather than two string comparisons of distinct string objects. A name
 * compiled into an expression is always registered (`elementNameId`); a document registers its
 * names only while the table is under {@link NAME_ID_LIMIT}, so that a stream of documents full of
 * made-up names cannot grow it without bound: past it, new names get -1 and are compared as strings.
 */
const NAME_IDS = new Map<string, number>();
/** How many distinct element names documents may register. */
export const NAME_ID_LIMIT = 200_000;

/**
 * The id of an expanded name (`{namespace}local`), registering it: for names compiled into expressions.
 *
 * @example
 * ```ts
 * elementNameId('{urn:x}a') === elementNameId('{urn:x}a'); // true
 * ```
 */
export function elementNameId(key: string): number {
  let id = NAME_IDS.get(key);
  if (id === undefined) {
    id = NAME_IDS.size + 1;
    NAME_IDS.set(key, id);
  }
  return id;
}

/** The id of a name met in a document: registered while the table has room, else -1 (compared as strings). */
function documentNameId(key: string): number {
  const id = NAME_IDS.get(key);
  if (id !== undefined) return id;
  return NAME_IDS.size < NAME_ID_LIMIT ? elementNameId(key) : -1;
}

function childrenNamed(
  parent: {
    readonly children: readonly (XdmElement | XdmText)[];
    childIndex: Map<string, XdmElement[]> | undefined;
  },
  key: string,
  id: number,
  namespace: string,
  local: string,
): readonly XdmElement[] {
  const children = parent.children;
  if (children.length <= 16) {
    // Most lookups find nothing or one element (`not(cbc:X)` in every syntax rule): allocate only then.
    let out: XdmElement[] | undefined;
    for (const child of children) {
      if (child.kind !== 'element') continue;
      const childId = child.nameId;
      if (childId === id || (childId < 0 && child.local === local && child.namespace === namespace)) {
        if (out === undefined) out = [child];
        else out.push(child);
      }
    }
    return out ?? NO_ELEMENTS;
  }
  let index = parent.childIndex;
  if (index === undefined) {
    index = new Map();
    for (const child of children) {
      if (child.kind !== 'element') continue;
      const name = expandedName(child.namespace, child.local);
      const list = index.get(name);
      if (list === undefined) index.set(name, [child]);
      else list.push(child);
    }
    parent.childIndex = index;
  }
  return index.get(key) ?? [];
}

/** A node of the tree. */
export type XdmNode = XdmDocument | XdmElement | XdmAttribute | XdmText;

/**
 * The document node: the root of the tree.
 *
 * @example
 * ```ts
 * const doc = parseXdm('<a><b/></a>');
 * doc.root?.local; // 'a'
 * doc.elements.length; // 2
 * ```
 */
export class XdmDocument {
  readonly kind = 'document' as const;
  readonly parent = null;
  readonly order = 0;
  /** The document element (and nothing else: comments and PIs are dropped). */
  readonly children: XdmElement[] = [];
  /** Every element by `{namespace}local`, in document order. */
  readonly byName = new Map<string, XdmElement[]>();
  /** Every element, in document order. */
  readonly elements: XdmElement[] = [];
  /** The order number after the last node. */
  end = 0;
  private attributeIndex: Map<string | null, XdmAttribute[]> | undefined;
  private namespaceIndex: Map<string, XdmElement[]> | undefined;
  /**
   * Every attribute of that expanded name (`{}schemeID`), or every attribute for null, in document
   * order: built on first use, since only `//@name` needs it.
   */
  attributesNamed(key: string | null): readonly XdmAttribute[] {
    if (this.attributeIndex === undefined) {
      const index = new Map<string | null, XdmAttribute[]>([[null, []]]);
      for (const element of this.elements) {
        for (const attribute of element.attributes) {
          (index.get(null) as XdmAttribute[]).push(attribute);
          const name = expandedName(attribute.namespace, attribute.local);
          const list = index.get(name);
          if (list === undefined) index.set(name, [attribute]);
          else list.push(attribute);
        }
      }
      this.attributeIndex = index;
    }
    return this.attributeIndex.get(key) ?? [];
  }
  /** Every element in a namespace, in document order (`//ram:*`), built on first use. */
  elementsIn(namespace: string): readonly XdmElement[] {
    if (this.namespaceIndex === undefined) {
      const index = new Map<string, XdmElement[]>();
      for (const element of this.elements) {
        const list = index.get(element.namespace);
        if (list === undefined) index.set(element.namespace, [element]);
        else list.push(element);
      }
      this.namespaceIndex = index;
    }
    return this.namespaceIndex.get(namespace) ?? [];
  }
  /** @internal The lazily built index of {@link childrenNamed}. */
  childIndex: Map<string, XdmElement[]> | undefined;
  /** The element children with that expanded name (`key` is `{namespace}local`, `id` its `elementNameId`). */
  named(key: string, id: number, namespace: string, local: string): readonly XdmElement[] {
    return childrenNamed(this, key, id, namespace, local);
  }
  /** The document element. */
  get root(): XdmElement | undefined {
    return this.children[0];
  }
}

/**
 * An element node.
 *
 * @example
 * ```ts
 * const root = parseXdm('<p:a xmlns:p="urn:x">1<b>2</b></p:a>').root;
 * root?.name; // 'p:a'
 * root?.stringValue; // '12'
 * ```
 */
export class XdmElement {
  readonly kind = 'element' as const;
  readonly attributes: XdmAttribute[] = [];
  readonly children: (XdmElement | XdmText)[] = [];
  /** The order number of the last node inside this element (itself when empty). */
  end = 0;
  /** Cached string value. */
  private text: string | undefined;
  /** @internal The lazily built index of {@link childrenNamed}. */
  childIndex: Map<string, XdmElement[]> | undefined;
  /** The element children with that expanded name (`key` is `{namespace}local`, `id` its `elementNameId`). */
  named(key: string, id: number, namespace: string, local: string): readonly XdmElement[] {
    return childrenNamed(this, key, id, namespace, local);
  }
  constructor(
    readonly parent: XdmElement | XdmDocument,
    readonly order: number,
    readonly namespace: string,
    readonly local: string,
    readonly prefix: string,
    readonly line: number,
    /** The name's `elementNameId`, or -1 when the name table is full. */
    readonly nameId: number = documentNameId(expandedName(namespace, local)),
  ) {}
  private qname: string | undefined = undefined;
  /** The lexical QName as written in the document (`cbc:ID`), what `name()` returns (built once). */
  get name(): string {
    if (this.qname === undefined)
      this.qname = this.prefix === '' ? this.local : `${this.prefix}:${this.local}`;
    return this.qname;
  }
  /** The string value: the concatenated text of every descendant text node (XDM §6.2.4). */
  get stringValue(): string {
    if (this.text !== undefined) return this.text;
    let value = '';
    const children = this.children;
    if (children.length === 1) {
      const only = children[0] as XdmElement | XdmText;
      value = only.kind === 'text' ? only.value : only.stringValue;
    } else {
      for (const child of children) value += child.kind === 'text' ? child.value : child.stringValue;
    }
    this.text = value;
    return value;
  }
}

/**
 * An attribute node.
 *
 * @example
 * ```ts
 * parseXdm('<a schemeID="0088"/>').root?.attributes[0]?.value; // '0088'
 * ```
 */
export class XdmAttribute {
  readonly kind = 'attribute' as const;
  constructor(
    readonly parent: XdmElement,
    readonly order: number,
    readonly namespace: string,
    readonly local: string,
    readonly prefix: string,
    readonly value: string,
  ) {}
  /** The lexical QName as written (`schemeID`). */
  get name(): string {
    return this.prefix === '' ? this.local : `${this.prefix}:${this.local}`;
  }
  /** The attribute's value. */
  get stringValue(): string {
    return this.value;
  }
}

/**
 * A text node (adjacent text and CDATA merged, XDM §6.7.1).
 *
 * @example
 * ```ts
 * parseXdm('<a>x<![CDATA[y]]></a>').root?.children[0]?.stringValue; // 'xy': text and CDATA merge
 * ```
 */
export class XdmText {
  readonly kind = 'text' as const;
  constructor(
    readonly parent: XdmElement,
    readonly order: number,
    public value: string,
  ) {}
  /** The text. */
  get stringValue(): string {
    return this.value;
  }
}

/**
 * A malformed document: the scanner's message (`line:column: what`, column from 0), with its line.
 *
 * @example
 * ```ts
 * try { parseXdm('<a>'); } catch (error) { (error as XdmParseError).line; } // 1
 * ```
 */
export class XdmParseError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
    /** True when the document passed one of fiscalkit's reading limits (nesting depth, attributes per element) rather than broke XML. */
    readonly limit = false,
  ) {
    super(message);
    this.name = 'XdmParseError';
  }
}

/**
 * The index key of an expanded name.
 *
 * @example
 * ```ts
 * expandedName('urn:x', 'Invoice'); // '{urn:x}Invoice'
 * ```
 */
export function expandedName(namespace: string, local: string): string {
  return `{${namespace}}${local}`;
}

/**
 * Parses a document into its XDM tree with fiscalkit's strict XML 1.0 + namespaces scanner
 * (`scanXmlDocument` in `src/xpath/scan.ts`: several times faster than saxes, which built this
 * tree before, issue #21). The caller has already passed the document through fiscalkit's XML guards
 * (size, DOCTYPE, encoding: `src/xml/guards.ts`); a document that is not well-formed throws
 * {@link XdmParseError} with the line of the fault. An element's `line` is the line of its start tag's
 * `<`. Adjacent text and CDATA sections make one text node; a comment or PI between them makes two.
 *
 * @example
 * ```ts
 * const doc = parseXdm('<a xmlns="urn:x"><b>1</b><b>2</b></a>');
 * doc.root?.stringValue; // '12'
 * doc.byName.get('{urn:x}b')?.length; // 2
 * ```
 */
export function parseXdm(xml: string): XdmDocument {
  const doc = new XdmDocument();
  const byName = doc.byName;
  const elements = doc.elements;
  let order = 0;
  let current: XdmElement | XdmDocument = doc;
  const sink: XmlSink = {
    startElement(name: XmlName, line: number): void {
      order += 1;
      const element: XdmElement = new XdmElement(
        current,
        order,
        name.namespace,
        name.local,
        name.prefix,
        line,
        documentNameId(name.key),
      );
      (current.children as XdmElement[]).push(element);
      const list = byName.get(name.key);
      if (list === undefined) byName.set(name.key, [element]);
      else list.push(element);
      elements.push(element);
      current = element;
    },
    attribute(name: XmlName, value: string): void {
      // Namespace declarations are not attributes in the XDM (§6.3.1): the scan does not report them.
      order += 1;
      const element = current as XdmElement;
      element.attributes.push(
        new XdmAttribute(element, order, name.namespace, name.local, name.prefix, value),
      );
    },
    endElement(): void {
      const element = current as XdmElement;
      element.end = order;
      current = element.parent;
    },
    text(value: string): void {
      order += 1;
      const element = current as XdmElement;
      element.children.push(new XdmText(element, order, value));
    },
  };
  try {
    scanXmlDocument(xml, sink);
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new XdmParseError(error.message, error.line, error.limit);
    throw error;
  }
  doc.end = order;
  return doc;
}
