import type { ChargesMode, DpeRating } from './enums';

/**
 * The mentions French law requires on a listing, word for word (sources in docs/decisions.md « Legal mentions on
 * listings »). Amounts arrive already formatted ("1 250"), without the euro sign.
 */
export const LEGAL_MENTIONS = {
  energyClassLabel: 'classe énergie',
  climateClassLabel: 'classe climat',
  energyCost: (min: string, max: string) =>
    `Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre ${min} € et ${max} € par an`,
  energyPrices: (year: number | string) =>
    `Prix moyens des énergies indexés au 1er janvier ${year} (abonnements compris)`,
  excessiveConsumption: (rating: DpeRating) => `Logement à consommation énergétique excessive : classe ${rating}.`,
  rentAllIn: (amount: string) => `${amount} € par mois charges comprises`,
  chargesIncluded: (charges: string, mode: ChargesMode) =>
    `dont ${charges} € de charges (${mode === 'forfait' ? 'forfait' : 'provision avec régularisation annuelle'})`,
  deposit: (amount: string) => `Dépôt de garantie : ${amount} €`,
  furnished: (furnished: boolean) => (furnished ? 'Meublé' : 'Non meublé'),
  rentControlZone: 'Zone soumise à encadrement des loyers',
  referenceRentMajored: (amount: string) => `loyer de référence majoré (loyer de base à ne pas dépasser) : ${amount} €`,
  baseRent: (amount: string) => `loyer de base : ${amount} €`,
  rentSupplement: (amount: string) => `complément de loyer : ${amount} €`,
  tenantFees: (amount: string) => `Honoraires charge locataire : ${amount} €`,
  tenantFeesInventory: (amount: string) => `dont état des lieux : ${amount} €`,
  inventoryFees: (amount: string) => `Frais d'état des lieux à la charge du locataire : ${amount} €`,
  coOwnership: 'Bien en copropriété',
  lots: (n: number) => `${n} lots`,
  annualCharges: (amount: string) => `Charges courantes annuelles moyennes : ${amount} €`,
  proceedings:
    "Le syndicat des copropriétaires fait l'objet d'une procédure (articles 29-1 A et 29-1 de la loi n° 65-557 du 10 juillet 1965)",
  priceFeesIncluded: (amount: string) => `Prix honoraires inclus : ${amount} €`,
  priceFeesExcluded: (amount: string) => `Prix hors honoraires : ${amount} €`,
  feesPaidBySeller: 'Honoraires à la charge du vendeur',
  feesPaidByBuyer: "Honoraires à la charge de l'acquéreur",
  buyerFees: (percent: string) => `Honoraires : ${percent} % TTC du prix hors honoraires`,
  risks:
    'Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : www.georisques.gouv.fr',
  privateSellerWarning:
    "En publiant en tant que particulier, vous déclarez agir à titre privé. Se présenter comme un particulier en agissant en réalité pour les besoins d'une activité professionnelle est une pratique commerciale trompeuse, sanctionnée par le Code de la consommation (articles L121-4 et L132-2).",
  newBuild: "Vente en l'état futur d'achèvement (VEFA)",
} as const;
