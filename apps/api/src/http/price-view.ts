import { withoutPrices } from '@lumen/contracts';
import { hasAnyPrivilege } from '@lumen/domain';
import type { FastifyInstance } from 'fastify';
import type { Principal } from './access-guard';

/** Whether the caller may see prices (spec platform-core §6). */
export function seesPrices(principal: Principal | null): boolean {
  return principal !== null && hasAnyPrivilege(principal.privileges, ['price.view']);
}

/**
 * Every answer of the routes of `app` (a plugin's scope) loses its price fields when the caller does
 * not hold price.view (issue 9 §5 finding 4): one rule for every route of the scope, those added later
 * too. Public routes have no principal, so their answers never carry prices (they may be cached publicly).
 */
export function hidePricesWithoutPriceView(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => (seesPrices(request.principal) ? payload : withoutPrices(payload)));
}

/**
 * Keys of free records (the audit trail's before/after) that hold an amount without naming a price:
 * totals (netTotal, subTotal, total), VAT and surcharge values, net, gross and amounts. Together with
 * the price keys of `withoutPrices` they are every figure a record can carry (issue 29 §1).
 */
const FIGURE_KEY = /total|amount|^(?:net|gross|vat|iva|tax)$|(?:surcharge|iva|vat|tax)value$/i;

function stripFigures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripFigures);
  if (value === null || typeof value !== 'object') return value;
  const object: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (!FIGURE_KEY.test(key)) object[key] = stripFigures(item);
  return object;
}

/**
 * A free record (an audit row's before or after) as a caller without price.view may read it: no key
 * naming a price (the rule of every answer, `withoutPrices`) and no amount (`FIGURE_KEY`). Callers
 * with price.view get it as it is.
 */
export function figuresForCaller(principal: Principal | null, value: unknown): unknown {
  return seesPrices(principal) ? value : stripFigures(withoutPrices(value));
}
