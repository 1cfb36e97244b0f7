import { ADVERTISERS, CHARGES_MODES, FEES_PAID_BY, GES_RATINGS } from '@flaneur/schema';
import { Field, Float, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

const asEnum = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

/** GraphQL enums of the legal mentions, built from the shared tuples. */
export const GesRatingEnum = asEnum(GES_RATINGS);
export const ChargesModeEnum = asEnum(CHARGES_MODES);
export const AdvertiserEnum = asEnum(ADVERTISERS);
export const FeesPaidByEnum = asEnum(FEES_PAID_BY);

registerEnumType(GesRatingEnum, {
  name: 'GesRating',
  description: 'Climate class (GES, greenhouse gas emissions) of the DPE, A (lowest) to G.',
});
registerEnumType(ChargesModeEnum, {
  name: 'ChargesMode',
  description: 'provision (with yearly regularisation) or forfait (flat rate).',
});
registerEnumType(AdvertiserEnum, { name: 'Advertiser', description: 'private (Particulier) or professional.' });
registerEnumType(FeesPaidByEnum, { name: 'FeesPaidBy', description: "Who pays a professional's sale fees." });

/** A lot in a co-ownership (copropriété), as a sale listing must describe it. */
@ObjectType({ description: 'Co-ownership of a listing for sale (copropriété).' })
export class CoOwnership {
  @Field(() => Int, { description: 'Number of lots of the co-ownership.' })
  lots: number;

  @Field(() => Float, { description: 'Average yearly current charges of the lot (€).' })
  annualCharges: number;

  @Field({ description: 'True when a procedure (loi du 10 juillet 1965, art. 29-1 A or 29-1) is running.' })
  proceedings: boolean;
}

/** Co-ownership on input; all three are checked by the shared rules. */
@InputType({ description: 'Co-ownership of a listing for sale; null when the home is not in one.' })
export class CoOwnershipInput {
  @Field(() => Int, { nullable: true, description: 'Number of lots (≥ 1).' }) lots?: number;
  @Field(() => Float, { nullable: true, description: 'Average yearly current charges (€).' }) annualCharges?: number;
  @Field({ nullable: true, description: 'A procedure is running (default false).' }) proceedings?: boolean;
}
