import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createApolloClient } from './apollo/client';
import { AppProviders } from './app-providers';
import { setupNativeBackButton } from './components/platform/native-back-button';
import { registerServiceWorker } from './components/platform/service-worker';
import { preloadPage, routes } from './router';
import './styles/theme.css';
import './styles/shell.css';
import './styles/forms.css';
import './styles/toaster.css';

// The current screen's chunk downloads in parallel with the first render.
preloadPage(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');

createRoot(container).render(
  <StrictMode>
    <AppProviders client={createApolloClient()}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();
setupNativeBackButton();
