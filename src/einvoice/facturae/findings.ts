/**
 * Runs the Facturae arithmetic rules ({@link FACTURAE_RULE_TABLE}) over a document (issue #21 layer 6)
 * and answers with e-invoice findings, rule set `facturae-rules`.
 *
 * The XAdES signature is NOT verified: fiscalkit reads `ds:Signature` as any other element and judges
 * neither the signature value, nor the certificate, nor the signing policy. Verifying it needs XML
 * canonicalisation, RSA/ECDSA over the referenced nodes and, to mean anything, the certificate chain
 * and its revocation status against the Spanish trust list at the signing time — a PKI service, not a
 * document rule, and nothing a pure library can do offline. A host that must verify it uses a XAdES
 * validator built for that (the EU DSS library, or the Spanish administration's VALIDe / @firma
 * services); FACe verifies the signature itself on submission.
 *
 * @module
 */
import { parseXdm, type XdmDocument, XdmParseError } from '../../xpath/document.js';
import type { EInvoiceFinding } from '../verdict.js';
import { FacturaeElement } from './element.js';
import { FACTURAE_ROOT } from './namespaces.js';
import {
  FACTURAE_RULE_TABLE,
  type FacturaeFileView,
  type FacturaeInvoiceView,
  type FacturaeViolation,
} from './rules.js';

/** One violation as a finding of the `facturae-rules` rule set. */
function finding(rule: string, violation: FacturaeViolation): EInvoiceFinding {
  return {
    rule,
    severity: 'fatal',
    ruleSet: 'facturae-rules',
    message: violation.message,
    location: violation.path,
    line: violation.line,
  };
}

/**
 * The arithmetic findings of a parsed Facturae 3.2, 3.2.1 or 3.2.2 document (the XDM tree the
 * e-invoice validator parses once, `parseXdm`): every relation of {@link FACTURAE_RULE_TABLE} the
 * document breaks, each a `fatal` finding of the `facturae-rules` rule set with its id
 * (`facturae.totals.invoice-total`), a message that gives the written and the computed figures, the
 * XPath of the written result (`/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/InvoiceTotal`, with the
 * document's own root prefix) and its line.
 *
 * Order: the file header's rules, then each invoice's (its taxes and totals, then its lines). A
 * document whose root is not `Facturae` has no arithmetic findings ([]). Rules whose operands are
 * missing, repeated or not numbers are skipped: the XSD layer (`facturae-xsd`) reports those. The XAdES
 * signature is not verified (module comment).
 *
 * @example
 * ```ts
 * facturaeDocumentFindings(parseXdm(validFacturae)); // []
 * facturaeDocumentFindings(parseXdm(validFacturae.replace('<InvoiceTotal>902.33<', '<InvoiceTotal>902.34<')));
 * // [{ rule: 'facturae.totals.invoice-total', severity: 'fatal', ruleSet: 'facturae-rules',
 * //    message: 'InvoiceTotal is 902.34, but 852.04 + 171.86 − 121.57 = 902.33 (Facturae: …)',
 * //    location: '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/InvoiceTotal', line: 132 }, …]
 * ```
 */
export function facturaeDocumentFindings(document: XdmDocument): EInvoiceFinding[] {
  const rootElement = document.root;
  if (rootElement === undefined || rootElement.local !== FACTURAE_ROOT) return [];
  const root = new FacturaeElement(rootElement, `/${rootElement.name}`);
  const invoicesElement = root.one('Invoices');
  const invoices: FacturaeInvoiceView[] = (
    invoicesElement === undefined || invoicesElement === 'many' ? [] : invoicesElement.all('Invoice')
  ).map((invoice) => {
    const totals = invoice.one('InvoiceTotals');
    const items = invoice.one('Items');
    return {
      invoice,
      totals: totals === 'many' ? undefined : totals,
      lines: items === undefined || items === 'many' ? [] : items.all('InvoiceLine'),
    };
  });
  const file: FacturaeFileView = { root, invoices };

  const findings: EInvoiceFinding[] = [];
  for (const rule of FACTURAE_RULE_TABLE)
    if (rule.scope === 'file')
      for (const violation of rule.check(file)) findings.push(finding(rule.rule, violation));
  for (const invoice of invoices) {
    for (const rule of FACTURAE_RULE_TABLE)
      if (rule.scope === 'invoice')
        for (const violation of rule.check(invoice)) findings.push(finding(rule.rule, violation));
    for (const line of invoice.lines)
      for (const rule of FACTURAE_RULE_TABLE)
        if (rule.scope === 'line')
          for (const violation of rule.check(line)) findings.push(finding(rule.rule, violation));
  }
  return findings;
}

/**
 * {@link facturaeDocumentFindings} of a document's text, which the caller has guarded (size, DOCTYPE,
 * encoding: `src/xml/guards.ts`). A text that is not well-formed XML has no arithmetic findings ([]):
 * the XML and XSD layers judge it.
 *
 * @example
 * ```ts
 * facturaeRuleFindings(validFacturae); // []
 * facturaeRuleFindings(validFacturae.replace('<TotalCost>600.00<', '<TotalCost>600.01<')).map((f) => f.rule);
 * // ['facturae.line.total-cost', 'facturae.line.gross-amount']
 * facturaeRuleFindings('<fe:Facturae'); // []: not well-formed
 * ```
 */
export function facturaeRuleFindings(xml: string): EInvoiceFinding[] {
  let document: XdmDocument;
  try {
    document = parseXdm(xml);
  } catch (error) {
    if (error instanceof XdmParseError) return [];
    throw error;
  }
  return facturaeDocumentFindings(document);
}
