import { screen } from '@testing-library/react';
import { meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

describe('404 page', () => {
  it('should show the spec texts and a way home when the path is unknown', async () => {
    renderApp({ path: '/nowhere', mocks: [meMock(null)] });

    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByText("Cette page n'existe pas.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  });
});
