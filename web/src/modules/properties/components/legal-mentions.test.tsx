import { render, screen } from '@testing-library/react';
import { buildPropertyDetail } from '../testing/factories';
import { EnergyClassChips } from './energy-labels';
import { EnergyMentions, RentalMentions, RisksMention, SaleMentions } from './legal-mentions';

/** Text with fr-FR's narrow no-break spaces as plain spaces, to compare word for word. */
const plain = (el: Element) => (el.textContent ?? '').replace(/[\u202f\u00a0]/g, ' ');
const lines = (container: HTMLElement) => [...container.querySelectorAll('li, p, figcaption')].map(plain);

describe('legal mentions of a listing', () => {
  it('should show an F rental in Paris with its rent control figures, word for word', () => {
    const property = buildPropertyDetail({
      isRental: true,
      price: 1250,
      size: 38.5,
      city: 'Paris',
      postalCode: '75011',
      dpeRating: 'F',
      gesRating: 'D',
      energyCostMin: 1480,
      energyCostMax: 2040,
      energyPricesYear: 2024,
      charges: 150,
      chargesMode: 'provision',
      deposit: 1100,
      furnished: false,
      baseRent: 1100,
      referenceRentMajored: 1180.8,
      rentSupplement: null,
      rentControlled: true,
      advertiser: 'private',
      inventoryFees: 115,
    });
    const rental = render(<RentalMentions property={property} />).container;
    expect(lines(rental)).toEqual([
      '1 250 € par mois charges comprises',
      'dont 150 € de charges (provision avec régularisation annuelle)',
      'Dépôt de garantie : 1 100 €',
      'Non meublé',
      'Surface habitable : 38,5 m²',
      'Paris 11e',
      "Frais d'état des lieux à la charge du locataire : 115 €",
      'Zone soumise à encadrement des loyers',
      'loyer de référence majoré (loyer de base à ne pas dépasser) : 1 180,80 €',
      'loyer de base : 1 100 €',
    ]);
    // The all-in rent is printed larger than the three rent control figures.
    expect(screen.getByText(/par mois charges comprises/)).toHaveClass('legal-mentions__rent');

    const energy = render(<EnergyMentions property={property} />).container;
    expect(lines(energy)).toEqual(
      expect.arrayContaining([
        'Logement à consommation énergétique excessive : classe F.',
        "Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre 1 480 € et 2 040 € par anPrix moyens des énergies indexés au 1er janvier 2024 (abonnements compris)",
      ]),
    );
    expect(screen.getByRole('figure', { name: 'classe énergie F' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'classe climat D' })).toBeInTheDocument();
    const current = energy.querySelectorAll('[aria-current="true"]');
    expect([...current].map((li) => plain(li))).toEqual(['F◀ ce logement', 'D◀ ce logement']);
  });

  it('should show a co-owned sale by a professional, buyer paying the fees, with its procedure', () => {
    const property = buildPropertyDetail({
      isRental: false,
      price: 522500,
      advertiser: 'professional',
      feesPaidBy: 'buyer',
      buyerFeesPercent: 4.5,
      coOwnership: { __typename: 'CoOwnership', lots: 42, annualCharges: 2400, proceedings: true },
    });
    const { container } = render(<SaleMentions property={property} />);
    expect(lines(container)).toEqual([
      'Prix honoraires inclus : 522 500 €',
      'Prix hors honoraires : 500 000 €',
      "Honoraires à la charge de l'acquéreur",
      'Honoraires : 4,5 % TTC du prix hors honoraires',
      'Bien en copropriété',
      '42 lots',
      'Charges courantes annuelles moyennes : 2 400 €',
      "Le syndicat des copropriétaires fait l'objet d'une procédure (articles 29-1 A et 29-1 de la loi n° 65-557 du 10 juillet 1965)",
    ]);
  });

  it('should give every listing the Géorisques mention, and an energy class below F no excessive mention', () => {
    const { container } = render(<RisksMention />);
    expect(plain(container.querySelector('p')!)).toBe(
      'Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : www.georisques.gouv.fr',
    );
    render(<EnergyMentions property={buildPropertyDetail({ dpeRating: 'E' })} />);
    expect(screen.queryByText(/consommation énergétique excessive/)).not.toBeInTheDocument();
  });

  it('should label a card with its compact energy and climate classes, in text and colour', () => {
    const { container } = render(<EnergyClassChips dpeRating="G" gesRating="E" />);
    const chips = [...container.querySelectorAll('.class-chip')];
    expect(chips.map(plain)).toEqual(['classe énergie G', 'classe climat E']);
    expect(chips[0]).toHaveClass('class-chip--energy-G');
    expect(chips[1]).toHaveClass('class-chip--climate-E');
  });
});
