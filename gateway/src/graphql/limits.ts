import { ApolloArmor } from '@escape.tech/graphql-armor';

/** GraphQL request limits (docs/security.md): the same rules run over HTTP and over the websocket. */
export const GRAPHQL_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxCost: 5000,
  maxTokens: 2000,
  maxDirectives: 50,
} as const;

/** graphql-armor protections: Apollo plugins plus the validation rules reused by graphql-ws. */
export function createArmor() {
  return new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, ignoreIntrospection: true },
    maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    blockFieldSuggestion: { enabled: false },
  }).protect();
}
