/**
 * The tax report settings routes (issue #23; api-notes.md §9; `B2Brouter/b2brouter-php`
 * `TaxReportSettingService`, whose keys these answers carry):
 *
 * - GET /accounts/{account}/tax_report_settings → `{tax_report_settings: [...], total_count,
 *   offset, limit}` — the PHP client reads the list and the three numbers at the top level, and
 *   `meta` carries them too (spec §2.1), so that either reader finds them;
 * - POST /accounts/{account}/tax_report_settings (`{tax_report_setting: {...}}`) → 201
 *   `{tax_report_setting: {...}}`;
 * - GET, PUT (`{tax_report_setting: {...}}`), DELETE /accounts/{account}/tax_report_settings/{code}
 *   → `{tax_report_setting: {...}}` (DELETE answers the setting removed, as the client reads it).
 *
 * Available in every API version: the PHP client of every version calls them.
 */
import type { Router } from '../state.js';
import { pageQuery, pathId, readJson, sendJson, statusOf, unwrap } from '../wire.js';

/**
 * Registers the tax report settings routes.
 *
 * @example
 * ```ts
 * taxReportSettingRoutes(router);
 * ```
 */
export function taxReportSettingRoutes(router: Router): void {
  router.get('/accounts/:account/tax_report_settings', async (c) => {
    const account = pathId(c, 'account', 'account');
    const page = pageQuery(c);
    const found = await c.env.fiscalkit.taxReportSettings.list(c.env.caller, account, page);
    const meta = { total_count: found.total_count, offset: page.offset, limit: page.limit };
    return sendJson(c, 200, {
      tax_report_settings: found.items,
      ...meta,
      meta: { ...meta, total: meta.total_count },
    });
  });

  router.post('/accounts/:account/tax_report_settings', async (c) => {
    const account = pathId(c, 'account', 'account');
    const body = unwrap(await readJson(c), 'tax_report_setting');
    const setting = await c.env.fiscalkit.taxReportSettings.create(c.env.caller, account, body);
    // Always a body: the PHP client reads `tax_report_setting` from the answer.
    return sendJson(c, statusOf(c, 'created') === 204 ? 201 : statusOf(c, 'created'), {
      tax_report_setting: setting,
    });
  });

  router.get('/accounts/:account/tax_report_settings/:code', async (c) => {
    const account = pathId(c, 'account', 'account');
    const setting = await c.env.fiscalkit.taxReportSettings.get(c.env.caller, account, c.req.param('code'));
    return sendJson(c, 200, { tax_report_setting: setting });
  });

  router.put('/accounts/:account/tax_report_settings/:code', async (c) => {
    const account = pathId(c, 'account', 'account');
    const body = unwrap(await readJson(c), 'tax_report_setting');
    const setting = await c.env.fiscalkit.taxReportSettings.update(
      c.env.caller,
      account,
      c.req.param('code'),
      body,
    );
    return sendJson(c, 200, { tax_report_setting: setting });
  });

  router.delete('/accounts/:account/tax_report_settings/:code', async (c) => {
    const account = pathId(c, 'account', 'account');
    const setting = await c.env.fiscalkit.taxReportSettings.remove(
      c.env.caller,
      account,
      c.req.param('code'),
    );
    return sendJson(c, 200, { tax_report_setting: setting });
  });
}
