import type { AlsoPublishedBy_PropertyFragment } from '../../../gql/graphql';

type Publishers = AlsoPublishedBy_PropertyFragment['alsoPublishedBy'];

/** « Léa », « Léa et Agence du Marais », « Léa, Marc et Agence du Marais » (the same on the server and the client). */
export function publisherNames(publishers: Publishers): string {
  const names = publishers.map((p) => p.name);
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(', ')} et ${names[names.length - 1]}`;
}

/**
 * « Aussi publiée par … » on a card: the same home published by other accounts (an agency by its name, a private
 * owner by the first name), listed once under the listing shown first; nothing when there is none or the list's
 * query did not ask.
 */
export function AlsoPublishedBy({ publishers }: { publishers: Publishers | undefined }) {
  if (!publishers?.length) return null;
  return <p className="property-card__meta also-published-by">Aussi publiée par {publisherNames(publishers)}</p>;
}
