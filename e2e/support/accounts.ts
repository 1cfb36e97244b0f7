import type { Page } from 'playwright-core';
import { baseUrl } from './browser';
import { toast, waitForPath } from './journey';
import { visitorHeaders } from './visitors';

/** The demo accounts printed by the first start (gateway/src/wiring/seed). */
export const DEMO_OWNER = { username: 'proprietaire', password: 'flaneur-demo', displayName: 'Claire Moreau' };
export const DEMO_TENANT = { username: 'locataire', password: 'flaneur-demo' };

export interface TestAccount {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
}

let counter = 0;

/** Fresh, unique account data (journeys never share a mutable account). */
export function newAccount(prefix: string): TestAccount {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const username = `${prefix}${stamp}`;
  return {
    username,
    password: 'motdepasse-e2e',
    email: `${username}@e2e.flaneur.test`,
    firstName: 'Camille',
    // Unique, so that a display name finds one row even when several runs share a server.
    lastName: `Durand ${stamp.toUpperCase()}`,
  };
}

/** Creates an account through the REST shim (set-up, not the thing under test). */
export async function registerByApi(account: TestAccount, extra: { isLandlord?: boolean } = {}): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...visitorHeaders() },
    body: JSON.stringify({ ...account, ...extra }),
  });
  if (res.status !== 201) throw new Error(`[e2e] register ${account.username}: ${res.status} ${await res.text()}`);
}

/** Signs in on /auth through the login form and waits for the welcome toast. */
export async function loginViaUi(page: Page, username: string, password: string): Promise<void> {
  if (!page.url().includes('/auth')) {
    await page.goto('/auth');
  }
  await page.getByRole('tab', { name: 'Connexion' }).click();
  await page.getByLabel("Nom d'utilisateur ou e-mail", { exact: true }).fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await toast(page, 'Connexion réussie').waitFor();
  await waitForPath(page, (path) => !path.startsWith('/auth'));
}
