import { ADVERTISER_LABELS, communeLabel, LEGAL_MENTIONS as L } from '@flaneur/schema';
import type { PropertyDetail_PropertyFragment } from '../../../gql/graphql';
import { formatAmount, formatDecimal } from '../lib/legal-format';
import { ClassScale, isExcessive } from './energy-labels';
import '../legal.css';

type Listing = PropertyDetail_PropertyFragment;
const GEORISQUES = 'www.georisques.gouv.fr';

/** « Particulier » or « Professionnel », as the advertiser declared it (nothing for an undeclared legacy listing). */
export function AdvertiserBadge({
  advertiser,
  professional,
}: {
  advertiser: Listing['advertiser'];
  professional?: boolean;
}) {
  const shown = professional ? 'professional' : advertiser;
  if (!shown) return null;
  return <span className="badge badge--seen">{ADVERTISER_LABELS[shown]}</span>;
}

/** Energy: both full scales, the F/G mention, the yearly cost and the year of the prices. */
export function EnergyMentions({ property: p }: { property: Listing }) {
  const hasCost = p.energyCostMin != null && p.energyCostMax != null;
  if (!p.dpeRating && !p.gesRating && !hasCost && !p.isNewBuild) return null;
  return (
    <section className="card legal-mentions" aria-labelledby="property-energy">
      <h2 id="property-energy" className="card__title">
        Performance énergétique
      </h2>
      {p.isNewBuild && !p.isRental && !p.dpeRating && <p>{L.newBuild}</p>}
      <div className="legal-scales">
        {p.dpeRating && <ClassScale scale="energy" rating={p.dpeRating} />}
        {p.gesRating && <ClassScale scale="climate" rating={p.gesRating} />}
      </div>
      {isExcessive(p.dpeRating) && <p className="legal-mentions__alert">{L.excessiveConsumption(p.dpeRating)}</p>}
      {hasCost && (
        <p>
          {L.energyCost(formatAmount(p.energyCostMin), formatAmount(p.energyCostMax))}
          {p.energyPricesYear != null && (
            <>
              <br />
              {L.energyPrices(p.energyPricesYear)}
            </>
          )}
        </p>
      )}
    </section>
  );
}

/** Rental terms: all-in rent, charges, deposit, furnished, surface and commune, rent control, tenant fees. */
export function RentalMentions({ property: p }: { property: Listing }) {
  if (!p.isRental) return null;
  const professional = p.advertiser === 'professional';
  return (
    <section className="card legal-mentions" aria-labelledby="property-rental">
      <h2 id="property-rental" className="card__title">
        Conditions de location
      </h2>
      <ul className="legal-mentions__list">
        <li className="legal-mentions__rent">{L.rentAllIn(formatAmount(p.price))}</li>
        {p.charges != null && p.chargesMode && <li>{L.chargesIncluded(formatAmount(p.charges), p.chargesMode)}</li>}
        {p.deposit != null && <li>{L.deposit(formatAmount(p.deposit))}</li>}
        {p.furnished != null && <li>{L.furnished(p.furnished)}</li>}
        <li>Surface habitable : {formatDecimal(p.size)} m²</li>
        <li>{communeLabel(p.city, p.postalCode)}</li>
        {professional && p.tenantFees != null && <li>{L.tenantFees(formatAmount(p.tenantFees))}</li>}
        {professional && p.tenantFees != null && p.inventoryFees != null && (
          <li>{L.tenantFeesInventory(formatAmount(p.inventoryFees))}</li>
        )}
        {!professional && p.inventoryFees != null && p.inventoryFees > 0 && (
          <li>{L.inventoryFees(formatAmount(p.inventoryFees))}</li>
        )}
      </ul>
      {p.rentControlled && (
        <>
          <p className="legal-mentions__zone">{L.rentControlZone}</p>
          <ul className="legal-mentions__list">
            {p.referenceRentMajored != null && <li>{L.referenceRentMajored(formatAmount(p.referenceRentMajored))}</li>}
            {p.baseRent != null && <li>{L.baseRent(formatAmount(p.baseRent))}</li>}
            {p.rentSupplement != null && p.rentSupplement > 0 && (
              <li>{L.rentSupplement(formatAmount(p.rentSupplement))}</li>
            )}
          </ul>
        </>
      )}
    </section>
  );
}

/** Sale: a professional's fees, and the co-ownership with its procedure when one is running. */
export function SaleMentions({ property: p }: { property: Listing }) {
  if (p.isRental) return null;
  const fees = p.advertiser === 'professional' && p.feesPaidBy;
  if (!fees && !p.coOwnership) return null;
  const percent = p.feesPaidBy === 'buyer' && p.buyerFeesPercent != null ? Number(p.buyerFeesPercent) : null;
  return (
    <section className="card legal-mentions" aria-labelledby="property-sale">
      <h2 id="property-sale" className="card__title">
        Informations sur la vente
      </h2>
      <ul className="legal-mentions__list">
        {fees && <li>{L.priceFeesIncluded(formatAmount(p.price))}</li>}
        {fees && (
          <li>
            {L.priceFeesExcluded(formatAmount(percent === null ? p.price : Math.round(p.price / (1 + percent / 100))))}
          </li>
        )}
        {fees && <li>{p.feesPaidBy === 'buyer' ? L.feesPaidByBuyer : L.feesPaidBySeller}</li>}
        {percent !== null && <li>{L.buyerFees(formatDecimal(percent))}</li>}
      </ul>
      {p.coOwnership && (
        <ul className="legal-mentions__list legal-mentions__zone">
          <li>{L.coOwnership}</li>
          <li>{L.lots(p.coOwnership.lots)}</li>
          <li>{L.annualCharges(formatAmount(p.coOwnership.annualCharges))}</li>
          {p.coOwnership.proceedings && <li>{L.proceedings}</li>}
        </ul>
      )}
    </section>
  );
}

/** The Géorisques mention, on every listing. */
export function RisksMention() {
  return (
    <section className="card legal-mentions" aria-labelledby="property-risks">
      <h2 id="property-risks" className="card__title">
        Risques
      </h2>
      <p>
        {L.risks.slice(0, L.risks.indexOf(GEORISQUES))}
        <a href="https://www.georisques.gouv.fr" target="_blank" rel="noreferrer">
          www.georisques.gouv.fr
        </a>
      </p>
    </section>
  );
}
