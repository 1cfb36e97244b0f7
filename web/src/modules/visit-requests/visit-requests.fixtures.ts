import type { ReceivedVisitRequestFragment } from '../../gql/graphql';

/** A visit request received on one of the user's listings. */
export function buildVisitRequest(
  overrides: Partial<ReceivedVisitRequestFragment> = {},
): ReceivedVisitRequestFragment & { __typename: 'VisitRequest' } {
  return {
    __typename: 'VisitRequest',
    id: '5',
    status: 'pending',
    message: 'Disponible samedi ?',
    createdAt: '2025-03-02T09:30:00.000Z',
    updatedAt: '2025-03-02T09:30:00.000Z',
    propertyId: '10',
    proposedAt: null,
    slotMinutes: null,
    slotAnswer: null,
    property: {
      __typename: 'Property',
      id: '10',
      title: 'Appartement lumineux',
    } as ReceivedVisitRequestFragment['property'],
    requester: {
      __typename: 'PublicUser',
      id: '2',
      username: 'paul',
      firstName: 'Paul',
      lastName: 'Martin',
      profilePicture: null,
    } as ReceivedVisitRequestFragment['requester'],
    ...overrides,
  };
}
