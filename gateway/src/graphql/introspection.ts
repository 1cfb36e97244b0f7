import type { ApolloServerPlugin } from '@apollo/server';
import { MSG } from '@flaneur/schema';
import { BREAK, DocumentNode, GraphQLError, visit } from 'graphql';
import type { Context } from './context';
import { perDocument } from './document-cache';

/**
 * Whether a document asks for the schema (`__schema` or `__type`; `__typename` is ordinary data). Walked once per
 * document (document-cache.ts), not on every request.
 */
export const introspectionRefused = perDocument(asksForSchema);

function asksForSchema(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** The French error of an anonymous introspection in production. */
export const introspectionError = () =>
  new GraphQLError(MSG.introspectionForbidden, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });

/**
 * In production, only a signed-in session may introspect the schema (Apollo's `introspection` option is global, and
 * a validation rule cannot see the viewer): an anonymous introspection gets UNAUTHENTICATED before it runs.
 */
export function signedInIntrospection(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, contextValue }) {
          if (!contextValue.viewer && introspectionRefused(document)) throw introspectionError();
        },
      };
    },
  };
}
