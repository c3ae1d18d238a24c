import type { Page } from '@playwright/test';

/**
 * Turns a flag on for this browser only: the api's evaluated flags are fetched as they are and
 * answered with `flag` on (spec §6: the web reads GET masters /v1/flags/evaluated), so that a spec
 * walks a flag's variant without changing the flag for the other specs of its server.
 */
export async function serveFlagOn(page: Page, flag: string): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/masters/v1/flags/evaluated',
    async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { flags: Record<string, boolean> };
      await route.fulfill({ response: answer, json: { ...body, flags: { ...body.flags, [flag]: true } } });
    },
  );
}
