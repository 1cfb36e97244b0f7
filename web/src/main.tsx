import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createApolloClient } from './apollo/client';
import { AppProviders } from './app-providers';
import { setupNativeBackButton } from './components/platform/native-back-button';
import { reportClientError } from './components/route-error';
import { registerServiceWorker } from './components/platform/service-worker';
import { preloadPage, routes } from './router';
import './styles/theme.css';
import './styles/shell.css';
import './styles/forms.css';
import './styles/toaster.css';

// The current screen's chunk downloads in parallel with the first render.
void preloadPage(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');

const client = createApolloClient();
// A screen painted by the server (gateway/src/http/server-render.ts) comes with the answers of its queries: restored
// before hydrating, the first render reads them and matches the server's markup.
const state = document.getElementById('apollo-state');
if (state?.textContent) client.cache.restore(JSON.parse(state.textContent) as never);
const app = (
  <StrictMode>
    <AppProviders client={client}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProviders>
  </StrictMode>
);
if (container.firstElementChild)
  hydrateRoot(container, app, {
    // A mismatch React recovered from (it painted the client's markup instead) is a defect: reported.
    onRecoverableError: (error) => {
      console.error('Hydration mismatch', error);
      reportClientError(error, window.location.pathname + window.location.search);
    },
  });
else createRoot(container).render(app);

registerServiceWorker();
setupNativeBackButton();
