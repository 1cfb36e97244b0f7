import { DocumentNode, GraphQLError, GraphQLSchema, parse, validate, ValidationRule } from 'graphql';

/**
 * A fact about a parsed document, computed once per document. Apollo's document store and the websocket's parse
 * cache hand the same DocumentNode back for the same text, so a check that walks the document (introspection,
 * public root fields) runs once per distinct query instead of once per request.
 */
export function perDocument<T>(compute: (document: DocumentNode) => T): (document: DocumentNode) => T {
  const cache = new WeakMap<DocumentNode, T>();
  return (document) => {
    if (cache.has(document)) return cache.get(document) as T;
    const value = compute(document);
    cache.set(document, value);
    return value;
  };
}

/** How many distinct valid documents the websocket keeps parsed (the web sends a handful). */
export const WS_DOCUMENTS_KEPT = 500;

/**
 * Parse and validation of websocket documents, once per distinct text: every socket subscribing with the same
 * document shares one parsed DocumentNode (no parse, no validation, no copy per socket). Only valid documents are
 * kept, the least recently used dropped beyond `max`; a syntax error throws as `parse` does.
 */
export function createDocumentCache(
  schema: GraphQLSchema,
  rules: readonly ValidationRule[],
  max = WS_DOCUMENTS_KEPT,
): (query: string) => DocumentNode | readonly GraphQLError[] {
  const kept = new Map<string, DocumentNode>();
  return (query) => {
    const known = kept.get(query);
    if (known) {
      kept.delete(query);
      kept.set(query, known);
      return known;
    }
    const document = parse(query);
    const errors = validate(schema, document, rules);
    if (errors.length) return errors;
    kept.set(query, document);
    if (kept.size > max) kept.delete(kept.keys().next().value!);
    return document;
  };
}
