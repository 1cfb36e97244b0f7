import type { PropertyDetail_PropertyFragment } from '../../../gql/graphql';
import { formatNumber } from '../../../lib/format';

type StatsProperty = Pick<PropertyDetail_PropertyFragment, 'size' | 'bedrooms' | 'bathrooms' | 'floor'>;

/** Surface, Chambres, S. de bain, and Étage only when the listing has a floor. */
export function PropertyStats({ property }: { property: StatsProperty }) {
  const floor = property.floor?.trim();
  const stats = [
    { label: 'Surface', value: `${formatNumber(property.size, 2)} m²` },
    { label: 'Chambres', value: String(property.bedrooms) },
    { label: 'S. de bain', value: String(property.bathrooms) },
    ...(floor ? [{ label: 'Étage', value: floor }] : []),
  ];
  return (
    <dl className="property-stats">
      {stats.map((stat) => (
        <div key={stat.label} className="property-stats__item">
          <dt className="property-stats__label">{stat.label}</dt>
          <dd className="property-stats__value">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
