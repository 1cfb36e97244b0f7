import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from '../../../components/toaster/toaster';

/** Renders one component at /here (with /auth beside it) over mocked GraphQL, with the toaster. */
export function renderWithApollo(ui: ReactElement, mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter(
    [
      { path: '/here', element: ui },
      { path: '/auth', element: <p>Page de connexion</p> },
    ],
    { initialEntries: ['/here'] },
  );
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
