import { Field, Int, ObjectType } from 'type-graphql';
import { listingPhoto } from '../uploads/image-pipeline';

/** One listing photo with the widths stored for it, for an <img srcset>. */
@ObjectType({ description: 'A listing photo and the widths stored for it.' })
export class Photo {
  @Field({ description: 'The photo (WebP, long side ≤ 1600 px): the src of an <img>.' })
  url: string;

  @Field({
    description:
      'Every stored width, smallest first, as an <img srcset> ("… 400w, … 800w, … 1200w"); empty for a photo that is not an upload.',
  })
  srcset: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Width of `url` in pixels; null for photos stored before it was kept.',
  })
  width: number | null;

  @Field(() => Int, { nullable: true, description: 'Height of `url` in pixels; null like width.' })
  height: number | null;
}

/** The photos of a listing, in the order of its images. */
export const photosOf = (images: readonly string[]): Photo[] => images.map(listingPhoto);
