import { MARKET_POSITIONS, MARKET_RULES, type MarketPosition, type MarketType } from '@flaneur/schema';
import { Field, Float, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageInfo } from '../properties/property.types';
import { MarketSale } from './market.entities';

/** The GraphQL enum of where a listing's figure stands, from the shared tuple. */
export const MarketPositionEnum = Object.fromEntries(MARKET_POSITIONS.map((v) => [v, v])) as {
  [K in MarketPosition]: K;
};
registerEnumType(MarketPositionEnum, {
  name: 'MarketPosition',
  description: 'below the market range, within it, or above it.',
});

/** A sale as the queries answer it: numbers as numbers, no parcel id, no names. */
export interface SaleView {
  dateMutation: string;
  type: MarketType;
  offPlan: boolean;
  rooms: number | null;
  surface: number;
  price: number;
  pricePerM2: number;
  street: string;
  postalCode: string;
  codeCommune: string;
  commune: string;
  latitude: number;
  longitude: number;
}

@InputType({ description: 'Around a point: latitude, longitude and a radius of at most 1,000 m.' })
export class SalesNearInput {
  @Field(() => Float, { description: 'Latitude of the centre (WGS 84).' }) latitude: number;
  @Field(() => Float, { description: 'Longitude of the centre (WGS 84).' }) longitude: number;
  @Field(() => Float, { description: 'Radius in metres (1 to 1,000).' }) radiusM: number;
}

@ObjectType({ description: 'A page of recorded sales, the most recent first.' })
export class SaleConnection {
  @Field(() => [MarketSale], { description: 'The sales of this page.' })
  nodes: SaleView[];

  @Field(() => PageInfo, { description: 'Pagination.' })
  pageInfo: PageInfo;

  @Field({ description: 'Where the sales come from (« DVF, DGFiP »).' })
  source: string;
}

@ObjectType({
  description:
    'The comparable sales of a listing for sale (same type, rooms ± 1, surface ± 30 %, last 3 years, within 300 m, widened to 600 m then the commune until 5 are found) and where its price per m² stands.',
})
export class MarketComparables {
  @Field({ description: 'At least 5 comparable sales were found: the figures are given; otherwise they are null.' })
  enough: boolean;

  @Field(() => Int, { description: 'Comparable sales found in the scope used.' })
  count: number;

  @Field(() => Int, { nullable: true, description: 'Radius used (m); null when the scope is the whole commune.' })
  radiusM: number | null;

  @Field(() => String, { nullable: true, description: 'The commune, when the scope is the whole commune.' })
  commune: string | null;

  @Field({ description: 'First day of the period searched (AAAA-MM-JJ).' })
  since: string;

  @Field(() => Float, { description: "This listing's price per m² (€)." })
  pricePerM2: number;

  @Field(() => Float, { nullable: true, description: 'Median price per m² of the comparables (€); null if too few.' })
  medianPricePerM2: number | null;

  @Field(() => Float, { nullable: true, description: 'First quartile of their price per m² (€); null if too few.' })
  p25PricePerM2: number | null;

  @Field(() => Float, { nullable: true, description: 'Third quartile of their price per m² (€); null if too few.' })
  p75PricePerM2: number | null;

  @Field(() => Int, {
    nullable: true,
    description: "This listing's price per m² against the median, in percent (+6: 6 % above); null if too few.",
  })
  differencePercent: number | null;

  @Field(() => MarketPositionEnum, {
    nullable: true,
    description: 'Below the first quartile, within the quartiles, or above the third; null if too few.',
  })
  position: MarketPosition | null;

  @Field(() => [MarketSale], { description: 'The comparable sales, the most recent first (30 at most).' })
  sales: SaleView[];

  @Field({ description: 'Where the sales come from (« DVF, DGFiP »).' })
  source: string;

  @Field(() => String, { nullable: true, description: 'Day of the most recent stored sale (AAAA-MM-JJ).' })
  dataUntil: string | null;
}

@ObjectType({ description: "The commune's predicted rent per m² (carte des loyers) and where a rental stands." })
export class MarketRentEstimate {
  @Field({ description: 'The commune.' })
  commune: string;

  @Field(() => Int, { description: 'Year of the carte des loyers.' })
  year: number;

  @Field(() => Float, { description: 'Predicted monthly rent per m², charges included (€).' })
  predictedPerM2: number;

  @Field(() => Float, { description: 'Lower bound of the prediction interval (€/m²).' })
  lowerPerM2: number;

  @Field(() => Float, { description: 'Upper bound of the prediction interval (€/m²).' })
  upperPerM2: number;

  @Field(() => Float, { description: "This rental's monthly rent per m² (€)." })
  rentPerM2: number;

  @Field(() => Int, { description: 'This rent against the predicted one, in percent.' })
  differencePercent: number;

  @Field(() => MarketPositionEnum, { description: 'Below the lower bound, within the bounds, or above the upper.' })
  position: MarketPosition;

  @Field({ description: 'Where the figures come from (« Carte des loyers, ANIL »).' })
  source: string;
}

@ObjectType({ description: 'What the public market data says of a listing.' })
export class PropertyMarket {
  @Field(() => MarketComparables, { nullable: true, description: 'For a sale: its comparables; null for a rental.' })
  sales: MarketComparables | null;

  @Field(() => MarketRentEstimate, {
    nullable: true,
    description: "For a rental: the commune's market rent; null for a sale or where the commune has none.",
  })
  rent: MarketRentEstimate | null;
}

@ObjectType({
  description: `The recorded sales along a walk's track (« Dans les rues traversées »): within ${MARKET_RULES.streetDistanceM} m of the path between its precise fixes, sold in the last ${MARKET_RULES.streetYears} years; the median from ${MARKET_RULES.streetMinSales} sales.`,
})
export class StreetSales {
  @Field(() => Int, { description: 'Sales found along the track in the period.' })
  count: number;

  @Field({ description: `At least ${MARKET_RULES.streetMinSales} sales: the median is given; otherwise it is null.` })
  enough: boolean;

  @Field(() => Float, { nullable: true, description: 'Median price per m² of those sales (€); null if too few.' })
  medianPricePerM2: number | null;

  @Field(() => String, { nullable: true, description: 'Day of the earliest sale counted (AAAA-MM-JJ); null if none.' })
  firstSaleOn: string | null;

  @Field({ description: 'First day of the period searched (AAAA-MM-JJ).' })
  since: string;

  @Field(() => Int, { description: 'Greatest distance of a sale from the track (m).' })
  distanceM: number;

  @Field({ description: 'Where the sales come from (« DVF, DGFiP »).' })
  source: string;

  @Field(() => String, { nullable: true, description: 'Day of the most recent stored sale (AAAA-MM-JJ).' })
  dataUntil: string | null;
}
