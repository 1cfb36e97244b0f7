import { FieldNode, FragmentDefinitionNode, GraphQLResolveInfo, Kind, SelectionSetNode } from 'graphql';
import type { Context } from '../../graphql/context';
import type { Property } from './property.entity';
import type { priceFieldsOf, PriceReadOptions } from './property-price-history';

/** The Property fields answered from a listing's prices. */
const PRICE_FIELDS = ['priceHistory', 'formerPrice'];

/** The fields named `name` a selection set holds, through inline fragments and fragment spreads. */
function fieldsNamed(
  set: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  name: string,
  found: FieldNode[] = [],
  seen = new Set<string>(),
): FieldNode[] {
  for (const s of set?.selections ?? []) {
    if (s.kind === Kind.FIELD) {
      if (s.name.value === name) found.push(s);
    } else if (s.kind === Kind.INLINE_FRAGMENT) fieldsNamed(s.selectionSet, fragments, name, found, seen);
    else if (!seen.has(s.name.value)) {
      seen.add(s.name.value);
      fieldsNamed(fragments[s.name.value]?.selectionSet, fragments, name, found, seen);
    }
  }
  return found;
}

/** Per field node and path: computed once per document (the document store hands back the same nodes). */
const asked = new WeakMap<FieldNode, Map<string, boolean>>();

/**
 * Whether the operation asks the prices (priceHistory or formerPrice) of the listings found at `path` under the
 * field being resolved (`[]`: the field's own value is the listing or the list of listings).
 */
export function pricesAsked(info: GraphQLResolveInfo, path: readonly string[]): boolean {
  const key = path.join('.');
  let known = asked.get(info.fieldNodes[0]);
  if (!known) asked.set(info.fieldNodes[0], (known = new Map()));
  let value = known.get(key);
  if (value === undefined) {
    let level: readonly FieldNode[] = info.fieldNodes;
    for (const step of path) level = level.flatMap((n) => fieldsNamed(n.selectionSet, info.fragments, step));
    value = level.some((n) => PRICE_FIELDS.some((f) => fieldsNamed(n.selectionSet, info.fragments, f).length));
    known.set(key, value);
  }
  return value;
}

/**
 * A GraphQL read of listings: when the operation asks their prices (at `path`, see pricesAsked), the read brings
 * them in its own statement and they prime the request's priceHistory loader, which Property.priceHistory and
 * formerPrice read; otherwise the read is the plain one and the loader batches them if asked after all.
 */
export async function readListings<T>(
  ctx: Context,
  info: GraphQLResolveInfo,
  path: readonly string[],
  read: (opts: PriceReadOptions) => Promise<T>,
  listingsOf: (answer: T) => Property[],
): Promise<T> {
  if (!pricesAsked(info, path)) return read({});
  const answer = await read({ prices: true });
  for (const listing of listingsOf(answer)) {
    const { priceHistory } = listing as Property & Partial<ReturnType<typeof priceFieldsOf>>;
    if (priceHistory) ctx.loaders.priceHistory.prime(listing.id, priceHistory);
  }
  return answer;
}
