import type { Page, Response } from 'playwright-core';

/** A walk through central Paris, among the demo listings: Chromium's position, point after point. */
export const CENTRAL_PARIS_WALK = [
  { latitude: 48.8566, longitude: 2.3522, accuracy: 10 },
  { latitude: 48.8584, longitude: 2.3475, accuracy: 10 },
  { latitude: 48.8606, longitude: 2.3431, accuracy: 10 },
];

/** A GraphQL answer of the page, by operation name (wait for it before doing what sends the operation). */
export function graphqlResponse(page: Page, operationName: string): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') &&
      response.request().method() === 'POST' &&
      (response.request().postDataJSON() as { operationName?: string } | null)?.operationName === operationName,
    { timeout: 20_000 },
  );
}

/** Switches « Découverte en marchant » on from the dashboard and confirms it (« Activer le suivi »). */
export async function turnTrackingOn(page: Page): Promise<void> {
  await page.getByRole('switch', { name: 'Découverte en marchant' }).click();
  await page
    .getByRole('dialog', { name: 'Découvrir en marchant' })
    .getByRole('button', { name: 'Activer le suivi' })
    .click();
}
