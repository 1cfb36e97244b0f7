import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { ScrollToTop } from './scroll-to-top';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollToTop />
            <Outlet />
          </>
        ),
        children: [
          { path: 'history', element: <p>Découvertes</p> },
          { path: 'property/:id', element: <p>Détail du bien</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a new screen at the top', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it('should scroll to the top when a link or a redirect opens another screen', async () => {
    const router = renderAt('/history');
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/property/9'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await act(() => router.navigate('/history', { replace: true }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('should keep the position when going back or when only the query changes', async () => {
    const router = renderAt('/history');
    await act(() => router.navigate('/history?sort=price', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/property/9'));
    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/history');
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
