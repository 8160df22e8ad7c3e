/**
 * The repeat attack of issue #24 item 1 over real HTTP: a root holding one element 16,000, 32,000 and
 * 200,000 times, on every XML endpoint — the FA(3) and SII tax report import, the ledger import and
 * POST /documents/validate for FA(3), SII, UBL, CII and Facturae roots. Before the fix the parse was
 * quadratic (16,000 repeats 5.6 s, 32,000 53 s, 200,000 never answered while every other request
 * waited). Each must now answer its clear 4xx (the imports: 422 `parameter_invalid` at `file` naming
 * the element, its limit and its position) or its normal verdict, never a 5xx, and a GET sent beside
 * it must answer too; the time bound is deliberately generous (CI shares two cores), the figures are
 * in `npm run bench:reliability`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACK_TARGETS, REPEAT_ATTACK_SIZES } from '../support/repeatAttack.js';
import { PL_ACCOUNT, seedWorld } from '../support/taxReportWorld.js';
import { startService, type TestService } from './harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startService();
  await seedWorld(service.ports);
});
afterAll(async () => {
  await service.close();
});

const GENEROUS_MS = 20000;

describe.each(ATTACK_TARGETS)('$name', (target) => {
  it.each(REPEAT_ATTACK_SIZES)(
    '%i repeats: a clear answer, not a 5xx, and a GET beside it answers',
    async (count) => {
      const started = performance.now();
      const attack = service.request('POST', target.path, {
        body: target.body(count),
        headers: { 'Content-Type': 'application/xml' },
      });
      const beside = service.request('GET', `/accounts/${String(PL_ACCOUNT)}`);
      const [response, get] = await Promise.all([attack, beside]);
      const elapsed = performance.now() - started;

      expect(get.status).toBe(200);
      if (target.answer.kind === 'refused') {
        expect(response.status, response.text).toBe(422);
        expect(response.json.error).toMatchObject({ code: 'parameter_invalid', param: 'file' });
        expect(response.json.error.message).toMatch(target.answer.message);
        expect(response.json.error.message).toMatch(/\(line 1, column \d+\)$/);
      } else {
        expect(response.status, response.text).toBe(200);
        expect(response.json.valid).toBe(target.answer.valid);
        if (target.answer.message !== undefined)
          expect(response.json.errors[0].message).toMatch(target.answer.message);
      }
      expect(elapsed).toBeLessThan(GENEROUS_MS);
    },
    60000,
  );
});
