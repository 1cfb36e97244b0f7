import { ACCESS_TOKEN_SCOPES, WEBHOOK_EVENTS } from '@flaneur/schema';
import { screen, within } from '@testing-library/react';
import { meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

describe('/developers', () => {
  it('should explain tokens, every scope, the cost rules, a curl call, webhooks with their verification and the Sandbox, signed out', async () => {
    renderApp({ path: '/developers', mocks: [meMock(null)] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Développeurs' })).toBeInTheDocument();
    const scopes = screen.getByRole('region', { name: '2. Les autorisations' });
    for (const scope of ACCESS_TOKEN_SCOPES) expect(within(scopes).getByText(scope)).toBeInTheDocument();
    const cost = screen.getByRole('region', { name: '3. Coût des requêtes et limites' });
    expect(within(cost).getByText(/1 000 points, rechargés de 50 par seconde/)).toBeInTheDocument();
    expect(within(cost).getByText('Retry-After')).toBeInTheDocument();
    expect(screen.getByText(/Authorization: Bearer flr_…" \\/)).toBeInTheDocument();
    const webhooks = screen.getByRole('region', { name: '5. Webhooks' });
    for (const event of WEBHOOK_EVENTS) expect(within(webhooks).getByText(event)).toBeInTheDocument();
    expect(within(webhooks).getByText(/webhook\.verify\(req\.body, req\.headers\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Ouvrir l'Apollo Sandbox" })).toHaveAttribute('href', '/graphql');
    const token = screen.getByRole('region', { name: "1. Créer un jeton d'accès" });
    expect(within(token).getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/profile');
  });
});
