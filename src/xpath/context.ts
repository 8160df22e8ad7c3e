/**
 * The contexts of an XPath evaluation (XPath 2.0 §2.1): what is known when an expression is compiled
 * (namespaces, variables in scope, functions) and what is known when it runs (the focus, the variable
 * values, the document). Variables are resolved at compile time to a slot of a flat frame — a global
 * slot, evaluated once per document and only when first read (as Saxon evaluates global variables), or
 * a slot of the frame of the rule, function or `for` that binds it — so that reading one is an array
 * access, not a lookup by name.
 *
 * @module
 */
import type { Atomic } from './atomic.js';
import type { XdmDocument, XdmNode } from './document.js';

/** An item of a sequence: a node or an atomic value. */
export type Item = XdmNode | Atomic;

/** A compiled expression: the focus and frames in, a sequence out. */
export type Evaluator = (context: DynamicContext) => Item[];

/** One global variable: its compiled value, evaluated with the document node as the focus. */
export interface GlobalVariable {
  readonly name: string;
  readonly evaluate: Evaluator;
  /** The frame its own expression needs (its `for` variables). */
  readonly frameSize: number;
}

/**
 * The state of one run over one document.
 *
 * @example
 * ```ts
 * const doc = parseXdm('<a/>');
 * const run = new Run(doc, []); // one per document: global values and memos live here
 * ```
 */
export class Run {
  /** Global variable values, filled on first read. */
  readonly globals: (Item[] | undefined)[];
  /** Values of context-free subexpressions (absolute paths), by compile id: evaluated once per document. */
  readonly memo: (Item[] | undefined)[] = [];
  /** Globals being evaluated (a cycle is an error, XTDE0640). */
  private readonly evaluating = new Set<number>();
  constructor(
    readonly document: XdmDocument,
    readonly globalVariables: readonly GlobalVariable[],
  ) {
    this.globals = new Array(globalVariables.length);
  }
  /** The value of global `index`, evaluated now if it was not yet. */
  global(index: number): Item[] {
    const known = this.globals[index];
    if (known !== undefined) return known;
    const variable = this.globalVariables[index] as GlobalVariable;
    if (this.evaluating.has(index)) throw new Error(`circular global variable $${variable.name}`);
    this.evaluating.add(index);
    try {
      const value = variable.evaluate(
        new DynamicContext(this.document, 1, 1, new Array(variable.frameSize), this),
      );
      this.globals[index] = value;
      return value;
    } finally {
      this.evaluating.delete(index);
    }
  }
}

/**
 * The dynamic context of one evaluation: focus (item, position, size), frame and run. A loop over a
 * sequence (a predicate, a path step) moves one context along the items with {@link moveTo} instead of
 * allocating one per item: nothing keeps a reference to a loop's context (a rule's lazy `let` keeps the
 * rule's own context, which never moves).
 *
 * @example
 * ```ts
 * const doc = parseXdm('<a/>');
 * new DynamicContext(doc, 1, 1, [], new Run(doc, [])); // focus on the document node
 * ```
 */
export class DynamicContext {
  constructor(
    public item: Item | undefined,
    public position: number,
    public size: number,
    readonly frame: unknown[],
    readonly run: Run,
  ) {}
  /** Moves this (loop-owned) context to another item. */
  moveTo(item: Item, position: number, size: number): this {
    this.item = item;
    this.position = position;
    this.size = size;
    return this;
  }
  /** The same frame and run with another focus. */
  focus(item: Item, position: number, size: number): DynamicContext {
    return new DynamicContext(item, position, size, this.frame, this.run);
  }
}

/**
 * A frame slot's value that is computed the first time it is read (a rule's `let`).
 *
 * @example
 * ```ts
 * frame[slot] = new LazySlot(compiledLet, ruleContext); // evaluated when first read
 * ```
 */
export class LazySlot {
  constructor(
    readonly evaluate: Evaluator,
    readonly context: DynamicContext,
  ) {}
}

/** How a variable name resolves. */
export type VariableBinding = { kind: 'global'; index: number } | { kind: 'frame'; slot: number };

/** A user function (schematron `xsl:function`): arity and body over evaluated arguments. */
export interface UserFunction {
  readonly arity: number;
  invoke(run: Run, args: Item[][]): Item[];
}

/** What compiling needs to know. */
export interface StaticContext {
  /** Namespace prefixes (`cbc` → its URI). `xs` and `fn` are known without declaration. */
  readonly namespaces: ReadonlyMap<string, string>;
  /** Resolves a variable name (`$profile`) visible here. */
  variable(name: string): VariableBinding | undefined;
  /** Allocates a frame slot for a variable bound inside the expression (`for $i`). */
  allocate(): number;
  /** Binds a name to a slot for the body of a `for`/`some`; returns the undo. */
  bind(name: string, slot: number): () => void;
  /** A user function by namespace URI, local name and arity. */
  userFunction(namespace: string, local: string, arity: number): UserFunction | undefined;
}

/** The XML Schema namespace (constructor functions `xs:decimal(…)`, cast targets). */
export const XS_NAMESPACE = 'http://www.w3.org/2001/XMLSchema';
/** The namespace of the standard functions. */
export const FN_NAMESPACE = 'http://www.w3.org/2005/xpath-functions';

/**
 * A {@link StaticContext} over a fixed set of namespaces, global variables and user functions, with
 * a frame of its own for local bindings: what the schematron compiler creates per rule and per
 * global, and what tests use.
 *
 * @example
 * ```ts
 * const scope = new Scope(new Map([['cbc', 'urn:…:CommonBasicComponents-2']]));
 * const slot = scope.declare('x'); // a rule-level let
 * scope.variable('x'); // { kind: 'frame', slot }
 * ```
 */
export class Scope implements StaticContext {
  private readonly locals = new Map<string, number[]>();
  /** The number of frame slots allocated so far. */
  size = 0;
  constructor(
    readonly namespaces: ReadonlyMap<string, string>,
    private readonly globals: ReadonlyMap<string, number> = new Map(),
    private readonly functions: (
      namespace: string,
      local: string,
      arity: number,
    ) => UserFunction | undefined = () => undefined,
  ) {}
  /** Declares a variable for the rest of the scope (a rule's `let`, a function's parameter). */
  declare(name: string): number {
    const slot = this.allocate();
    this.bind(name, slot);
    return slot;
  }
  variable(name: string): VariableBinding | undefined {
    const stack = this.locals.get(name);
    if (stack !== undefined && stack.length > 0)
      return { kind: 'frame', slot: stack[stack.length - 1] as number };
    const index = this.globals.get(name);
    return index === undefined ? undefined : { kind: 'global', index };
  }
  allocate(): number {
    this.size += 1;
    return this.size - 1;
  }
  bind(name: string, slot: number): () => void {
    let stack = this.locals.get(name);
    if (stack === undefined) {
      stack = [];
      this.locals.set(name, stack);
    }
    stack.push(slot);
    return () => {
      stack.pop();
    };
  }
  userFunction(namespace: string, local: string, arity: number): UserFunction | undefined {
    return this.functions(namespace, local, arity);
  }
}
