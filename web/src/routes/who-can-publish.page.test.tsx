import { LEGAL_MENTIONS } from '@flaneur/schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

describe('« Qui peut publier ? »', () => {
  it('should be linked from the footer of every screen and say who may post and what is checked', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/nowhere', mocks: [meMock(null)] });

    expect(await screen.findByRole('link', { name: 'Développeurs' })).toHaveAttribute('href', '/developers');
    await user.click(screen.getByRole('link', { name: 'Qui peut publier ?' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Qui peut publier ?' })).toBeInTheDocument();
    expect(screen.getByText(LEGAL_MENTIONS.privateSellerWarning)).toBeInTheDocument();
    const checks = screen.getByRole('region', { name: 'Ce que Flâneur vérifie' });
    expect(
      within(checks).getByText(/le loyer de base ne peut pas dépasser le loyer de référence majoré/),
    ).toBeInTheDocument();
    expect(within(checks).getByText(/Flâneur ne visite pas les biens/)).toBeInTheDocument();
  });
});
