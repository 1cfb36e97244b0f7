import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import type { GraphQLFormattedError } from 'graphql';

import type { ErrorCode } from '@flaneur/schema';

export type { ErrorCode };

/** The GraphQL errors of a failed operation, including those of a non-2xx HTTP answer. */
function graphQLErrors(error: unknown): readonly GraphQLFormattedError[] {
  if (CombinedGraphQLErrors.is(error)) return error.errors;
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: GraphQLFormattedError[]; message?: string };
      if (Array.isArray(body.errors)) return body.errors;
      if (typeof body.message === 'string') return [{ message: body.message }];
    } catch {
      // Not JSON (a proxy page): no server message to show.
    }
  }
  return [];
}

/** Whether any GraphQL error of a failed operation carries this `extensions.code`. */
export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return graphQLErrors(error).some((e) => e.extensions?.code === code);
}

/** The server's (French) message, if the server answered one; never a network or client text. */
export function serverMessage(error: unknown): string | undefined {
  const message = graphQLErrors(error)[0]?.message?.trim();
  return message ? message : undefined;
}

/** Per-field messages of a BAD_USER_INPUT error (`extensions.fields`). */
export function fieldErrors(error: unknown): Record<string, string> {
  const fields = graphQLErrors(error)[0]?.extensions?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
