import { useApolloClient } from '@apollo/client/react';
import { MSG } from '@flaneur/schema';
import { useCallback } from 'react';
import { hasErrorCode, serverMessage } from '../../../apollo/graphql-errors';
import { GeocodeDocument, type GeocodeQuery } from '../../../gql/graphql';

/** An address the gateway's geocoder found. */
export type GeocodedAddress = GeocodeQuery['geocode'][number];

/** The addresses found (best first, maybe none), or the French message to show. */
export type GeocodeOutcome = { ok: true; addresses: GeocodedAddress[] } | { ok: false; message: string };

/**
 * Looks an address up through the gateway (geocode). A geocoder out of reach, a gateway out of reach or any
 * unexpected failure reads « Le service d'adresses est injoignable… »; a refused query, the server's message.
 */
export function useGeocode() {
  const client = useApolloClient();
  return useCallback(
    async (query: string): Promise<GeocodeOutcome> => {
      try {
        const { data } = await client.query({ query: GeocodeDocument, variables: { query } });
        return { ok: true, addresses: data?.geocode ?? [] };
      } catch (error) {
        const refused = hasErrorCode(error, 'BAD_USER_INPUT') || hasErrorCode(error, 'TOO_MANY_REQUESTS');
        return { ok: false, message: (refused && serverMessage(error)) || MSG.geocoderUnavailable };
      }
    },
    [client],
  );
}
