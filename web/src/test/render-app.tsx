import type { InMemoryCache } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/toaster/toaster';
import { routes } from '../router';

interface RenderAppOptions {
  /** The first URL (path, search, hash). */
  path?: string;
  /** Apollo mocks, consumed once each, in order. */
  mocks?: MockLink.MockedResponse[];
  /** The cache (e.g. the app's own, with its field policies); a bare one otherwise. */
  cache?: InMemoryCache;
}

/** Renders the whole app (real routes, guard, shell, toaster) at a path, over mocked GraphQL. */
export function renderApp({ path = '/', mocks = [], cache }: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <MockedProvider mocks={mocks} cache={cache} mockLinkDefaultOptions={{ delay: 0 }}>
      <>
        <RouterProvider router={router} />
        <Toaster />
      </>
    </MockedProvider>,
  );
  return { router, ...view };
}
