import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { MSG } from '@flaneur/schema';
import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { AppError, databaseUnavailable } from '../lib/errors';
import type { Logger } from '../lib/logger';

/**
 * An error the client caused: a domain error, or one GraphQL raised about the request itself (parse,
 * validation, variable coercion — a GraphQLError that wraps nothing and is not tied to a field's execution).
 */
const isExpected = (error: unknown): boolean => {
  const original = unwrapResolverError(error);
  if (original instanceof AppError || databaseUnavailable(original)) return true;
  if (error instanceof GraphQLError && !error.originalError && !error.path) return true;
  const code = (error as { extensions?: { code?: unknown } })?.extensions?.code;
  return (
    typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR' && !(original instanceof Error && original !== error)
  );
};

/** Maps domain errors to extensions.code; masks anything unexpected (never sent: no stack trace, no SQL). */
export function createFormatError(exposeDetails: boolean) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const unwrapped = unwrapResolverError(error);
    // A database that is not answering: SERVICE_UNAVAILABLE in French (retry later), never INTERNAL_SERVER_ERROR.
    const original = databaseUnavailable(unwrapped) ?? unwrapped;
    if (original instanceof AppError) {
      return {
        message: original.message,
        path: formatted.path,
        locations: formatted.locations,
        extensions: {
          code: original.code,
          ...(original.details.fields ? { fields: original.details.fields } : {}),
          ...(original.details.retryAfterSeconds ? { retryAfter: original.details.retryAfterSeconds } : {}),
        },
      };
    }
    if (isExpected(error)) {
      const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
      const code =
        typeof extensions.code === 'string' && extensions.code !== 'INTERNAL_SERVER_ERROR'
          ? extensions.code
          : 'BAD_REQUEST';
      return { ...formatted, extensions: { ...extensions, code } };
    }
    return {
      message: exposeDetails && original instanceof Error ? original.message : MSG.internal,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  };
}

/** Logs the unexpected errors of an operation with its request id (the client only sees the masked message). */
export function logUnexpected(logger: Logger, requestId: string, errors: readonly unknown[]): void {
  for (const error of errors) {
    if (!isExpected(error)) logger.error({ err: unwrapResolverError(error), requestId }, 'unexpected GraphQL error');
  }
}

/** Apollo plugin: every unexpected error of an HTTP operation is logged with the request id. */
export function errorLogPlugin(logger: Logger): ApolloServerPlugin<{ requestId: string }> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors(ctx) {
          logUnexpected(logger, ctx.contextValue.requestId, ctx.errors);
        },
      };
    },
  };
}
