// The saved criteria in words and the editor's choices. No validation here: zod stays out of the screens that only
// show criteria.
import {
  FEATURE_LABELS,
  LIMITS,
  PROPERTY_TYPE_LABELS,
  type PropertyStatusFilter,
  type TSearchFilters,
} from '@flaneur/schema';
import { formatCurrency, formatNumber } from '../../../lib/format';

/** The price slider's range follows the status (rent per month; sale, or all, in total). */
export function priceRange(status: PropertyStatusFilter) {
  return status === 'rent' ? LIMITS.rentPrice : LIMITS.salePrice;
}

export const STATUS_LABELS: Record<PropertyStatusFilter, string> = { all: 'Tous', sale: 'Vente', rent: 'Location' };

/** "5+" for the last bedroom choice, "4+" for the last bathroom one. */
export function roomLabel(value: number, max: number): string {
  return value >= max ? `${max}+` : String(value);
}

export const BEDROOM_CHOICES = [1, 2, 3, 4, 5] as const;
export const BATHROOM_CHOICES = [1, 2, 3, 4] as const;
/** « Pièces min. »: any, or at least 2 to 5 rooms (1 would be any: a studio has 1). */
export const ROOMS_MIN_CHOICES = [2, 3, 4, 5] as const;

/** A price bound as the editor and the card show it. */
export function formatBound(value: number, status: PropertyStatusFilter): string {
  return formatCurrency(value, 'EUR', status === 'rent');
}

function priceSummary(filters: TSearchFilters): string | null {
  const { priceMin: min, priceMax: max, propertyStatus: status } = filters;
  if (min !== null && max !== null) return `${formatBound(min, status)} – ${formatBound(max, status)}`;
  if (min !== null) return `À partir de ${formatBound(min, status)}`;
  if (max !== null) return `Jusqu'à ${formatBound(max, status)}`;
  return null;
}

function sizeSummary({ sizeMin: min, sizeMax: max }: TSearchFilters): string | null {
  if (min !== null && max !== null) return `${formatNumber(min)} – ${formatNumber(max)} m²`;
  if (min !== null) return `À partir de ${formatNumber(min)} m²`;
  if (max !== null) return `Jusqu'à ${formatNumber(max)} m²`;
  return null;
}

/** The drawn zone in words (null without one). */
export function zoneSummary(zone: TSearchFilters['zone']): string | null {
  return zone ? `Zone dessinée de ${zone.length} points` : null;
}

/** The energy maximum in words: "Classe E ou mieux" (null: any class). */
export function energySummary(energyMax: TSearchFilters['energyMax']): string | null {
  return energyMax ? `Classe ${energyMax} ou mieux` : null;
}

/** The saved criteria as label/value lines for the dashboard card; unset criteria are left out. */
export function summarizeFilters(filters: TSearchFilters): { label: string; value: string }[] {
  const lines: { label: string; value: string; show: boolean }[] = [
    { label: 'Rayon', value: `${formatNumber(filters.radius)} km`, show: true },
    {
      label: 'Biens',
      value: [
        filters.propertyStatus === 'all' ? 'Vente et location' : STATUS_LABELS[filters.propertyStatus],
        filters.propertyType === 'all' ? 'tous types' : PROPERTY_TYPE_LABELS[filters.propertyType],
      ].join(' · '),
      show: true,
    },
    { label: 'Prix', value: priceSummary(filters) ?? '', show: priceSummary(filters) !== null },
    { label: 'Surface', value: sizeSummary(filters) ?? '', show: sizeSummary(filters) !== null },
    {
      label: 'Chambres',
      value: [...filters.bedrooms]
        .sort((a, b) => a - b)
        .map((n) => roomLabel(n, 5))
        .join(', '),
      show: filters.bedrooms.length > 0,
    },
    {
      label: 'Pièces',
      value: filters.roomsMin === null ? '' : `${filters.roomsMin} pièces et plus`,
      show: filters.roomsMin !== null && filters.roomsMin > 1,
    },
    {
      label: 'Salles de bain',
      value: [...filters.bathrooms]
        .sort((a, b) => a - b)
        .map((n) => roomLabel(n, 4))
        .join(', '),
      show: filters.bathrooms.length > 0,
    },
    {
      label: 'Équipements',
      value: filters.features.map((f) => FEATURE_LABELS[f]).join(', '),
      show: filters.features.length > 0,
    },
    { label: 'Zone', value: zoneSummary(filters.zone) ?? '', show: filters.zone !== null },
    { label: 'Énergie (DPE)', value: energySummary(filters.energyMax) ?? '', show: filters.energyMax !== null },
  ];
  return lines.filter((l) => l.show).map(({ label, value }) => ({ label, value }));
}
