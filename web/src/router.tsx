import { isValidElement, lazy } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { AppShell } from './shell/app-shell';
import { RouteError } from './components/route-error';
import { RequireAuth } from './modules/auth/components/require-auth';

// One lazily loaded module per screen.
const pages = {
  dashboard: () => import('./routes/dashboard.page'),
  propertyDetail: () => import('./routes/property-detail.page'),
  addProperty: () => import('./routes/add-property.page'),
  myProperties: () => import('./routes/my-properties.page'),
  feeds: () => import('./routes/feeds.page'),
  messages: () => import('./routes/messages.page'),
  conversation: () => import('./routes/conversation.page'),
  history: () => import('./routes/history.page'),
  favorites: () => import('./routes/favorites.page'),
  auth: () => import('./routes/auth.page'),
  profile: () => import('./routes/profile.page'),
  notFound: () => import('./routes/not-found.page'),
  developers: () => import('./routes/developers.page'),
  whoCanPublish: () => import('./routes/who-can-publish.page'),
  explorer: () => import('./routes/explorer.page'),
  walks: () => import('./routes/walks.page'),
  walk: () => import('./routes/walk.page'),
  moderation: () => import('./routes/moderation.page'),
};
const DashboardPage = lazy(pages.dashboard);
const PropertyDetailPage = lazy(pages.propertyDetail);
const AddPropertyPage = lazy(pages.addProperty);
const MyPropertiesPage = lazy(pages.myProperties);
const FeedsPage = lazy(pages.feeds);
const MessagesPage = lazy(pages.messages);
const ConversationPage = lazy(pages.conversation);
const HistoryPage = lazy(pages.history);
const FavoritesPage = lazy(pages.favorites);
const AuthPage = lazy(pages.auth);
const ProfilePage = lazy(pages.profile);
const NotFoundPage = lazy(pages.notFound);
const DevelopersPage = lazy(pages.developers);
const WhoCanPublishPage = lazy(pages.whoCanPublish);
const ExplorerPage = lazy(pages.explorer);
const WalksPage = lazy(pages.walks);
const WalkPage = lazy(pages.walk);
const ModerationPage = lazy(pages.moderation);

/** Route path → its screen's module (the index redirects to the dashboard). */
const pageOfPath: Record<string, () => Promise<unknown>> = {
  dashboard: pages.dashboard,
  'property/:id': pages.propertyDetail,
  auth: pages.auth,
  favorites: pages.favorites,
  'add-property': pages.addProperty,
  'my-properties': pages.myProperties,
  'my-properties/feeds': pages.feeds,
  messages: pages.messages,
  'messages/:id': pages.conversation,
  history: pages.history,
  walks: pages.walks,
  'walks/:id': pages.walk,
  profile: pages.profile,
  'profile/:username': pages.profile,
  moderation: pages.moderation,
  developers: pages.developers,
  'qui-peut-publier': pages.whoCanPublish,
  explorer: pages.explorer,
  '*': pages.notFound,
};

/**
 * Starts downloading the screen of `pathname` while React mounts, instead of once the router renders
 * it (called by main.tsx at start). The lazy component then finds the module already on its way. The server
 * awaits it before rendering, so that the markup holds the screen.
 */
export function preloadPage(pathname: string): Promise<void> {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  if (!leaf) return Promise.resolve();
  const load = leaf.index ? pages.dashboard : leaf.path ? pageOfPath[leaf.path] : undefined;
  // A failure shows when the route renders (its error element), as without the preload.
  return load
    ? load().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

/**
 * The routes. Public: /dashboard, /property/:id, /explorer, /auth, /developers, /qui-peut-publier and the 404; the others sit
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
      { path: 'developers', element: <DevelopersPage /> },
      { path: 'qui-peut-publier', element: <WhoCanPublishPage /> },
      { path: 'explorer', element: <ExplorerPage /> },
      // Signed-out visitors of /favorites get the page's login prompt, not a redirect.
      { path: 'favorites', element: <FavoritesPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'add-property', element: <AddPropertyPage /> },
          { path: 'my-properties', element: <MyPropertiesPage /> },
          { path: 'my-properties/feeds', element: <FeedsPage /> },
          { path: 'messages', element: <MessagesPage /> },
          { path: 'messages/:id', element: <ConversationPage /> },
          { path: 'history', element: <HistoryPage /> },
          { path: 'walks', element: <WalksPage /> },
          { path: 'walks/:id', element: <WalkPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'profile/:username', element: <ProfilePage /> },
          { path: 'moderation', element: <ModerationPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ]),
  },
];

/** Whether the screen of `pathname` sits behind the route guard (signed-in visitors only). */
export function isGuardedPath(pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).some(
    (m) => isValidElement(m.route.element) && m.route.element.type === RequireAuth,
  );
}

/** Every screen under one pathless route whose error screen renders in the shell's outlet. */
function insideShellErrorBoundary(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteError />, children }];
}
