import type request from 'supertest';

/** The answer of a GraphQL operation, typed loosely for assertions. */
export interface GqlResult<T = Record<string, any>> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: { code?: string; fields?: Record<string, string> } }[];
}

/** Posts a GraphQL operation with the agent's cookies. */
export async function gql<T = Record<string, any>>(
  agent: request.Agent | request.SuperTest<request.Test>,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GqlResult<T>> {
  const res = await agent.post('/graphql').set('Content-Type', 'application/json').send({ query, variables });
  return { status: res.status, data: res.body.data, errors: res.body.errors };
}
