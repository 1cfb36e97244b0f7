import type { PropertyCard_PropertyFragment } from '../../../gql/graphql';

/** A listing photo with the widths the server stored for it (Property.photos). */
export type ListingPhoto = PropertyCard_PropertyFragment['photos'][number];

/** The ≤ 400 px thumbnail the server makes next to each WebP photo (docs/decisions.md#listings-and-uploads). */
export function thumbnailUrl(url: string): string {
  return url.replace(/\.webp$/, '-thumb.webp');
}
