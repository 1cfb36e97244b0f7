import type request from 'supertest';
import type { TestGateway } from './gateway';
import { buildUser } from './factories';
import { gql } from './graphql';

/** The fields of an access token as the API answers them. */
export interface AccessTokenJson {
  id: string;
  name: string;
  scopes: string[];
  prefix: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
}

export const CREATE_ACCESS_TOKEN = `mutation Create($input: CreateAccessTokenInput!) {
  createAccessToken(input: $input) { token accessToken { id name scopes prefix createdAt expiresAt lastUsedAt } }
}`;

/** Creates a token with the cookie session of `agent`; answers its secret and fields. */
export async function createAccessToken(
  agent: request.Agent,
  scopes: string[],
  opts: { name?: string; expiresInDays?: number; currentPassword?: string } = {},
): Promise<{ token: string; accessToken: AccessTokenJson }> {
  // The factories' users all have buildUser's password.
  const input = { name: 'Intégration', scopes, currentPassword: buildUser().password, ...opts };
  const res = await gql(agent, CREATE_ACCESS_TOKEN, { input });
  if (!res.data?.createAccessToken) throw new Error(`createAccessToken failed: ${JSON.stringify(res.errors)}`);
  return res.data.createAccessToken;
}

/** Posts a GraphQL operation with `Authorization: Bearer <token>` and no cookie (nor CSRF header). */
export function gqlWithToken(gw: TestGateway, token: string, query: string, variables?: Record<string, unknown>) {
  return gw
    .agent()
    .post('/graphql')
    .set('Authorization', `Bearer ${token}`)
    .set('Content-Type', 'application/json')
    .send({ query, variables });
}

/** A REST request under /api with `Authorization: Bearer <token>`. */
export function restWithToken(
  gw: TestGateway,
  token: string,
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  body?: unknown,
) {
  const req = gw.agent()[method](`/api${path}`).set('Authorization', `Bearer ${token}`);
  return body === undefined ? req : req.send(body as object);
}
