import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GRAPHQL_DOCUMENT_LIMITS, MSG } from '@flaneur/schema';
import type { RequestHandler } from 'express';
import { GraphQLError, Lexer, TokenKind, ValidationRule } from 'graphql';
import { graphqlHttpParams } from './http-params';

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

/**
 * A document longer than `GRAPHQL_DOCUMENT_LIMITS.maxChars` characters, refused before anything parses or lexes it
 * (the token limit alone let through any amount of whitespace or comments): the error to answer, or null.
 */
export function documentTooLong(query: unknown): GraphQLError | null {
  if (typeof query !== 'string' || query.length <= GRAPHQL_DOCUMENT_LIMITS.maxChars) return null;
  return new GraphQLError(MSG.graphqlDocumentTooLong, { extensions: { code: 'BAD_USER_INPUT' } });
}

/**
 * Refuses a too long document over HTTP (GET, JSON or multipart body) with a 400 before Apollo parses it; an error
 * thrown from an Apollo plugin hook would be a 500. The websocket checks it in `onSubscribe`.
 */
export const refuseLongDocuments: RequestHandler = (req, res, next) => {
  const error = documentTooLong(graphqlHttpParams(req).query);
  if (!error) return next();
  res.status(400).json({ errors: [error.toJSON()] });
};

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
