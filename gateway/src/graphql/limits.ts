import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GRAPHQL_DOCUMENT_LIMITS, MSG } from '@flaneur/schema';
import type { RequestHandler } from 'express';
import {
  FragmentDefinitionNode,
  GraphQLError,
  Kind,
  Lexer,
  SelectionSetNode,
  TokenKind,
  ValidationRule,
} from 'graphql';
import { INTROSPECTION_FIELDS } from './cost';
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
 * At most one introspection field (`__schema` or `__type`) per operation, fragments expanded: the depth and cost
 * rules skip introspection (the Sandbox's own query is deep), so fifteen aliased `__schema` made a 10 MB answer for
 * nearly nothing. Counted with each fragment's count computed once (linear in the document).
 */
export function singleIntrospectionRule(): ValidationRule {
  return (context) => ({
    Document(document) {
      const fragments = new Map<string, FragmentDefinitionNode>();
      for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
      const perFragment = new Map<string, number>();
      const countIn = (set: SelectionSetNode, visiting: Set<string>): number => {
        let n = 0;
        for (const selection of set.selections) {
          if (n > 1) break;
          if (selection.kind === Kind.FIELD) {
            if (INTROSPECTION_FIELDS.has(selection.name.value)) n += 1;
            if (selection.selectionSet) n += countIn(selection.selectionSet, visiting);
          } else if (selection.kind === Kind.INLINE_FRAGMENT) n += countIn(selection.selectionSet, visiting);
          else {
            const name = selection.name.value;
            const fragment = fragments.get(name);
            if (!fragment || visiting.has(name)) continue; // a cycle is reported by NoFragmentCycles
            if (!perFragment.has(name))
              perFragment.set(name, countIn(fragment.selectionSet, new Set([...visiting, name])));
            n += perFragment.get(name)!;
          }
        }
        return n;
      };
      for (const d of document.definitions)
        if (d.kind === Kind.OPERATION_DEFINITION && countIn(d.selectionSet, new Set()) > 1)
          context.reportError(
            new GraphQLError(MSG.introspectionOnce, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }),
          );
      return false;
    },
  });
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
  return {
    ...armor,
    validationRules: [...armor.validationRules, maxTokensRule(GRAPHQL_LIMITS.maxTokens), singleIntrospectionRule()],
  };
}
