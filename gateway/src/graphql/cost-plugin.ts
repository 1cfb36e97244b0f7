import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLError } from 'graphql';
import { admitOperation, type Admission, budgetKey, costExtension } from '../modules/access-tokens/token-access';
import { budgetHeaders, type TokenBudget } from '../modules/access-tokens/token-budget';
import type { Context } from './context';
import { actualCost } from './cost';

/**
 * Scopes and cost budgets of token requests over HTTP (cookie and anonymous requests are not charged: see
 * docs/decisions.md). Before execution: the operation's scopes and cost, taken from the token's bucket (403, 400
 * or 429). After: the real cost (objects in the answer) corrects the charge, and the answer carries
 * `extensions.cost` and the X-RateLimit-* headers.
 */
export function tokenCostPlugin(budget: TokenBudget): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue }) {
      const grant = contextValue.token;
      if (!grant) return;
      let admission: Admission | undefined;
      return {
        async didResolveOperation({ document, operation, schema, request, response }) {
          if (!operation) return;
          try {
            admission = await admitOperation({
              schema,
              document,
              operation,
              variables: request.variables,
              grant,
              budget,
            });
          } catch (e) {
            admission = (e as { admission?: Admission }).admission;
            throw e as GraphQLError;
          }
          for (const [name, value] of Object.entries(budgetHeaders(admission.status)))
            response.http.headers.set(name, value);
        },
        async willSendResponse({ response }) {
          if (!admission || response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          let status = admission.status;
          let actual = 0;
          if (status.allowed) {
            actual = actualCost(result.data as Record<string, unknown> | null | undefined, admission.analysis);
            const delta = actual - admission.requested;
            if (delta !== 0) {
              status = await budget.adjust(budgetKey(grant), delta);
              for (const [name, value] of Object.entries(budgetHeaders(status))) response.http.headers.set(name, value);
            }
          }
          result.extensions = { ...result.extensions, cost: costExtension(admission, actual, status) };
        },
      };
    },
  };
}
