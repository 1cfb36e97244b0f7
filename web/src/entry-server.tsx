import { ApolloClient, ApolloLink } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { Observable } from 'rxjs';
import { createCache } from './apollo/cache';
import { AppProviders } from './app-providers';
import { MeDocument } from './gql/graphql';
import { knownDocumentHash } from './apollo/persisted-link';
import { authPathReturningTo, postLoginPath } from './modules/auth/lib/post-login-path';
import { isGuardedPath, preloadPage, routes } from './router';

/** One operation as the gateway runs it in-process (Apollo Server's executeOperation), never over HTTP. */
export interface ServerOperation {
  /** The trusted document's bare sha256 hex digest (codegen's hash). */
  hash: string;
  operationName: string | undefined;
  variables: Record<string, unknown>;
}
export type ExecuteOperation = (operation: ServerOperation) => Promise<ApolloLink.Result>;

export interface RenderResult {
  /** The markup of #root. */
  html: string;
  /** The Apollo cache after the render (client.extract()), restored by the client before hydrating. */
  state: unknown;
  /** 404 for the not-found screen, else 200. */
  status: number;
}

/** The screens painted by the server for a signed-out visitor (route paths of router.tsx). */
const SERVER_RENDERED = new Set(['dashboard', 'property/:id', 'qui-peut-publier', 'developers', 'auth', '*']);
/** Those painted for a signed-in visitor, with the session's data. */
const SERVER_RENDERED_SIGNED_IN = new Set(['property/:id', 'dashboard']);

/** The route path of `pathname` if the server paints it for this visitor, else null (the client shell then). */
export function serverRenderedRoute(pathname: string, signedIn = false): string | null {
  const path = matchRoutes(routes, pathname)?.at(-1)?.route.path;
  return path && (signedIn ? SERVER_RENDERED_SIGNED_IN : SERVER_RENDERED).has(path) ? path : null;
}

/**
 * The HTTP redirect the server answers for `url` (path and query), or null: the redirects the router does on the
 * client, made before any markup. The index goes to /dashboard; a guarded screen sends a visitor without a session to
 * /auth, remembering the screen in its query; /auth sends a signed-in visitor on to the remembered path (except a
 * password-reset link, honoured signed in too).
 */
export function serverRedirect(url: string, signedIn: boolean): string | null {
  const { pathname, search, searchParams } = new URL(url, 'http://localhost');
  const home = (path: string) => (path === '/' ? '/dashboard' : path);
  if (pathname === '/') return home('/');
  if (!signedIn && isGuardedPath(pathname)) return authPathReturningTo(`${pathname}${search}`);
  if (signedIn && pathname === '/auth' && !searchParams.has('token'))
    return home(postLoginPath({ state: null, search }));
  return null;
}

/**
 * A NOT_FOUND on a root field (`property(id)` of an unknown or unpublished listing) reads as that field being null:
 * Apollo's cache keeps no errors, but it keeps the null, so the hydrating client paints the same « not found » screen
 * as the server. Other errors stay: the render is then not sent (the client shell asks again).
 */
export function notFoundAsNull(result: ApolloLink.Result): ApolloLink.Result {
  const errors = result.errors ?? [];
  const notFound = errors.filter((e) => e.extensions?.code === 'NOT_FOUND' && e.path?.length === 1);
  if (notFound.length === 0) return result;
  const data: Record<string, unknown> = { ...(result.data ?? {}) };
  for (const e of notFound) data[String(e.path![0])] = null;
  const rest = errors.filter((e) => !notFound.includes(e));
  return rest.length ? { data, errors: rest } : { data };
}

/** Queries run by `execute` (their hash only); subscriptions never start on the server. `failed` counts errors. */
function inProcessLink(execute: ExecuteOperation, failed: { count: number }): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        const hash = knownDocumentHash(operation.query);
        if (!hash) {
          observer.error(new Error(`Opération sans empreinte : ${operation.operationName ?? '?'}`));
          return;
        }
        execute({ hash, operationName: operation.operationName, variables: operation.variables }).then(
          (answer) => {
            const result = notFoundAsNull(answer);
            if (result.errors?.length) failed.count += 1;
            observer.next(result);
            observer.complete();
          },
          (error: unknown) => {
            failed.count += 1;
            observer.error(error);
          },
        );
      }),
  );
}

/**
 * Renders `url` as its visitor sees it (`execute` runs as the request's viewer): React Router's data router on the
 * server, Apollo's prerenderStatic (renders again until every query has its answer), the screen's lazy module loaded
 * first so that the markup holds it.
 */
export async function render(
  url: string,
  execute: ExecuteOperation,
  signal?: AbortSignal,
  signedIn = false,
): Promise<RenderResult> {
  const request = new Request(url, { signal });
  const pathname = new URL(url).pathname;
  await preloadPage(pathname);
  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`Réponse inattendue du routeur : ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const failed = { count: 0 };
  const renderErrors: unknown[] = [];
  const client = new ApolloClient({ ssrMode: true, link: inProcessLink(execute, failed), cache: createCache() });
  // The session, known before the tree renders (useMe reads it from the cache, sent along to the client): signed
  // out without asking; signed in, the viewer's `me` as the client would ask for it.
  if (signedIn) await client.query({ query: MeDocument });
  else client.writeQuery({ query: MeDocument, data: { me: null } });
  const { result } = await prerenderStatic({
    tree: (
      <StrictMode>
        <AppProviders client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>
    ),
    signal,
    renderFunction: (tree) => prerender(tree, { signal, onError: (error) => void renderErrors.push(error) }),
  });
  // A part that threw on the server is painted as its Suspense fallback and rendered again by the client (React's
  // error 419, a mismatch): the page is not sent, the error goes to the gateway's log.
  if (renderErrors.length > 0)
    throw renderErrors[0] instanceof Error ? renderErrors[0] : new Error(String(renderErrors[0]));
  // An error state cannot be restored on the client (the cache holds answers only): its markup would not match.
  if (failed.count > 0) throw new Error(`${failed.count} requête(s) en erreur pendant le rendu serveur`);
  return { html: result, state: client.extract(), status: serverRenderedRoute(pathname, signedIn) === '*' ? 404 : 200 };
}
