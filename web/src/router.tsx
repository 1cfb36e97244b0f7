import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AppShell } from './components/app-shell';
import { RouteError } from './components/route-error';
import { RequireAuth } from './modules/auth/components/require-auth';

// One lazily loaded module per screen.
const DashboardPage = lazy(() => import('./routes/dashboard.page'));
const PropertyDetailPage = lazy(() => import('./routes/property-detail.page'));
const AddPropertyPage = lazy(() => import('./routes/add-property.page'));
const MyPropertiesPage = lazy(() => import('./routes/my-properties.page'));
const MessagesPage = lazy(() => import('./routes/messages.page'));
const ConversationPage = lazy(() => import('./routes/conversation.page'));
const HistoryPage = lazy(() => import('./routes/history.page'));
const FavoritesPage = lazy(() => import('./routes/favorites.page'));
const AuthPage = lazy(() => import('./routes/auth.page'));
const ProfilePage = lazy(() => import('./routes/profile.page'));
const NotFoundPage = lazy(() => import('./routes/not-found.page'));

/**
 * The routes. Public: /dashboard, /property/:id, /auth and the 404; the others sit
 * behind the guard.
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    // A failure of the shell itself; a screen's failure shows inside the shell (the bottom bar stays).
    errorElement: <RouteError />,
    children: insideShellErrorBoundary([
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'property/:id', element: <PropertyDetailPage /> },
      { path: 'auth', element: <AuthPage /> },
      // Signed-out visitors of /favorites get the page's login prompt, not a redirect.
      { path: 'favorites', element: <FavoritesPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'add-property', element: <AddPropertyPage /> },
          { path: 'my-properties', element: <MyPropertiesPage /> },
          { path: 'messages', element: <MessagesPage /> },
          { path: 'messages/:id', element: <ConversationPage /> },
          { path: 'history', element: <HistoryPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'profile/:username', element: <ProfilePage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ]),
  },
];

/** Every screen under one pathless route whose error screen renders in the shell's outlet. */
function insideShellErrorBoundary(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteError />, children }];
}
