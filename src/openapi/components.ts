import type { Operation } from '../model/parse.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import type { View } from '../versions/change.js';
import type { ResourceKind } from '../versions/resourceKind.js';
import { customSchema } from './customSchemas.js';
import type { CustomSchemaName } from './endpoints.js';
import type { JsonSchema } from './jsonSchema.js';
import { requestSchema } from './requestSchema.js';
import { responseSchema } from './responseSchema.js';

/** `tax_report` → `TaxReport`. */
function pascal(kind: string): string {
  return kind
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

function ref(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/** The value of a `type` discriminator in one alternative (`{type: 'string', const: 'Ksef'}`), if any. */
function discriminatorValue(branch: unknown): string | null {
  if (typeof branch !== 'object' || branch === null) return null;
  const type = (branch as { properties?: Record<string, { const?: unknown }> }).properties?.type;
  return typeof type?.const === 'string' ? type.const : null;
}

/**
 * The `components.schemas` of one version's document, filled as the operations ask for them, so a
 * document holds exactly the schemas its paths use (no TIN verification schema before v2026-04-20).
 * Each method returns a `$ref` to the named schema. A union told apart by `type` (a tax report:
 * `SiiDocument` or `Ksef`, spec §2.7) is written as one schema per alternative plus a `oneOf` with
 * a discriminator, which SDK generators turn into a tagged union.
 *
 * @example
 * ```ts
 * const components = new OpenApiComponents('2026-04-20');
 * components.resource('invoice'); // { $ref: '#/components/schemas/Invoice' }
 * components.schemas.Invoice.properties.lines; // …
 * ```
 */
export class OpenApiComponents {
  /** The schemas asked for so far, by name. */
  readonly schemas: Record<string, JsonSchema> = {};

  constructor(readonly version: ApiVersion) {}

  /** The response schema of a kind (`Account`), or of its list entries when they differ (`AccountListEntry`). */
  resource(kind: ResourceKind, view: View = 'full'): JsonSchema {
    const name = pascal(kind);
    if (view === 'full') return this.named(name, () => responseSchema(this.version, kind, 'full'));
    const entry = responseSchema(this.version, kind, 'list_entry');
    const full = responseSchema(this.version, kind, 'full');
    if (JSON.stringify(entry) === JSON.stringify(full)) return this.resource(kind);
    return this.named(`${name}ListEntry`, () => entry);
  }

  /** The request body schema of a kind (`InvoiceCreate` for POST, `InvoiceUpdate` for PATCH and PUT). */
  request(kind: ResourceKind, operation: Operation): JsonSchema {
    const suffix = operation === 'create' ? 'Create' : 'Update';
    return this.named(`${pascal(kind)}${suffix}`, () => requestSchema(this.version, kind, operation));
  }

  /** A schema of `customSchema`. */
  custom(name: CustomSchemaName): JsonSchema {
    return this.named(name, () =>
      customSchema(name, {
        taxReportCreateRef: (type) => {
          this.request('tax_report', 'create');
          return ref(`${type}TaxReportCreate`);
        },
        invoiceCreateRef: () => this.request('invoice', 'create'),
      }),
    );
  }

  /** A schema under `name`, built once. */
  named(name: string, build: () => JsonSchema): JsonSchema {
    if (!Object.hasOwn(this.schemas, name)) this.add(name, build());
    return ref(name);
  }

  private add(name: string, schema: JsonSchema): void {
    const union = schema.oneOf;
    const values = Array.isArray(union) ? union.map(discriminatorValue) : [];
    if (!Array.isArray(union) || values.length === 0 || values.some((value) => value === null)) {
      this.schemas[name] = schema;
      return;
    }
    const mapping: Record<string, string> = {};
    union.forEach((branch, index) => {
      const value = values[index] as string;
      this.schemas[`${value}${name}`] = branch as JsonSchema;
      mapping[value] = `#/components/schemas/${value}${name}`;
    });
    this.schemas[name] = {
      oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
      discriminator: { propertyName: 'type', mapping },
    };
  }
}
