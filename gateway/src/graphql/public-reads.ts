import type { ApolloServerPlugin } from '@apollo/server';
import { DocumentNode, FragmentDefinitionNode, Kind, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import { isAnonymousRead, PRIVATE_CACHE_CONTROL, PUBLIC_READ_CACHE_CONTROL, weakEtagOf } from '../http/caching';
import type { Context } from './context';
import { perDocument } from './document-cache';

/**
 * Root fields whose answer is the same for every anonymous visitor (a listing: asking its owner-only stats answers an
 * error, and an answer with an error is never public).
 */
export const PUBLIC_ROOT_FIELDS: ReadonlySet<string> = new Set(['property', 'sales']);

/** The root field names an operation selects, through inline fragments and fragment spreads; null if unknown. */
function rootFieldNames(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): string[] | null {
  const names: string[] = [];
  for (const s of set.selections) {
    let inner: string[] | null;
    if (s.kind === Kind.FIELD) inner = [s.name.value];
    else if (s.kind === Kind.INLINE_FRAGMENT) inner = rootFieldNames(s.selectionSet, fragments, seen);
    else {
      const fragment = fragments.get(s.name.value);
      if (!fragment || seen.has(s.name.value)) return null;
      seen.add(s.name.value);
      inner = rootFieldNames(fragment.selectionSet, fragments, seen);
    }
    if (!inner) return null;
    names.push(...inner);
  }
  return names;
}

/** Per document, per operation: computed once (the document store hands back the same nodes). */
const publicOperations = perDocument(() => new WeakMap<OperationDefinitionNode, boolean>());

/** Whether a query selects only public root fields (and `__typename`), at least one of them. */
export function selectsOnlyPublicFields(document: DocumentNode, operation: OperationDefinitionNode): boolean {
  const known = publicOperations(document);
  let value = known.get(operation);
  if (value === undefined) {
    value = computeOnlyPublicFields(document, operation);
    known.set(operation, value);
  }
  return value;
}

function computeOnlyPublicFields(document: DocumentNode, operation: OperationDefinitionNode): boolean {
  if (operation.operation !== 'query') return false;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const names = rootFieldNames(operation.selectionSet, fragments)?.filter((n) => n !== '__typename');
  return names !== undefined && names.length > 0 && names.every((n) => PUBLIC_ROOT_FIELDS.has(n));
}

/**
 * Owns Cache-Control of GraphQL answers over HTTP. A GET query read without a session whose root fields are all
 * public, answered without any error, is public with an ETag (express answers 304 to a matching If-None-Match)
 * and `Vary: Accept, Cookie` (the answer's type follows Accept). Everything else, POST included (not
 * HTTP-cacheable), is private, no-store (Apollo's own cache-control plugin is off: app.ts).
 */
export function publicReadsPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response, contextValue, document, operation }) {
          const headers = response.http.headers;
          const http = request.http;
          const result = response.body.kind === 'single' ? response.body.singleResult : undefined;
          const isPublic =
            http?.method === 'GET' &&
            (response.http.status ?? 200) === 200 &&
            result !== undefined &&
            !result.errors?.length &&
            result.data != null &&
            isAnonymousRead(contextValue.viewer, http.headers.get('cookie')) &&
            document !== undefined &&
            operation !== undefined &&
            selectsOnlyPublicFields(document, operation);
          if (!isPublic) {
            headers.set('cache-control', PRIVATE_CACHE_CONTROL);
            return;
          }
          headers.set('cache-control', PUBLIC_READ_CACHE_CONTROL);
          headers.set('etag', weakEtagOf(JSON.stringify(result)));
          headers.set('vary', 'accept, cookie');
        },
      };
    },
  };
}
