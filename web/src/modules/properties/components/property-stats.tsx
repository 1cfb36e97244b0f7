import type { PropertyDetail_PropertyFragment } from '../../../gql/graphql';
import { formatBedrooms, formatNumber, formatRooms } from '../../../lib/format';

type StatsProperty = Pick<PropertyDetail_PropertyFragment, 'size' | 'rooms' | 'bedrooms' | 'bathrooms' | 'floor'>;

/**
 * Surface, Pièces (« Studio », or « 3 pièces · 2 chambres »), S. de bain, and Étage only when the listing has a
 * floor.
 */
export function PropertyStats({ property }: { property: StatsProperty }) {
  const floor = property.floor?.trim();
  const stats = [
    { label: 'Surface', value: `${formatNumber(property.size, 2)} m²` },
    {
      label: 'Pièces',
      value: property.bedrooms
        ? `${formatRooms(property.rooms)} · ${formatBedrooms(property.bedrooms)}`
        : formatRooms(property.rooms),
    },
    { label: 'S. de bain', value: String(property.bathrooms) },
    ...(floor ? [{ label: 'Étage', value: floor }] : []),
  ];
  return <StatList items={stats} />;
}

/** Figures of a listing as label/value pairs. */
export function StatList({ items, label }: { items: { label: string; value: string }[]; label?: string }) {
  return (
    <dl className="property-stats" aria-label={label}>
      {items.map((stat) => (
        <div key={stat.label} className="property-stats__item">
          <dt className="property-stats__label">{stat.label}</dt>
          <dd className="property-stats__value">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
