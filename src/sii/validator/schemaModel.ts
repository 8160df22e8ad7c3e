/**
 * The shape of a schema's rules as data (issue #6): what `scripts/generate-sii-content-model.ts` reads
 * out of the official XSDs and emits as `contentModel.ts`, and what the structural validator compiles
 * and walks. It covers the subset of XML Schema 1.0 the AEAT SII schemas use — element-only complex
 * types built from `sequence` / `choice` / `element` particles with occurrence bounds (extensions
 * already flattened), and simple types restricting a built-in type with facets. The generator refuses
 * anything else (attributes, wildcards, `all`, mixed content, lists, unions…), so a schema change that
 * needs more is noticed when the model is regenerated, not at validation time.
 *
 * Names are prefixed with the prefix of their namespace in {@link SchemaModel.namespaces}
 * (`siiLR:RegistroLRFacturasEmitidas`, `sii:Cabecera`); an element in no namespace has no prefix.
 * Named types keep their XSD name (`sii:NIFType`); anonymous types are named `~` + the path of the
 * element that holds them (`~sii:FacturaExpedidaType/TipoDesglose`); built-in types are `xs:string`,
 * `xs:integer`, ….
 *
 * @module
 */

/** An upper occurrence bound: a count, or `'unbounded'` (XSD `maxOccurs="unbounded"`). */
export type MaxOccurs = number | 'unbounded';

/** An element particle of a content model (`<element name=… type=… minOccurs maxOccurs/>`). */
export interface ElementParticle {
  readonly kind: 'element';
  /** The element's prefixed name (`sii:DetalleIVA`). */
  readonly name: string;
  /** The id of its type in {@link SchemaModel.types}. */
  readonly type: string;
  readonly min: number;
  readonly max: MaxOccurs;
}

/** A model group (`<sequence>` or `<choice>`) with its occurrence bounds. */
export interface GroupParticle {
  readonly kind: 'sequence' | 'choice';
  readonly min: number;
  readonly max: MaxOccurs;
  readonly particles: readonly Particle[];
}

/** A particle: an element or a model group. */
export type Particle = ElementParticle | GroupParticle;

/** An element-only complex type without attributes; `content` null means empty content. */
export interface ComplexTypeModel {
  readonly kind: 'complex';
  readonly content: Particle | null;
}

/** The built-in XSD types a {@link SimpleTypeModel} may restrict (the validator knows their lexical spaces). */
export type BuiltinTypeName =
  | 'string'
  | 'normalizedString'
  | 'token'
  | 'decimal'
  | 'integer'
  | 'boolean'
  | 'date';

/**
 * A simple type: its built-in primitive-ish base and the facets of every restriction step, merged.
 * `patterns` holds one XSD regular expression per derivation step (all must match; several patterns of
 * one step are already joined with `|`), in XSD syntax — the validator translates them.
 */
export interface SimpleTypeModel {
  readonly kind: 'simple';
  readonly base: BuiltinTypeName;
  readonly whiteSpace: 'preserve' | 'replace' | 'collapse';
  readonly length?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly patterns?: readonly string[];
  readonly enumeration?: readonly string[];
  readonly totalDigits?: number;
  readonly fractionDigits?: number;
  readonly minInclusive?: string;
  readonly maxInclusive?: string;
  readonly minExclusive?: string;
  readonly maxExclusive?: string;
}

/** A type of the model. */
export type TypeModel = ComplexTypeModel | SimpleTypeModel;

/** A whole schema as data: namespaces, the global (root) elements and every type they reach. */
export interface SchemaModel {
  /** Where the model came from (file names), for messages. */
  readonly source: string;
  /** Prefix → namespace URI, for the prefixes used in names. */
  readonly namespaces: Readonly<Record<string, string>>;
  /** Global elements (the only possible document roots): prefixed name → type id. */
  readonly roots: Readonly<Record<string, string>>;
  /** Type id → type. */
  readonly types: Readonly<Record<string, TypeModel>>;
}
