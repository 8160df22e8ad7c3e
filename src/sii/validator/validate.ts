/**
 * A small generic XML Schema validator over a {@link SchemaModel} (issue #6): the model is compiled once
 * into deterministic automata (one per complex type, Glushkov construction with occurrence counters;
 * XSD's Unique Particle Attribution rule makes them deterministic) and simple-value checks, then each
 * document is walked element by element. It decides validity as the XSD does for the constructs the
 * model has (see `schemaModel.ts`): element-only content in sequence/choice order with occurrence
 * bounds, namespaces, no undeclared attributes (namespace declarations and `xsi:schemaLocation` /
 * `xsi:noNamespaceSchemaLocation` are allowed; `xsi:type` only naming the declared type; no `xsi:nil`,
 * nothing is nillable), no text in element-only content, no child elements in simple content, and the
 * facets of every simple value.
 *
 * Parsing: saxes is the reference parser (without its namespace processing, which the walker does:
 * it costs a fifth of the parse). A document is first walked with the fast scanner of `fastXml.ts`,
 * which settles the common case — plain, well-formed and valid — in about half the time; on anything
 * else (markup outside its subset, a well-formedness error, the first schema error) it gives up and the
 * document is walked again with saxes, which gives the verdict and the errors with their lines.
 *
 * Error paths: from the root's child down (`Cabecera/Titular/NIF`), repeatable elements with their
 * 1-based position (`DetalleIVA[2]`); the record step (`RegistroLRFacturasEmitidas[1]/`) is left out
 * when the message has exactly one record, so an error reads the same in a one-record message as in
 * the record itself; errors about the root element itself have the root's name as path. An element
 * that is not allowed is reported on its parent's path.
 *
 * Known difference from libxml2: saxes expands no entities declared in a DOCTYPE (a document that uses
 * them is reported as malformed here); fiscalkit never writes a DOCTYPE.
 *
 * @module
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { loneSurrogateVerdict, type SchemaError, type SchemaVerdict } from '../../xml/schemaValidator.js';
import { isAsciiName, NO_ATTRIBUTES, scanXml, type XmlScanEvents } from './fastXml.js';
import type { ComplexTypeModel, Particle, SchemaModel } from './schemaModel.js';
import { compileSimpleType, type SimpleValueCheck } from './simpleValue.js';

/** An unpaired surrogate: with the `u` flag a surrogate class matches only those (a pair is one code point). */

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const XS_NS = 'http://www.w3.org/2001/XMLSchema';
/** At most this many errors per document (a badly broken document would otherwise list thousands). */
const MAX_ERRORS = 100;

/** An element declaration as the validator uses it. */
interface ElementDecl {
  readonly uri: string;
  readonly local: string;
  readonly typeId: string;
  readonly min: number;
  /** `Infinity` for unbounded. */
  readonly max: number;
  /** Declared with maxOccurs > 1: paths give its position. */
  readonly repeatable: boolean;
  /** Its type, linked once every type is compiled. */
  type?: CompiledType;
}

/** Where an automaton goes on an element: the particle (position) it matches. */
interface Target {
  readonly position: number;
  readonly decl: ElementDecl;
}

/** A state of a content automaton: the start (-1) or "just matched particle `position`". */
interface State {
  /** Local name → the targets with that local name (normally one; namespaces tell them apart). */
  readonly next: Map<string, Target[]>;
  /** Whether the content may end here (once the current particle's minOccurs is reached). */
  readonly final: boolean;
  /** The targets in schema order, for "expected …" messages. */
  readonly targets: readonly Target[];
}

interface CompiledComplexType {
  readonly kind: 'complex';
  readonly id: string;
  readonly start: State;
  /** By particle position. */
  readonly states: readonly State[];
  readonly decls: readonly ElementDecl[];
  /** Every element particle by local name, to keep checking children after a content error. */
  readonly byName: Map<string, ElementDecl[]>;
}

interface CompiledSimpleType {
  readonly kind: 'simple';
  readonly id: string;
  readonly check: SimpleValueCheck;
}

type CompiledType = CompiledComplexType | CompiledSimpleType;

/** A {@link SchemaModel} compiled for validation (opaque; build it once with {@link compileSchemaModel}). */
export interface CompiledSchemaModel {
  readonly source: string;
  /** `uri local` → the global element and its type. */
  readonly roots: ReadonlyMap<string, { decl: ElementDecl; type: CompiledType }>;
  readonly types: ReadonlyMap<string, CompiledType>;
  /** Prefix → namespace URI of the model, for messages. */
  readonly namespaces: Readonly<Record<string, string>>;
  /** Every namespace URI of the model, to itself (for interning the document's). */
  readonly uris: ReadonlyMap<string, string>;
}

function splitName(model: SchemaModel, name: string): { uri: string; local: string } {
  const colon = name.indexOf(':');
  if (colon < 0) return { uri: '', local: name };
  const prefix = name.slice(0, colon);
  const uri = prefix === 'xs' ? XS_NS : model.namespaces[prefix];
  if (uri === undefined) throw new Error(`${model.source}: unknown prefix ${prefix} in ${name}`);
  return { uri, local: name.slice(colon + 1) };
}

/** Glushkov automaton of a content model with counters on element particles. */
function compileComplexType(model: SchemaModel, id: string, type: ComplexTypeModel): CompiledComplexType {
  const decls: ElementDecl[] = [];
  const follow: Set<number>[] = [];
  const fail = (what: string): never => {
    throw new Error(`${model.source}: type ${id}: ${what}`);
  };
  interface Summary {
    nullable: boolean;
    first: Set<number>;
    last: Set<number>;
  }
  const walk = (particle: Particle): Summary => {
    const max = particle.max === 'unbounded' ? Number.POSITIVE_INFINITY : particle.max;
    if (particle.kind === 'element') {
      const position = decls.length;
      decls.push({
        ...splitName(model, particle.name),
        typeId: particle.type,
        min: particle.min,
        max,
        repeatable: max > 1,
      });
      follow.push(new Set(max > 1 ? [position] : []));
      return { nullable: particle.min === 0, first: new Set([position]), last: new Set([position]) };
    }
    if (particle.min > 1) fail('a model group with minOccurs > 1 is not supported');
    if (max > 1 && max !== Number.POSITIVE_INFINITY)
      fail('a model group with a bounded maxOccurs > 1 is not supported');
    const parts = particle.particles.map(walk);
    let summary: Summary;
    if (particle.kind === 'choice') {
      summary = { nullable: parts.some((part) => part.nullable), first: new Set(), last: new Set() };
      for (const part of parts) {
        for (const position of part.first) summary.first.add(position);
        for (const position of part.last) summary.last.add(position);
      }
    } else {
      summary = { nullable: true, first: new Set(), last: new Set() };
      for (const part of parts) {
        for (const position of summary.last) for (const next of part.first) follow[position]?.add(next);
        if (summary.nullable) for (const position of part.first) summary.first.add(position);
        summary.last = part.nullable ? new Set([...summary.last, ...part.last]) : new Set(part.last);
        summary.nullable &&= part.nullable;
      }
    }
    if (particle.min === 0) summary.nullable = true;
    if (max > 1)
      for (const position of summary.last) for (const next of summary.first) follow[position]?.add(next);
    return summary;
  };
  const root = type.content === null ? null : walk(type.content);
  const state = (positions: Iterable<number>, final: boolean): State => {
    const targets = [...positions]
      .sort((a, b) => a - b)
      .map((position) => ({ position, decl: decls[position] as ElementDecl }));
    const next = new Map<string, Target[]>();
    for (const target of targets) {
      const same = next.get(target.decl.local) ?? [];
      if (same.some((other) => other.decl.uri === target.decl.uri)) {
        fail(`two particles for element ${target.decl.local} compete (not deterministic)`);
      }
      same.push(target);
      next.set(target.decl.local, same);
    }
    return { next, final, targets };
  };
  const start = state(root?.first ?? [], root === null || root.nullable);
  const states = decls.map((_, position) => state(follow[position] ?? [], root?.last.has(position) ?? false));
  const byName = new Map<string, ElementDecl[]>();
  for (const decl of decls) byName.set(decl.local, [...(byName.get(decl.local) ?? []), decl]);
  return { kind: 'complex', id, start, states, decls, byName };
}

/**
 * Compiles a schema model for {@link schemaModelValidator}: one deterministic automaton per complex
 * type and one check per simple type (regular expressions compiled once). Do it once and keep the
 * result.
 *
 * @throws Error when the model is not deterministic or uses something the validator does not implement.
 *
 * @example
 * const validate = schemaModelValidator(compileSchemaModel(SII_CONTENT_MODEL));
 * validate(xml).valid;
 */
export function compileSchemaModel(model: SchemaModel): CompiledSchemaModel {
  const types = new Map<string, CompiledType>();
  for (const [id, type] of Object.entries(model.types)) {
    types.set(
      id,
      type.kind === 'complex'
        ? compileComplexType(model, id, type)
        : { kind: 'simple', id, check: compileSimpleType(id.replace(/^~/, ''), type) },
    );
  }
  const typeOf = (typeId: string): CompiledType => {
    const type = types.get(typeId);
    if (type === undefined) throw new Error(`${model.source}: unknown type ${typeId}`);
    return type;
  };
  for (const type of types.values())
    if (type.kind === 'complex') for (const decl of type.decls) decl.type = typeOf(decl.typeId);
  const roots = new Map<string, { decl: ElementDecl; type: CompiledType }>();
  for (const [name, typeId] of Object.entries(model.roots)) {
    const { uri, local } = splitName(model, name);
    roots.set(`${uri} ${local}`, {
      decl: { uri, local, typeId, min: 1, max: 1, repeatable: false },
      type: typeOf(typeId),
    });
  }
  const uris = new Map<string, string>();
  for (const uri of Object.values(model.namespaces)) uris.set(uri, uri);
  return { source: model.source, roots, types, namespaces: model.namespaces, uris };
}

/** One open element during the walk (frames are pooled by depth and reused). */
interface Frame {
  decl: ElementDecl;
  type: CompiledType;
  /** 1-based position among its siblings of the same particle (shown in paths when repeatable). */
  index: number;
  line: number;
  /** Automaton position (-1: start). */
  state: number;
  /** Consecutive occurrences of the particle at `state`. */
  count: number;
  /** A content error was reported: no further content checks (children are still validated). */
  broken: boolean;
  /** Text of simple content. */
  text: string;
  /** Children seen by local name, kept only after a content error (for the positions of repeatable ones). */
  seen: Map<string, number> | null;
  /** In-scope namespaces: prefix → URI ('' for the default namespace). */
  scope: Scope;
}

/**
 * Namespace bindings in scope: prefix, URI, prefix, URI, … (the default namespace has prefix ''),
 * inner declarations after outer ones; and the element names already resolved in it, shared by every
 * scope with the same bindings (documents after the first resolve their names by one lookup, and the
 * local names they get back are the same strings every time, cheap to look up again).
 */
interface Scope {
  readonly bindings: readonly string[];
  readonly names: Map<string, { readonly uri: string; readonly local: string }>;
}

interface PendingError {
  /** Path steps below the root; empty for the root itself. */
  segments: string[];
  /** The first step is a record (a repeatable child of the root). */
  inRecord: boolean;
  line: number | null;
  message: string;
}

/** Thrown to stop the fast pass at its first problem (the saxes pass then decides and reports). */
const GIVE_UP: unique symbol = Symbol('give up the fast pass');

/** Thrown to stop saxes on the first well-formedness error. */
class MalformedXml {
  constructor(
    readonly message: string,
    readonly line: number,
  ) {}
}

function expectedList(targets: readonly Target[], frame: Frame, end: boolean): string {
  const names: string[] = [];
  for (const target of targets) {
    // A repeatable current particle is only expected again while below its maxOccurs (a particle that
    // comes back through a repeated model group starts a new count).
    if (target.position === frame.state && target.decl.repeatable && frame.count >= target.decl.max) continue;
    if (!names.includes(target.decl.local)) names.push(target.decl.local);
  }
  if (end) names.push(`end of ${frame.decl.local}`);
  if (names.length === 0) return 'nothing';
  return names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

const NOT_WHITESPACE = /[^ \t\n\r]/;

function isWhitespace(text: string): boolean {
  return !NOT_WHITESPACE.test(text);
}

function typeName(type: CompiledType): string {
  return type.id.startsWith('~') ? type.id.slice(1) : type.id;
}

/**
 * The walk of one document at a time against a compiled model. One walker keeps its saxes parser and
 * its frames between documents (saxes resets itself at the end of each document), so validating many
 * small documents allocates little; it is not re-entrant, which a synchronous walk never needs.
 */
class SchemaWalker {
  private parser: SaxesParser<{ position: true }>;
  private readonly frames: Frame[] = [];
  /** Index of the innermost open element in `frames`; -1 before the root. */
  private top = -1;
  private pending: PendingError[] = [];
  private rootLocal = '';
  private records = 0;
  /** Depth of an ignored subtree (an element that is not allowed, or below one). */
  private skip = 0;
  /** In the fast pass: any error gives up (throws {@link GIVE_UP}) instead of being reported. */
  private fast = false;
  /** Element names resolved per set of namespace bindings (see {@link Scope}). */
  private readonly scopeNames = new Map<
    string,
    Map<string, { readonly uri: string; readonly local: string }>
  >();
  /** The scope last made by {@link SchemaWalker.scopeOf}. */
  private lastScope: Scope | undefined;
  /** The bindings every document starts with. */
  private readonly baseScope: Scope = { bindings: ['xml', XML_NS], names: new Map() };
  /** The walk's handlers for the fast scanner. */
  private readonly events: XmlScanEvents = {
    open: (name, attributes) => this.openTag(name, attributes),
    text: (text) => this.text(text, false),
    close: () => this.closeTag(),
  };

  constructor(private readonly schema: CompiledSchemaModel) {
    this.parser = this.newParser();
  }

  private newParser(): SaxesParser<{ position: true }> {
    const parser = new SaxesParser({ position: true });
    parser.on('opentag', (tag) => this.openTag(tag.name, (tag as SaxesTagPlain).attributes));
    parser.on('text', (text) => this.text(text, false));
    parser.on('cdata', (text) => this.text(text, true));
    parser.on('closetag', () => this.closeTag());
    // Namespaces in XML 1.0 §7: "No entity names, processing instruction targets, or notation names
    // contain any colons." saxes (without its xmlns mode) lets such a target through; libxml2, and so
    // fiscalkit/xsd, refuses it (found by the text-edit agreement property, issue #18 item 18).
    parser.on('processinginstruction', (instruction) => {
      if (instruction.target.includes(':'))
        throw new MalformedXml(
          `colons are forbidden from processing instruction targets ('${instruction.target}')`,
          parser.line,
        );
    });
    parser.on('error', (error) => {
      throw new MalformedXml(error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, ''), parser.line);
    });
    return parser;
  }

  private reset(fast: boolean): void {
    this.fast = fast;
    this.top = -1;
    this.pending = [];
    this.rootLocal = '';
    this.records = 0;
    this.skip = 0;
  }

  validate(xml: string): SchemaVerdict {
    // A lone surrogate is refused before parsing, with the same verdict in every validator.
    const surrogate = loneSurrogateVerdict(xml);
    if (surrogate !== null) return surrogate;
    // First the fast scan (fastXml.ts): it settles the common case, a well-formed valid document. On
    // anything else — outside its subset, malformed, or the first schema error — it gives up, and the
    // saxes pass below decides and reports, with lines. So verdicts never depend on the fast scan.
    this.reset(true);
    let valid = false;
    try {
      valid = scanXml(xml, this.events) && this.top < 0;
    } catch (error) {
      if (error !== GIVE_UP) throw error;
    }
    if (valid) return { valid: true, errors: [] };
    this.reset(false);
    try {
      this.parser.write(xml).close();
    } catch (error) {
      // The parser stopped in the middle of a document: start the next one with a fresh parser.
      this.parser = this.newParser();
      if (!(error instanceof MalformedXml)) throw error;
      return {
        valid: false,
        errors: [{ path: '', line: error.line, message: `malformed XML: ${error.message}` }],
      };
    }
    const errors: SchemaError[] = this.pending.map((error) => {
      let segments = error.segments;
      if (error.inRecord && this.records === 1 && segments.length > 0) {
        segments =
          segments.length === 1 ? [(segments[0] as string).replace(/\[\d+\]$/, '')] : segments.slice(1);
      }
      return {
        path: segments.length === 0 ? this.rootLocal : segments.join('/'),
        line: error.line,
        message: error.message,
      };
    });
    this.pending = [];
    return { valid: errors.length === 0, errors };
  }

  /** Records an error about the element at `depth` (its path; 0 is the root). */
  private report(depth: number, line: number | null, message: string): void {
    if (this.fast) throw GIVE_UP;
    if (this.pending.length >= MAX_ERRORS) return;
    const segments: string[] = [];
    for (let index = 1; index <= depth; index += 1) {
      const frame = this.frames[index] as Frame;
      segments.push(frame.decl.repeatable ? `${frame.decl.local}[${frame.index}]` : frame.decl.local);
    }
    const record = depth >= 1 ? this.frames[1] : undefined;
    this.pending.push({ segments, inRecord: record?.decl.repeatable === true, line, message });
  }

  private push(decl: ElementDecl, type: CompiledType, index: number, line: number, scope: Scope): Frame {
    this.top += 1;
    let frame = this.frames[this.top];
    if (frame === undefined) {
      frame = { decl, type, index, line, state: -1, count: 0, broken: false, text: '', seen: null, scope };
      this.frames[this.top] = frame;
    } else {
      frame.decl = decl;
      frame.type = type;
      frame.index = index;
      frame.line = line;
      frame.state = -1;
      frame.count = 0;
      frame.broken = false;
      frame.text = '';
      frame.seen = null;
      frame.scope = scope;
    }
    return frame;
  }

  /** Matches a child element against its parent's automaton; reports and returns null when it does not fit. */
  private child(parent: Frame, uri: string, local: string, line: number): ElementDecl | null {
    const type = parent.type;
    const depth = this.top;
    if (type.kind === 'simple') {
      if (!parent.broken) {
        this.report(
          depth,
          line,
          `element ${local} is not allowed here; ${parent.decl.local} has simple content (${typeName(type)})`,
        );
        parent.broken = true;
      }
      return null;
    }
    if (parent.broken) {
      // Keep validating the children we recognise, without judging their order any more.
      const decl = type.byName.get(local)?.find((candidate) => candidate.uri === uri);
      if (decl === undefined) return null;
      parent.seen ??= new Map();
      parent.count = (parent.seen.get(local) ?? 0) + 1;
      parent.seen.set(local, parent.count);
      return decl;
    }
    const state = parent.state < 0 ? type.start : (type.states[parent.state] as State);
    const candidates = state.next.get(local);
    let target: Target | undefined;
    if (candidates !== undefined) {
      for (const candidate of candidates) if (candidate.decl.uri === uri) target = candidate;
    }
    const current = parent.state < 0 ? undefined : (type.decls[parent.state] as ElementDecl);
    let problem: string | undefined;
    if (target === undefined) {
      const end = state.final && (current === undefined || parent.count >= current.min);
      problem =
        candidates === undefined
          ? `element ${local} is not allowed here; expected ${expectedList(state.targets, parent, end)}`
          : `element ${local} in namespace ${uri || '(none)'} is not allowed here; expected ${local} in namespace ${(candidates[0] as Target).decl.uri}`;
    } else if (target.position === parent.state && target.decl.repeatable) {
      if (parent.count >= target.decl.max) {
        problem = `element ${local} is not allowed here: at most ${target.decl.max} ${local} in ${parent.decl.local}; expected ${expectedList(state.targets, parent, state.final)}`;
      } else parent.count += 1;
    } else if (current !== undefined && parent.count < current.min) {
      problem = `element ${local} is not allowed here: ${current.local} must occur at least ${current.min} times; expected ${current.local}`;
    } else {
      parent.state = target.position;
      parent.count = 1;
    }
    if (problem !== undefined || target === undefined) {
      this.report(depth, line, problem ?? `element ${local} is not allowed here`);
      parent.broken = true;
      // Count what was seen so far, for the positions of the children still validated after this.
      parent.seen = new Map();
      if (current !== undefined) parent.seen.set(current.local, parent.count);
      return null;
    }
    return target.decl;
  }

  /**
   * The namespace scope of a new element: its parent's, or a child scope when the element declares
   * namespaces (`xmlns`, `xmlns:p`). Namespaces are processed here rather than by saxes (`xmlns: true`
   * costs about a fifth of the parse); the Namespaces in XML constraints are checked the same way.
   */
  private scopeOf(attributes: Readonly<Record<string, string>>, parent: Scope): Scope {
    let bindings: string[] | undefined;
    for (const name in attributes) {
      if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
      const prefix = name === 'xmlns' ? '' : name.slice(6);
      const uri = attributes[name] as string;
      if (prefix === 'xmlns' || (prefix === 'xml') !== (uri === XML_NS) || uri === XMLNS_NS) {
        this.malformed(`the namespace declaration ${name}="${uri}" is not allowed`);
      }
      if (prefix !== '' && uri === '') this.malformed(`the prefix ${prefix} cannot be undeclared`);
      bindings ??= [...parent.bindings];
      // The model's own string for a known namespace: later comparisons are then by identity.
      bindings.push(prefix, this.schema.uris.get(uri) ?? uri);
    }
    if (bindings === undefined) return parent;
    // Most documents declare the same namespaces as the one before: reuse that scope.
    const last = this.lastScope;
    if (last !== undefined && last.bindings.length === bindings.length) {
      let same = true;
      for (let index = 0; index < bindings.length && same; index += 1)
        same = last.bindings[index] === bindings[index];
      if (same) return last;
    }
    const key = bindings.join('\u0000');
    let names = this.scopeNames.get(key);
    if (names === undefined) {
      if (this.scopeNames.size >= 64) this.scopeNames.clear();
      names = new Map();
      this.scopeNames.set(key, names);
    }
    this.lastScope = { bindings, names };
    return this.lastScope;
  }

  /** The namespace URI and local name of the last {@link SchemaWalker.resolveName} (no allocation per element). */
  private nameUri = '';
  private nameLocal = '';

  /** Resolves a prefixed name in a scope into `nameUri` / `nameLocal`; an unbound prefix is malformed XML. */
  private resolveName(name: string, scope: Scope, attribute: boolean): void {
    if (!attribute) {
      const known = scope.names.get(name);
      if (known !== undefined) {
        this.nameUri = known.uri;
        this.nameLocal = known.local;
        return;
      }
    }
    // The fast scanner leaves checking the names of start tags to us (fastXml.ts); saxes checks them.
    if (this.fast && !isAsciiName(name)) throw GIVE_UP;
    const { bindings } = scope;
    const colon = name.indexOf(':');
    let uri: string | undefined;
    if (colon < 0) {
      if (!attribute) {
        for (let index = bindings.length - 2; index >= 0; index -= 2) {
          if (bindings[index] === '') {
            uri = bindings[index + 1];
            break;
          }
        }
      }
      uri ??= '';
    } else {
      for (let index = bindings.length - 2; index >= 0; index -= 2) {
        const prefix = bindings[index] as string;
        if (prefix.length === colon && name.startsWith(prefix)) {
          uri = bindings[index + 1];
          break;
        }
      }
      if (uri === undefined)
        this.malformed(`unbound namespace prefix: ${JSON.stringify(name.slice(0, colon))}`);
    }
    const local = colon < 0 ? name : name.slice(colon + 1);
    if (!attribute && scope.names.size < 1024) scope.names.set(name, { uri, local });
    this.nameUri = uri;
    this.nameLocal = local;
  }

  private malformed(message: string): never {
    if (this.fast) throw GIVE_UP;
    throw new MalformedXml(message, this.parser.line);
  }

  /** The current line (saxes pass only: the fast pass gives up on any error, so it needs none). */
  private line(): number {
    return this.fast ? 0 : this.parser.line;
  }

  private openTag(tagName: string, attributes: Readonly<Record<string, string>>): void {
    const line = this.line();
    if (this.skip > 0) {
      this.skip += 1;
      return;
    }
    const parent = this.top < 0 ? undefined : (this.frames[this.top] as Frame);
    const inherited = parent?.scope ?? this.baseScope;
    const scope = attributes === NO_ATTRIBUTES ? inherited : this.scopeOf(attributes, inherited);
    this.resolveName(tagName, scope, false);
    const uri = this.nameUri;
    const local = this.nameLocal;
    let frame: Frame;
    if (parent === undefined) {
      this.rootLocal = local;
      const root = this.schema.roots.get(`${uri} ${local}`);
      if (root === undefined) {
        const where = uri === '' ? ' (no namespace)' : ` in namespace ${uri}`;
        this.report(0, line, `root element ${local}${where} is not declared by ${this.schema.source}`);
        this.skip = 1;
        return;
      }
      frame = this.push(root.decl, root.type, 1, line, scope);
    } else {
      const decl = this.child(parent, uri, local, line);
      if (decl === null) {
        this.skip = 1;
        return;
      }
      if (this.top === 0 && decl.repeatable) this.records += 1;
      frame = this.push(decl, decl.type as CompiledType, parent.count, line, scope);
    }
    if (attributes !== NO_ATTRIBUTES) {
      for (const _ in attributes) {
        this.checkAttributes(attributes, frame);
        break;
      }
    }
  }

  private checkAttributes(attributes: Readonly<Record<string, string>>, frame: Frame): void {
    const seen = new Set<string>();
    for (const name in attributes) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      this.resolveName(name, frame.scope, true);
      const uri = this.nameUri;
      const local = this.nameLocal;
      if (seen.has(`${uri} ${local}`)) this.malformed(`duplicate attribute ${name}`);
      seen.add(`${uri} ${local}`);
      if (uri === XSI_NS) {
        if (local === 'schemaLocation' || local === 'noNamespaceSchemaLocation') continue;
        if (local === 'type') {
          const value = (attributes[name] as string).trim();
          this.resolveName(value, frame.scope, false);
          const typeUri = this.nameUri;
          const typeLocal = this.nameLocal;
          const prefix = Object.entries(this.schema.namespaces).find(
            ([, namespace]) => namespace === typeUri,
          )?.[0];
          const typeId =
            typeUri === XS_NS
              ? `xs:${typeLocal}`
              : prefix === undefined
                ? undefined
                : `${prefix}:${typeLocal}`;
          if (typeId !== frame.decl.typeId) {
            this.report(
              this.top,
              frame.line,
              `xsi:type ${JSON.stringify(value)} is not the declared type of ${frame.decl.local}`,
            );
          }
          continue;
        }
        if (local === 'nil') {
          this.report(this.top, frame.line, `${frame.decl.local} is not nillable (xsi:nil)`);
          continue;
        }
      }
      this.report(this.top, frame.line, `attribute ${name} is not allowed on ${frame.decl.local}`);
    }
  }

  private text(text: string, cdata: boolean): void {
    if (this.skip > 0 || this.top < 0) return;
    const frame = this.frames[this.top] as Frame;
    if (frame.type.kind === 'simple') frame.text += text;
    // A CDATA section, even an empty or blank one, is character content (libxml2 agrees).
    else if (!frame.broken && (cdata || !isWhitespace(text))) {
      this.report(this.top, this.line(), `text is not allowed in ${frame.decl.local} (element-only content)`);
      frame.broken = true;
    }
  }

  private closeTag(): void {
    if (this.skip > 0) {
      this.skip -= 1;
      return;
    }
    if (this.top < 0) return;
    const frame = this.frames[this.top] as Frame;
    const type = frame.type;
    if (type.kind === 'simple') {
      if (!frame.broken) {
        const problem = type.check(frame.text);
        if (problem !== null) this.report(this.top, frame.line, problem);
      }
    } else if (!frame.broken) {
      const state = frame.state < 0 ? type.start : (type.states[frame.state] as State);
      const current = frame.state < 0 ? undefined : (type.decls[frame.state] as ElementDecl);
      if (current !== undefined && frame.count < current.min) {
        this.report(
          this.top,
          this.line(),
          `content ends too early: ${current.local} must occur at least ${current.min} times`,
        );
      } else if (!state.final) {
        this.report(
          this.top,
          this.line(),
          `content ends too early; expected ${expectedList(state.targets, frame, false)}`,
        );
      }
    }
    frame.text = '';
    this.top -= 1;
  }
}

/**
 * A validator function over a compiled schema model: well-formedness (saxes), the root, every
 * element's content model and every simple value. It never throws on bad input — malformed XML is an
 * error of the verdict like any other. The function keeps a parser between calls (create one per
 * validator, not per document).
 *
 * @example
 * const validate = schemaModelValidator(compileSchemaModel(SII_CONTENT_MODEL));
 * validate(xml);
 * // → { valid: false, errors: [{ path: 'FacturaExpedida/TipoDesglose/DesgloseTipoOperacion/PrestacionServicios/
 * //     Sujeta/NoExenta/DesgloseIVA/DetalleIVA[1]', line: 43, message: 'element CuotaRecargoEquivalencia is
 * //     not allowed here; expected end of DetalleIVA' }] }
 */
export function schemaModelValidator(schema: CompiledSchemaModel): (xml: string) => SchemaVerdict {
  const walker = new SchemaWalker(schema);
  return (xml) => walker.validate(xml);
}
