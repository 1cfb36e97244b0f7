import { formatCurrency, formatParis } from '../../../lib/format';

/** « 10 900 €/m² » (a sale's price per m², to the euro). */
export const formatPerM2 = (value: number) => `${formatCurrency(Math.round(value))}/m²`;

/** A day « AAAA-MM-JJ » as « 15 mars 2024 ». */
export const formatMarketDay = (date: string) => formatParis(`${date}T12:00:00Z`, 'd MMMM yyyy');
