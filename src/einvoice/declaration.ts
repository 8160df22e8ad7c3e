/**
 * What an e-invoice says about itself, read from its parsed tree before any rule runs: the root
 * element, the specification identifier (EN 16931-1 BT-24: UBL `cbc:CustomizationID`, CII
 * `rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`), the UBL
 * `cbc:UBLVersionID`, the Facturae `FileHeader/SchemaVersion` and the FatturaPA `@versione`. Only the
 * root's first children are looked at: each of these is a header element of its syntax.
 *
 * @module
 */
import type { XdmDocument, XdmElement } from '../xpath/document.js';
import type { DeclaredDocument } from './specification.js';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';

/** The first child element of `parent` named `{namespace}local`. */
function child(parent: XdmElement | undefined, namespace: string, local: string): XdmElement | undefined {
  if (parent === undefined) return undefined;
  for (const node of parent.children)
    if (node.kind === 'element' && node.local === local && node.namespace === namespace) return node;
  return undefined;
}

/** An element's string value, or null when the element is absent. */
function text(element: XdmElement | undefined): string | null {
  return element === undefined ? null : element.stringValue;
}

/**
 * The {@link DeclaredDocument} of a parsed e-invoice: root, declared specification (as written; the
 * judgement normalises white space) and version. For Facturae the declared specification is
 * `FileHeader/SchemaVersion` (the namespace decides the schema all the same).
 *
 * @example
 * ```ts
 * declaredDocument(parseXdm(ublXml));
 * // { root: { name: 'Invoice', namespace: 'urn:oasis:…:Invoice-2' }, declared: 'urn:cen.eu:en16931:2017', version: '2.1' }
 * ```
 */
export function declaredDocument(document: XdmDocument): DeclaredDocument {
  const root = document.root;
  if (root === undefined) return { root: { name: '', namespace: null }, declared: null, version: null };
  const base = { root: { name: root.local, namespace: root.namespace === '' ? null : root.namespace } };
  if (root.local === 'CrossIndustryInvoice' && root.namespace === RSM) {
    const parameter = child(
      child(root, RSM, 'ExchangedDocumentContext'),
      RAM,
      'GuidelineSpecifiedDocumentContextParameter',
    );
    return { ...base, declared: text(child(parameter, RAM, 'ID')), version: null };
  }
  if (root.local === 'Facturae')
    return {
      ...base,
      declared: text(child(child(root, '', 'FileHeader'), '', 'SchemaVersion')),
      version: null,
    };
  if (root.local === 'FatturaElettronica') {
    const versione = root.attributes.find(
      (attribute) => attribute.local === 'versione' && attribute.namespace === '',
    );
    return { ...base, declared: null, version: versione?.value ?? null };
  }
  return {
    ...base,
    declared: text(child(root, CBC, 'CustomizationID')),
    version: text(child(root, CBC, 'UBLVersionID'))?.trim() ?? null,
  };
}
