/**
 * The `Compute` port as the services reach it (issue #24): the host's, or inline over the ports' own
 * schema validator when the host gives none.
 *
 * @module
 */
import { inlineCompute } from '../compute/inlineCompute.js';
import type { Compute, Ports } from '../ports.js';

const inlineByPorts = new WeakMap<Ports, Compute>();

/**
 * The compute the services run heavy pure work through: `ports.compute`, else one inline compute per
 * ports object, which judges with whatever `ports.schemaValidator` is when a task runs.
 *
 * @example
 * ```ts
 * const read = await computeOf(ports).run('tax_report_import', { file, api_version: caller.api_version });
 * ```
 */
export function computeOf(ports: Ports): Compute {
  if (ports.compute !== undefined) return ports.compute;
  let compute = inlineByPorts.get(ports);
  if (compute === undefined) {
    compute = inlineCompute(
      () => ports.schemaValidator,
      () => ports.einvoice,
    );
    inlineByPorts.set(ports, compute);
  }
  return compute;
}

/**
 * Refuses ports whose compute judges SII XML with another validator than the `schemaValidator` port,
 * or e-invoices with other artefacts than the `einvoice` port (or with a validator where the port has
 * none, or none where it has one) — a programmer error, thrown when the service is wired: one service
 * would otherwise give two verdicts on the same document, depending on the endpoint.
 *
 * @example
 * ```ts
 * checkComputeValidator({ ...memoryPorts({ schemaValidator: xsd }), compute: threadCompute() });
 * // throws: the compute judges with the structural validator, the schemaValidator port is xsd
 * ```
 */
export function checkComputeValidator(ports: Ports): void {
  const compute = ports.compute;
  if (compute === undefined) return;
  if (compute.schemaValidator !== ports.schemaValidator.name)
    throw new TypeError(
      `fiscalkit: ports.compute judges SII XML with the ${compute.schemaValidator} validator, but the schemaValidator port is ${ports.schemaValidator.name}: give both the same validator`,
    );
  // The e-invoice validator likewise (issue #21), named by where it reads its artefacts.
  const tasks = compute.einvoice ?? null;
  const port = ports.einvoice?.description ?? null;
  if (tasks !== port)
    throw new TypeError(
      `fiscalkit: ports.compute judges e-invoices ${tasks === null ? 'with no e-invoice validator' : `with the artefacts of ${tasks}`}, but the einvoice port ${port === null ? 'has none' : `reads ${port}`}: give both the same artefacts`,
    );
}
