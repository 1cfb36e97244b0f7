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
}

/** Renders the whole app (real routes, guard, shell, toaster) at a path, over mocked GraphQL. */
export function renderApp({ path = '/', mocks = [] }: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <MockedProvider mocks={mocks} mockLinkDefaultOptions={{ delay: 0 }}>
      <>
        <RouterProvider router={router} />
        <Toaster />
      </>
    </MockedProvider>,
  );
  return { router, ...view };
}
