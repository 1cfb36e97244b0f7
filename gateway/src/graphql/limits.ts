import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, Lexer, TokenKind, ValidationRule } from 'graphql';

/** GraphQL request limits (docs/security.md): the same rules run over HTTP and over the websocket. */
export const GRAPHQL_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxCost: 5000,
  maxTokens: 2000,
  maxDirectives: 50,
} as const;

/**
 * The token limit as a validation rule, so that it runs on HTTP and on the websocket alike. graphql-armor's
 * own is an Apollo parsing hook that throws outside Apollo's error handling: it turned every syntax error
 * into a 500 (found by test/fuzz.test.ts). Counted like armor: lexical tokens, comments excluded.
 */
export function maxTokensRule(max: number): ValidationRule {
  return (context) => {
    const source = context.getDocument().loc?.source;
    if (source) {
      const lexer = new Lexer(source);
      let tokens = 0;
      while (lexer.advance().kind !== TokenKind.EOF) {
        if (++tokens > max) {
          context.reportError(
            new GraphQLError(`Syntax Error: Token limit of ${max} exceeded.`, {
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
            }),
          );
          break;
        }
      }
    }
    return {};
  };
}

/** graphql-armor protections: Apollo plugins plus the validation rules reused by graphql-ws. */
export function createArmor() {
  const armor = new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, ignoreIntrospection: true },
    maxTokens: { enabled: false },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    blockFieldSuggestion: { enabled: false },
  }).protect();
  return { ...armor, validationRules: [...armor.validationRules, maxTokensRule(GRAPHQL_LIMITS.maxTokens)] };
}
