/**
 * Limits of a GraphQL request that a client should respect too. The gateway refuses a longer document before parsing
 * it, over HTTP (400) and over the websocket, with BAD_USER_INPUT and `MSG.graphqlDocumentTooLong`.
 */
export const GRAPHQL_DOCUMENT_LIMITS = {
  /** Characters of the document (the `query` text), whitespace and comments included. */
  maxChars: 8_000,
} as const;
