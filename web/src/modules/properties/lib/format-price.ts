const EUR = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

/** SPEC §9: French number style, "€/mois" for rentals, "€" otherwise. */
export function formatListingPrice(price: number, isRental: boolean): string {
  const text = EUR.format(price);
  return isRental ? `${text}/mois` : text;
}
