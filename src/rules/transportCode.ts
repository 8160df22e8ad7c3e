import type { ValidationIssue } from '../errors/validationIssue.js';
import type { Transport, TransportUpdate } from '../model/transport.js';
import { cannotChangeIssues } from './cannotChange.js';
import { isPresent, issueAt } from './issue.js';

/**
 * A transport's `code` is the code of its transport type (spec §2.8 `code`, "path `{code}`"; the
 * service's transports guide: "code is the unique identifier of a Transport type"), so the two
 * fields name one thing and must agree:
 *
 * - on create (no `stored`), a `code` sent beside `transport_type_code` must equal it, else
 *   `parameter_invalid` at `code`;
 * - on update (`stored` given), neither may change: the transport is addressed by its code
 *   (PATCH/PUT /transports/{code}), and another type is another transport, created with POST
 *   (`parameter_cannot_change`, spec §7.2). Sending the stored value again is not a change.
 *
 * @example
 * ```ts
 * transportCodeIssues({ code: 'email', transport_type_code: 'peppol' });
 * // [{ rule: 'fiscalkit.transport.code-is-type', code: 'parameter_invalid', param: 'code', … }]
 * transportCodeIssues({ transport_type_code: 'email' }, { code: 'peppol', transport_type_code: 'peppol' });
 * // [{ rule: 'fiscalkit.transport.code-fixed', code: 'parameter_cannot_change', param: 'transport_type_code', … }]
 * ```
 */
export function transportCodeIssues(
  transport: Pick<TransportUpdate, 'code' | 'transport_type_code'>,
  stored?: Pick<Transport, 'code' | 'transport_type_code'>,
): ValidationIssue[] {
  if (stored !== undefined) {
    const update = {
      ...(transport.code === undefined ? {} : { code: transport.code }),
      ...(transport.transport_type_code === undefined
        ? {}
        : { transport_type_code: transport.transport_type_code }),
    };
    return cannotChangeIssues(
      update,
      stored,
      ['code', 'transport_type_code'],
      [],
      'fiscalkit.transport.code-fixed',
    );
  }
  const { code, transport_type_code } = transport;
  if (!isPresent(code) || !isPresent(transport_type_code) || code === transport_type_code) return [];
  return [
    issueAt(
      'fiscalkit.transport.code-is-type',
      'parameter_invalid',
      ['code'],
      `must equal transport_type_code (${JSON.stringify(transport_type_code)}): a transport's code is its transport type code`,
    ),
  ];
}
