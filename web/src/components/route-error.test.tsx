import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildUser, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

// A screen that fails to render while `broken` (the 404 stands for any screen).
let broken = true;
jest.mock('../routes/not-found.page', () => ({
  __esModule: true,
  default: function Broken() {
    if (broken) {
      throw new TypeError("Cannot read properties of undefined (reading 'viewedAt')");
    }
    return <p>Écran rétabli</p>;
  },
}));

describe('route error screen', () => {
  const fetchMock = jest.fn(() => Promise.resolve(new Response(null, { status: 204 })));

  beforeEach(() => {
    broken = true;
    fetchMock.mockClear();
    Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('should show a French error inside the shell, report it, retry the route and go home', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/nowhere?x=1', mocks: [meMock(buildUser()), meMock(buildUser())] });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Une erreur est survenue' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Découvertes' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/client-errors');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toMatchObject({
      message: "Cannot read properties of undefined (reading 'viewedAt')",
      url: '/nowhere?x=1',
      stack: expect.any(String),
    });

    await user.click(within(alert).getByRole('button', { name: "Retourner à l'accueil" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));

    await act(() => router.navigate('/nowhere'));
    const again = await screen.findByRole('alert');
    broken = false;
    await user.click(within(again).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Écran rétabli')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nowhere');
  }, 20_000);
});
