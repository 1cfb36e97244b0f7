import type { ModerationActionFieldsFragment } from '../../gql/graphql';

/** A moderation decision as the gateway answers it. */
export function buildDecision(
  overrides: Partial<ModerationActionFieldsFragment> = {},
): ModerationActionFieldsFragment & { __typename: 'ModerationAction' } {
  return {
    __typename: 'ModerationAction',
    id: '40',
    action: 'hide',
    targetType: 'property',
    targetId: '10',
    reason: "Photos reprises d'une autre annonce",
    createdAt: '2026-12-01T09:30:00.000Z',
    contest: null,
    contestedAt: null,
    ...overrides,
  };
}
