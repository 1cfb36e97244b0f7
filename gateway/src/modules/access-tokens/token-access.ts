import { MSG } from '@flaneur/schema';
import { DocumentNode, GraphQLError, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { analyzeOperation, type OperationAnalysis } from '../../graphql/cost';
import type { TokenGrant } from './access-tokens.service';
import { GRAPHQL_TOKEN_SCOPES, REST_TOKEN_SCOPES, TOKEN_FORBIDDEN_TYPES, type TokenRequirement } from './scopes';
import { budgetHeaders, type BudgetStatus, type TokenBudget } from './token-budget';

/** Why a token may not run something: FORBIDDEN with the French message naming the missing scope, or null. */
export function scopeRefusal(need: TokenRequirement | undefined, grant: TokenGrant): string | null {
  if (!need) return MSG.accessTokenSessionOnly;
  return grant.scopes.has(need) ? null : MSG.accessTokenMissingScope.replace('{scope}', need);
}

/** The refusal of a GraphQL operation for a token: a root field it may not run, or a type it may never read. */
export function operationRefusal(analysis: OperationAnalysis, grant: TokenGrant): string | null {
  for (const type of analysis.types) if (TOKEN_FORBIDDEN_TYPES.has(type)) return MSG.accessTokenSessionOnly;
  const table = GRAPHQL_TOKEN_SCOPES[analysis.rootType];
  for (const field of analysis.rootFields) {
    const refusal = scopeRefusal(Object.hasOwn(table, field) ? table[field] : undefined, grant);
    if (refusal) return refusal;
  }
  return null;
}

const segments = (path: string) => path.toLowerCase().replace(/\/+$/, '').split('/');
const ROUTES = REST_TOKEN_SCOPES.map(([method, path, need]) => ({ method, parts: segments(path), need }));

/** What a token needs for a REST route (path under /api); undefined when the route is not listed (refused). */
export function restRequirement(method: string, path: string): TokenRequirement | undefined {
  const parts = segments(path);
  const verb = method === 'HEAD' ? 'GET' : method;
  const route = ROUTES.find(
    (r) =>
      r.method === verb &&
      r.parts.length === parts.length &&
      r.parts.every((p, i) => (p.startsWith(':') ? parts[i] !== '' : p === parts[i])),
  );
  return route ? route.need : undefined;
}

/** A refusal before execution, with its HTTP status and headers (Apollo reads `extensions.http`). */
const refusal = (message: string, code: string, status: number, headers: Record<string, string> = {}) =>
  new GraphQLError(message, {
    extensions: { code, http: { status, headers: new Map(Object.entries(headers)) } },
  });

/** The charge of an admitted operation: what it was estimated at and the bucket after it. */
export interface Admission {
  analysis: OperationAnalysis;
  requested: number;
  status: BudgetStatus;
}

/**
 * Admits a GraphQL operation of a token, before execution: its scopes (403 FORBIDDEN), its cost against the maximum
 * (400), then the cost taken from the token's bucket (429 THROTTLED with Retry-After). Throws the refusal; on
 * THROTTLED the error carries the bucket (`throttleStatus`) so the answer can show it.
 */
export async function admitOperation(opts: {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables?: Record<string, unknown>;
  grant: TokenGrant;
  budget: TokenBudget;
}): Promise<Admission> {
  const analysis = analyzeOperation(opts.schema, opts.document, opts.operation, opts.variables);
  const refused = operationRefusal(analysis, opts.grant);
  if (refused) throw refusal(refused, 'FORBIDDEN', 403);
  const requested = analysis.cost;
  const max = opts.budget.rule.maximum;
  if (requested > max)
    throw refusal(
      MSG.queryCostTooHigh.replace('{cost}', String(requested)).replace('{max}', String(max)),
      'BAD_USER_INPUT',
      400,
    );
  const status = await opts.budget.take(budgetKey(opts.grant), requested);
  if (!status.allowed) {
    const error = refusal(MSG.accessTokenThrottled, 'THROTTLED', 429, budgetHeaders(status));
    throw Object.assign(error, { admission: { analysis, requested, status } satisfies Admission });
  }
  return { analysis, requested, status };
}

/** The bucket of a token. */
export const budgetKey = (grant: TokenGrant): string => `token:${grant.id}`;

/** `extensions.cost` of an answer. */
export function costExtension(admission: Admission, actual: number, status: BudgetStatus) {
  return {
    requestedQueryCost: admission.requested,
    actualQueryCost: actual,
    throttleStatus: {
      maximumAvailable: status.maximumAvailable,
      currentlyAvailable: status.currentlyAvailable,
      restoreRate: status.restoreRate,
    },
  };
}
