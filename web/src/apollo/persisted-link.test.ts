import { AddFavoriteDocument, PropertyDetailDocument } from '../gql/graphql';
import persisted from '../gql/persisted-documents.json';
import { createApolloClient } from './client';
import { documentHash } from './persisted-link';

type Call = { url: URL; method: string; headers: Headers; body: Record<string, unknown> | null };

/** Replaces fetch: records each request and answers the given bodies in turn. */
function recordFetch(...answers: unknown[]): Call[] {
  const calls: Call[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    calls.push({
      url: new URL(String(input), 'http://localhost'),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
    });
    const answer = answers[Math.min(calls.length, answers.length) - 1];
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const PROPERTY = { data: { property: null } };

afterEach(() => jest.restoreAllMocks());

describe('trusted documents link', () => {
  it("should send a query by its hash only, over GET with the preflight header, when it is one of the web's documents", async () => {
    const calls = recordFetch(PROPERTY);
    const client = createApolloClient();
    await client.query({ query: PropertyDetailDocument, variables: { id: '42' } });

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe('/graphql');
    expect(call.url.searchParams.has('query')).toBe(false);
    const hash = documentHash(PropertyDetailDocument);
    expect(JSON.parse(call.url.searchParams.get('extensions')!)).toMatchObject({
      persistedQuery: { version: 1, sha256Hash: hash },
    });
    expect(JSON.parse(call.url.searchParams.get('variables')!)).toEqual({ id: '42' });
    expect(call.headers.get('apollo-require-preflight')).toBe('true');
    // The hash names the manifest's text: exactly what Apollo Client would have sent (its __typename included).
    expect((persisted as Record<string, string>)[`sha256:${hash}`]).toMatch(/^(fragment .* )?query PropertyDetail\(/);
  });

  it('should send a mutation by its hash over POST, without the text', async () => {
    const calls = recordFetch({ data: { addFavorite: null } });
    const client = createApolloClient();
    await client.mutate({ mutation: AddFavoriteDocument, variables: { propertyId: '7' } }).catch(() => undefined);

    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].body).not.toHaveProperty('query');
    expect(calls[0].body).toMatchObject({
      operationName: 'AddFavorite',
      extensions: { persistedQuery: { version: 1, sha256Hash: documentHash(AddFavoriteDocument) } },
    });
  });

  it('should resend the full text once over POST when the gateway does not know the hash', async () => {
    const notFound = {
      errors: [{ message: 'Document inconnu', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
    };
    const calls = recordFetch(notFound, PROPERTY);
    const client = createApolloClient();
    await client.query({ query: PropertyDetailDocument, variables: { id: '42' } });

    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST']);
    expect(calls[1].body?.query).toEqual(expect.stringContaining('query PropertyDetail('));
  });
});
