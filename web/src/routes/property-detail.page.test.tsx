import { MODERATION_MSG } from '@flaneur/schema';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ListingStatsDocument,
  MeDocument,
  MyVisitRequestDocument,
  PropertyDetailDocument,
  RecordViewDocument,
  StartPropertyConversationDocument,
  VisitRequestChangedDocument,
} from '../gql/graphql';
import { silentSubscription } from '../modules/conversations/conversations.fixtures';
import { lastMapProps } from '../modules/map/testing/react-map-gl.mock';
import { buildPropertyDetail, favoritesMock } from '../modules/properties/testing/factories';
import { buildUser, errorResult, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

// The first test of a file also compiles the lazily loaded screen: give it time on a cold cache.

const detailMock = (overrides: Parameters<typeof buildPropertyDetail>[0] = {}) => ({
  request: { query: PropertyDetailDocument, variables: { id: '10' } },
  result: { data: { property: buildPropertyDetail(overrides) } },
});

const recordViewMock = (onCall = jest.fn()) => ({
  request: { query: RecordViewDocument, variables: { propertyId: '10' } },
  result: () => {
    onCall();
    return {
      data: {
        recordView: {
          __typename: 'HistoryEntry',
          id: 'e10',
          isViewed: true,
          viewedAt: '2025-06-01T10:00:00.000Z',
          propertyId: '10',
          source: null,
        },
      },
    };
  },
});

function signedInMocks(overrides: Parameters<typeof buildPropertyDetail>[0] = {}, onRecord = jest.fn()) {
  return [
    meMock(buildUser()),
    detailMock(overrides),
    favoritesMock([]),
    recordViewMock(onRecord),
    {
      request: { query: MyVisitRequestDocument, variables: { propertyId: '10' } },
      result: { data: { myVisitRequest: null } },
    },
    silentSubscription(VisitRequestChangedDocument),
  ];
}

const toast = async (title: string) => (await screen.findByText(title)).closest('li')!;

describe('property detail', () => {
  it('should show a spinner, then every part of the listing', async () => {
    renderApp({ path: '/property/10', mocks: signedInMocks() });

    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Appartement lumineux au Marais' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Détail du bien' })).toBeInTheDocument();
    expect(screen.getByText('450 000 €')).toBeInTheDocument();
    expect(screen.getByText('12 rue des Archives, 75004 Paris')).toBeInTheDocument();
    const stats = screen.getByText('Surface').closest('dl')!;
    expect(within(stats).getByText('62,5 m²')).toBeInTheDocument();
    expect(within(stats).getByText('Pièces').nextSibling).toHaveTextContent('3 pièces · 2 chambres');
    expect(within(stats).queryByText('Chambres')).not.toBeInTheDocument();
    expect(within(stats).getByText('S. de bain').nextSibling).toHaveTextContent('1');
    expect(within(stats).getByText('Étage').nextSibling).toHaveTextContent('3ème');
    expect(screen.getByText(/Premier paragraphe/).textContent).toBe('Premier paragraphe.\nDeuxième ligne.');
    const features = screen.getByRole('heading', { name: 'Caractéristiques' }).closest('section')!;
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ascenseur', 'Balcon']);
    expect(screen.getByRole('heading', { name: 'Localisation' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Corriger/ })).not.toBeInTheDocument();
    expect(await screen.findByTestId('map')).toHaveAttribute('data-scroll-zoom', 'false');
    expect(lastMapProps.current?.initialViewState).toEqual({ latitude: 48.8589, longitude: 2.3561, zoom: 15 });
    expect(screen.getByTestId('map-marker')).toHaveAttribute('data-position', '48.8589,2.3561');
    // A listing declared « Particulier »: its owner, with no agency line.
    const contact = screen.getByRole('heading', { name: 'Contacter le propriétaire' }).closest('section')!;
    expect(within(contact).getByText('Paul Martin')).toBeInTheDocument();
    expect(within(contact).queryByText('Agence Flâneur Immobilier')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "Contacter l'agent" })).not.toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'Appeler' })).toHaveAttribute('href', 'tel:0612345678');
    expect(within(contact).getByRole('button', { name: 'Message' })).toBeEnabled();
    expect(await screen.findByRole('img', { name: 'Appartement lumineux au Marais' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afficher la photo 1' })).not.toBeInTheDocument();
  });

  it('should name the account « Message » writes to, not a different contact name typed in the listing', async () => {
    renderApp({ path: '/property/10', mocks: signedInMocks({ ownerName: 'Agence du Marais' }) });

    const contact = (await screen.findByRole('heading', { name: 'Contacter le propriétaire' })).closest('section')!;
    expect(within(contact).getByText('Paul Martin')).toBeInTheDocument();
    expect(within(contact).queryByText('Agence du Marais')).not.toBeInTheDocument();
    // The printable panel is the owner's only.
    expect(screen.queryByRole('link', { name: 'Panneau à imprimer (PDF)' })).not.toBeInTheDocument();
  });

  it("should show a professional's listing as « Contacter l'agent » with the agency line", async () => {
    renderApp({ path: '/property/10', mocks: signedInMocks({ advertiser: 'professional' }) });

    const contact = (await screen.findByRole('heading', { name: "Contacter l'agent" })).closest('section')!;
    expect(within(contact).getByText('Paul Martin')).toBeInTheDocument();
    expect(within(contact).getByText('Agence Flâneur Immobilier')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Contacter le propriétaire' })).not.toBeInTheDocument();
  });

  it("should show an agency's listing as « Professionnel » with its name, card number and negotiator", async () => {
    const owner = {
      __typename: 'PublicUser' as const,
      id: '2',
      username: 'agence',
      firstName: null,
      lastName: null,
      agencyName: 'Agence du Marais',
      professionalCard: 'CPI 7501 2024 000 000 123',
    };
    renderApp({
      path: '/property/10',
      mocks: signedInMocks({ advertiser: null, owner, ownerName: 'Léa Négociatrice' }),
    });

    const contact = (await screen.findByRole('heading', { name: "Contacter l'agent" })).closest('section')!;
    expect(within(contact).getByText('Léa Négociatrice')).toBeInTheDocument();
    expect(within(contact).getByText('Agence du Marais')).toBeInTheDocument();
    expect(within(contact).getByText('Carte professionnelle CPI 7501 2024 000 000 123')).toBeInTheDocument();
    expect(screen.getByText('Professionnel')).toBeInTheDocument();
  });

  it('should mark a withdrawn listing « Annonce retirée »', async () => {
    renderApp({ path: '/property/10', mocks: signedInMocks({ listingState: 'withdrawn' }) });

    expect(await screen.findByText('Annonce retirée')).toBeInTheDocument();
  });

  it('should claim neither an owner nor an agency for a listing that declared no advertiser', async () => {
    renderApp({ path: '/property/10', mocks: signedInMocks({ advertiser: null }) });

    const contact = (await screen.findByRole('heading', { name: "Contacter l'annonceur" })).closest('section')!;
    expect(within(contact).queryByText('Agence Flâneur Immobilier')).not.toBeInTheDocument();
  });

  it("should offer « Modifier l'annonce » instead of Appeler and Message to the listing's owner", async () => {
    renderApp({
      path: '/property/10',
      mocks: [meMock(buildUser({ id: '2', username: 'paul' })), detailMock(), favoritesMock([]), recordViewMock()],
    });

    expect(await screen.findByRole('link', { name: "Modifier l'annonce" })).toHaveAttribute(
      'href',
      '/add-property?edit=10',
    );
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Appeler' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "Contacter l'agent" })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Panneau à imprimer (PDF)' })).toHaveAttribute(
      'href',
      '/api/properties/10/panel.pdf',
    );
    // Where the listing sits, and the way to move it.
    const location = screen.getByRole('heading', { name: 'Localisation' }).closest('section')!;
    expect(within(location).getByRole('link', { name: "Corriger l'emplacement" })).toHaveAttribute(
      'href',
      '/add-property?edit=10#emplacement',
    );
  });

  it("should show « Vérifié sur place » with its date to a visitor, without the owner's funnel or button", async () => {
    renderApp({ path: '/property/10', mocks: signedInMocks({ verifiedOnSiteAt: '2026-03-05T23:30:00.000Z' }) });

    const badge = await screen.findByText(/Vérifié sur place/);
    // The date is the Paris day: 23:30 UTC on 5 March is already 6 March in Paris.
    expect(badge).toHaveTextContent('Vérifié sur place le 6 mars 2026');
    expect(screen.queryByRole('button', { name: 'Je suis devant le bien' })).not.toBeInTheDocument();
    expect(screen.queryByText('Passés devant')).not.toBeInTheDocument();
  });

  it("should show the owner the listing's walk-by funnel and « Je suis devant le bien » beside « Modifier l'annonce »", async () => {
    const period = { __typename: 'PropertyStatsPeriod' as const, passedBy: 9, viewed: 3, favorited: 0, contacted: 4 };
    renderApp({
      path: '/property/10',
      mocks: [
        meMock(buildUser({ id: '2', username: 'paul' })),
        detailMock(),
        favoritesMock([]),
        recordViewMock(),
        {
          request: { query: ListingStatsDocument, variables: { id: '10', days: 30 } },
          result: {
            data: {
              property: {
                __typename: 'Property',
                id: '10',
                stats: {
                  __typename: 'PropertyStats',
                  days: 30,
                  passedBy: 12,
                  viewed: null,
                  favorited: 0,
                  contacted: 4,
                  previous: period,
                },
              },
            },
          },
        },
      ],
    });

    const edit = await screen.findByRole('link', { name: "Modifier l'annonce" });
    const own = edit.closest('section')!;
    const funnel = await within(own).findByRole('list', { name: 'Parcours des visiteurs sur 30 jours' });
    const step = (label: string) => within(funnel).getByText(label).closest('li')!;
    expect(step('Passés devant')).toHaveTextContent('12');
    expect(step('Passés devant')).toHaveTextContent('en hausse par rapport aux 30 jours précédents (9)');
    expect(step('Consultés')).toHaveTextContent('moins de 3');
    expect(step('Favoris')).toHaveTextContent('0');
    expect(step('Contacts')).toHaveTextContent('stable');
    expect(within(own).getByRole('button', { name: 'Je suis devant le bien' })).toBeInTheDocument();
  });

  it.each([
    [1, 0, 'Studio'],
    [2, 1, '2 pièces · 1 chambre'],
  ])(
    'should read %i room(s) and %i bedroom(s) as « %s », never « Chambres 1 » alone',
    async (rooms, bedrooms, text) => {
      renderApp({ path: '/property/10', mocks: signedInMocks({ rooms, bedrooms }) });
      const stats = (await screen.findByText('Surface')).closest('dl')!;
      expect(within(stats).getByText('Pièces').nextSibling).toHaveTextContent(new RegExp(`^${text}$`));
    },
  );

  it('should hide Étage and Caractéristiques when absent, show dots for several photos, and disable Appeler without a phone', async () => {
    renderApp({
      path: '/property/10',
      mocks: signedInMocks({
        floor: null,
        features: [],
        ownerPhone: '',
        images: ['/uploads/listings/a.webp', '/uploads/listings/b.webp'],
      }),
    });

    await screen.findByRole('heading', { level: 2, name: 'Appartement lumineux au Marais' });
    expect(screen.queryByText('Étage')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Caractéristiques' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Appeler' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Afficher la photo 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Afficher la photo 1' })).toHaveAttribute('aria-current', 'true');
  });

  it('should fetch the first photo first, at the width the screen needs, in a box sized before it loads', async () => {
    renderApp({
      path: '/property/10',
      mocks: signedInMocks({ images: ['/uploads/listings/a.webp', '/uploads/listings/b.webp'] }),
    });

    const first = await screen.findByRole('img', { name: 'Appartement lumineux au Marais' });
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).not.toHaveAttribute('loading');
    expect(first).toHaveAttribute('src', '/uploads/listings/a.webp');
    expect(first).toHaveAttribute(
      'srcset',
      '/uploads/listings/a-thumb.webp 400w, /uploads/listings/a-800.webp 800w, /uploads/listings/a.webp 1600w',
    );
    expect(first).toHaveAttribute('sizes', '(max-width: 40rem) 100vw, 40rem');
    expect(first).toHaveAttribute('width', '1600');
    expect(first).toHaveAttribute('height', '1200');
    const second = screen.getByRole('group', { name: 'Photo 2 sur 2' }).querySelector('img')!;
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority');
    expect(second.getAttribute('srcset')).toMatch(/^\/uploads\/listings\/b-thumb\.webp 400w, /);
  });

  it('should paint the listing before the session answers', async () => {
    const [me, ...rest] = signedInMocks();
    renderApp({ path: '/property/10', mocks: [{ ...me, delay: Infinity }, ...rest] });

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Appartement lumineux au Marais' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Appartement lumineux au Marais' })).toBeInTheDocument();
  });

  it('should show « Prix en baisse », the former price struck through, and the price history', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/property/10',
      mocks: signedInMocks({
        price: 399000,
        formerPrice: 420000,
        priceHistory: [
          { __typename: 'PricePoint', price: 450000, changedAt: '2025-01-10T10:00:00.000Z' },
          { __typename: 'PricePoint', price: 420000, changedAt: '2025-02-10T10:00:00.000Z' },
          { __typename: 'PricePoint', price: 399000, changedAt: '2025-03-10T10:00:00.000Z' },
        ],
      }),
    });

    const summary = (await screen.findByRole('heading', { level: 2, name: 'Appartement lumineux au Marais' })).closest(
      'section',
    )!;
    expect(within(summary).getByText('Prix en baisse')).toBeInTheDocument();
    expect(summary.querySelector('del')).toHaveTextContent('420 000 €');
    await user.click(within(summary).getByText('Historique des prix'));
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent!.replace(/\s/g, ' ')),
    ).toEqual(['10 mars 2025 : 399 000 €', '10 févr. 2025 : 420 000 €', '10 janv. 2025 : 450 000 € (mise en ligne)']);
  });

  it('should show neither the badge nor a history for a listing whose price never changed', async () => {
    renderApp({ path: '/property/10', mocks: signedInMocks() });

    const summary = (await screen.findByRole('heading', { level: 2, name: 'Appartement lumineux au Marais' })).closest(
      'section',
    )!;
    expect(within(summary).queryByText('Prix en baisse')).not.toBeInTheDocument();
    expect(summary.querySelector('del')).toBeNull();
    expect(within(summary).queryByText('Historique des prix')).not.toBeInTheDocument();
  });

  it('should show a placeholder icon when there is no photo', async () => {
    renderApp({ path: '/property/10', mocks: signedInMocks({ images: [] }) });

    expect(await screen.findByRole('img', { name: 'Aucune photo' })).toBeInTheDocument();
  });

  it('should say "Bien non trouvé" when the listing does not exist', async () => {
    renderApp({
      path: '/property/10',
      mocks: [
        meMock(null),
        {
          request: { query: PropertyDetailDocument, variables: { id: '10' } },
          result: errorResult('Bien non trouvé', 'NOT_FOUND'),
        },
      ],
    });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Bien non trouvé' })).toBeInTheDocument();
    expect(
      within(alert).getByText("Le bien immobilier que vous recherchez n'existe pas ou a été supprimé."),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: "Retourner à l'accueil" })).toHaveAttribute('href', '/');
  });

  it('should record the view once when signed in', async () => {
    const recorded = jest.fn();
    renderApp({ path: '/property/10', mocks: signedInMocks({}, recorded) });
    await screen.findByRole('heading', { level: 2, name: 'Appartement lumineux au Marais' });
    await waitFor(() => expect(recorded).toHaveBeenCalledTimes(1));
  });

  it('should not record the view when signed out', async () => {
    const recorded = jest.fn();
    renderApp({ path: '/property/10', mocks: [meMock(null), detailMock(), recordViewMock(recorded)] });
    await screen.findByRole('heading', { level: 2, name: 'Appartement lumineux au Marais' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorded).not.toHaveBeenCalled();
  });

  it('should go back to / when there is no history, after the favourite and share controls', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/property/10', mocks: [meMock(null), detailMock()] });
    await screen.findByRole('heading', { level: 2, name: 'Appartement lumineux au Marais' });
    expect(screen.getByRole('button', { name: 'Ajouter aux favoris' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Retour/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  describe('share', () => {
    afterEach(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    });

    it('should copy the link when the share sheet is missing', async () => {
      const user = userEvent.setup();
      const writeText = jest.fn().mockResolvedValue(undefined);
      renderApp({ path: '/property/10', mocks: [meMock(null), detailMock()] });
      await screen.findByRole('heading', { level: 2, name: 'Appartement lumineux au Marais' });
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

      await user.click(screen.getByRole('button', { name: 'Partager' }));

      expect(await toast('Lien copié')).toBeInTheDocument();
      expect(writeText).toHaveBeenCalledWith(window.location.href);
    });

    it('should use the system share sheet when there is one', async () => {
      const user = userEvent.setup();
      const share = jest.fn().mockResolvedValue(undefined);
      renderApp({ path: '/property/10', mocks: [meMock(null), detailMock()] });
      await screen.findByRole('heading', { level: 2, name: 'Appartement lumineux au Marais' });
      Object.defineProperty(navigator, 'share', { value: share, configurable: true });

      await user.click(screen.getByRole('button', { name: 'Partager' }));

      expect(share).toHaveBeenCalledWith({ title: 'Appartement lumineux au Marais', url: window.location.href });
    });

    it('should say "Partage non supporté" when neither exists', async () => {
      const user = userEvent.setup();
      renderApp({ path: '/property/10', mocks: [meMock(null), detailMock()] });
      await screen.findByRole('heading', { level: 2, name: 'Appartement lumineux au Marais' });
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });

      await user.click(screen.getByRole('button', { name: 'Partager' }));

      expect(await toast('Partage non supporté')).toBeInTheDocument();
    });
  });

  it('should keep the heart focusable for a signed-out visitor and ask to sign in on click', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/property/10', mocks: [meMock(null), detailMock()] });

    const heart = await screen.findByRole('button', { name: 'Ajouter aux favoris' });
    expect(heart).toBeEnabled();
    heart.focus();
    expect(heart).toHaveFocus();
    await user.keyboard('{Enter}');

    const toastItem = await toast('Authentification requise');
    expect(within(toastItem).getByText('Veuillez vous connecter pour ajouter des favoris')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  describe('Message', () => {
    it('should ask to sign in and go to /auth, remembering the listing, when signed out', async () => {
      const user = userEvent.setup();
      const { router } = renderApp({ path: '/property/10', mocks: [meMock(null), detailMock()] });

      await user.click(await screen.findByRole('button', { name: 'Message' }));

      expect(await toast('Veuillez vous connecter pour envoyer un message')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
      expect(router.state.location.state).toEqual({ from: '/property/10' });
    });

    it('should say the owner is unknown when the listing has none', async () => {
      const user = userEvent.setup();
      renderApp({ path: '/property/10', mocks: signedInMocks({ ownerId: null }) });

      await user.click(await screen.findByRole('button', { name: 'Message' }));

      expect((await toast('Erreur')).textContent).toContain('Information manquante sur le propriétaire de ce bien.');
    });

    it('should create the conversation, toast, then open it after 500 ms, the button busy meanwhile', async () => {
      const user = userEvent.setup();
      const { router } = renderApp({
        path: '/property/10',
        mocks: [
          ...signedInMocks(),
          meMock(buildUser()),
          {
            request: { query: StartPropertyConversationDocument, variables: { otherUserId: '2', propertyId: '10' } },
            result: { data: { startConversation: { __typename: 'ConversationSummary', id: '42' } } },
            delay: 30,
          },
        ],
      });

      await user.click(await screen.findByRole('button', { name: 'Message' }));

      expect(screen.getByRole('button', { name: 'Connexion...' })).toBeDisabled();
      expect(await toast('Création de la conversation')).toBeInTheDocument();
      expect(await toast('Conversation créée')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/property/10');
      await waitFor(() => expect(router.state.location.pathname).toBe('/messages/42'));
    });

    it('should clear the busy flag 1 s after a failed attempt, with the generic message', async () => {
      jest.useFakeTimers({ advanceTimers: true });
      try {
        const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
        renderApp({
          path: '/property/10',
          mocks: [
            ...signedInMocks(),
            meMock(buildUser()),
            {
              request: { query: StartPropertyConversationDocument, variables: { otherUserId: '2', propertyId: '10' } },
              result: errorResult('Boom', 'INTERNAL_SERVER_ERROR'),
            },
          ],
        });

        await user.click(await screen.findByRole('button', { name: 'Message' }));

        expect((await toast('Erreur')).textContent).toContain(
          'Impossible de démarrer la conversation. Veuillez réessayer.',
        );
        expect(screen.getByRole('button', { name: 'Connexion...' })).toBeDisabled();
        act(() => jest.advanceTimersByTime(1000));
        expect(await screen.findByRole('button', { name: 'Message' })).toBeEnabled();
      } finally {
        jest.useRealTimers();
      }
    });

    it('should show the server message of a refusal (403)', async () => {
      const user = userEvent.setup();
      renderApp({
        path: '/property/10',
        mocks: [
          ...signedInMocks(),
          meMock(buildUser()),
          {
            request: { query: StartPropertyConversationDocument, variables: { otherUserId: '2', propertyId: '10' } },
            result: errorResult('Accès refusé', 'FORBIDDEN'),
          },
        ],
      });

      await user.click(await screen.findByRole('button', { name: 'Message' }));

      expect((await toast('Erreur')).textContent).toContain('Accès refusé');
    });

    it('should send to /auth when the session check finds the session over', async () => {
      const user = userEvent.setup();
      const { router } = renderApp({
        path: '/property/10',
        mocks: [...signedInMocks(), { request: { query: MeDocument }, result: { data: { me: null } } }],
      });

      await user.click(await screen.findByRole('button', { name: 'Message' }));

      expect((await toast('Erreur')).textContent).toContain('Votre session a expiré. Veuillez vous reconnecter.');
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    });
  });

  it("should end with « Signaler l'annonce » for a visitor, and show a hidden listing as hidden", async () => {
    renderApp({ path: '/property/10', mocks: signedInMocks({ hiddenAt: '2026-12-01T10:00:00.000Z' }) });

    const report = await screen.findByRole('button', { name: "Signaler l'annonce" });
    const contact = screen.getByRole('heading', { name: /Contacter/ });
    expect(contact.compareDocumentPosition(report) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(MODERATION_MSG.listingHidden)).toBeInTheDocument();
  });
});
