import type { MockLink } from '@apollo/client/testing';
import { MeDocument, type SessionUserFragment } from '../gql/graphql';

/** A session user as the gateway answers it (with __typename, as the cache stores it). */
export function buildUser(overrides: Partial<SessionUserFragment> = {}): SessionUserFragment & { __typename: 'User' } {
  return {
    __typename: 'User',
    id: '1',
    username: 'marie',
    email: 'marie@example.fr',
    firstName: 'Marie',
    lastName: 'Curie',
    phone: null,
    address: null,
    city: 'Paris',
    postalCode: '75005',
    age: null,
    bio: null,
    profilePicture: null,
    isLandlord: false,
    agencyName: null,
    siren: null,
    professionalCard: null,
    isVerified: false,
    lastLoginAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    role: 'user',
    ...overrides,
  };
}

/** The `me` answer: a user when signed in, null when signed out. */
export function meMock(user: SessionUserFragment | null): MockLink.MockedResponse {
  return { request: { query: MeDocument }, result: { data: { me: user } } };
}

/** A GraphQL error answer with `extensions.code` (and optional extra extensions). */
export function errorResult(message: string, code: string, extensions: Record<string, unknown> = {}) {
  return { errors: [{ message, extensions: { code, ...extensions } }] };
}
