import type { TRegister } from '@flaneur/schema';
import request from 'supertest';
import type { TestGateway } from './gateway';
import { unique } from './gateway';

/** Registration fields of a new user; override what the test cares about. */
export function buildUser(
  overrides: Partial<TRegister> = {},
): TRegister & { password: string; username: string; email: string } {
  const username = overrides.username ?? unique('user');
  return {
    username,
    password: 'motdepasse-solide',
    email: `${username.toLowerCase()}@example.fr`,
    firstName: 'Camille',
    lastName: 'Durand',
    ...overrides,
  } as TRegister & { password: string; username: string; email: string };
}

/** Registers a user through REST and returns a signed-in agent with the created user. */
export async function signedInUser(gw: TestGateway, overrides: Partial<TRegister> = {}) {
  const fields = buildUser(overrides);
  const agent = gw.agent();
  const res = await agent.post('/api/register').send(fields);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { agent, user: res.body as { id: number; username: string; email: string }, password: fields.password };
}

export type Agent = request.Agent;
