import { unwrapResolverError } from '@apollo/server/errors';
import { MSG } from '@flaneur/schema';
import { GraphQLFormattedError } from 'graphql';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';

/** Maps domain errors to extensions.code; masks anything unexpected (logged, never sent). */
export function createFormatError(logger: Logger, exposeDetails: boolean) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
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
    const code = formatted.extensions?.code;
    // Errors raised by GraphQL itself (parse, validation, variable coercion) are about the request: keep them.
    if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
      const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, extensions };
    }
    logger.error({ err: original, path: formatted.path }, 'unexpected GraphQL error');
    return {
      message: exposeDetails && original instanceof Error ? original.message : MSG.internal,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  };
}
