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
