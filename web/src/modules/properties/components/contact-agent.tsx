import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { PropertyDetail_PropertyFragment } from '../../../gql/graphql';
import { displayName } from '../../../lib/display-name';
import { useMe } from '../../auth/hooks/use-me';
import { useStartConversationMutation } from '../hooks/use-start-conversation-mutation';
import { advertiserContact } from '../lib/advertiser-contact';

type ContactProperty = Pick<
  PropertyDetail_PropertyFragment,
  'id' | 'ownerId' | 'ownerName' | 'ownerPhone' | 'owner' | 'advertiser'
>;

/** The owner's funnel and « Je suis devant le bien »: loaded only when the viewer owns the listing. */
const OwnListingInsights = lazy(() => import('./own-listing-insights'));

/**
 * The person « Message » writes to: the publishing account's display name when the listing has one (the
 * conversation opens with that account), else the contact name typed in the listing; an agency's negotiator.
 */
export function contactName(property: Pick<ContactProperty, 'ownerName' | 'owner'>): string {
  // An agency's listing names its negotiator (the feed's contact), not the agency's account.
  if (property.owner?.agencyName) return property.ownerName;
  return property.owner ? displayName(property.owner) : property.ownerName;
}

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('') || '?'
  );
}

/**
 * The contact card, headed after the advertiser (« Contacter le propriétaire », or « Contacter l'agent » with the
 * agency line): the contact name, "Appeler" and "Message"; the owner of the listing gets « Modifier l'annonce »
 * instead.
 */
export function ContactAgent({ property }: { property: ContactProperty }) {
  const { user } = useMe();
  if (user && property.ownerId !== null && property.ownerId === user.id) return <OwnListing id={property.id} />;
  return <ContactCard property={property} />;
}

/**
 * What the owner sees in place of the contact card: what the listing drew (its walk-by funnel, as the server counts
 * it for its owner), « Je suis devant le bien », the edit link, no call or message to themselves.
 */
function OwnListing({ id }: { id: string }) {
  return (
    <section className="card contact-agent" aria-labelledby="own-listing-title">
      <h2 id="own-listing-title" className="card__title">
        Votre annonce
      </h2>
      <p className="contact-agent__caption">Vous êtes le propriétaire de cette annonce.</p>
      <Suspense fallback={null}>
        <OwnListingInsights propertyId={id} />
      </Suspense>
      <div className="contact-agent__actions">
        <Link className="button button--primary" to={`/add-property?edit=${encodeURIComponent(id)}`}>
          Modifier l'annonce
        </Link>
        <Link className="button button--secondary" to="/my-properties">
          Mes annonces
        </Link>
        <a
          className="button button--secondary"
          href={`/api/properties/${encodeURIComponent(id)}/panel.pdf`}
          target="_blank"
          rel="noopener"
        >
          Panneau à imprimer (PDF)
        </a>
      </div>
    </section>
  );
}

function ContactCard({ property }: { property: ContactProperty }) {
  const { startConversation, busy } = useStartConversationMutation();
  const phone = property.ownerPhone?.trim();
  const name = contactName(property);
  const { title, agency, card } = advertiserContact(property);

  return (
    <section className="card contact-agent" aria-labelledby="contact-agent-title">
      <h2 id="contact-agent-title" className="card__title">
        {title}
      </h2>
      <div className="contact-agent__person">
        <span className="contact-agent__avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <div>
          <p className="contact-agent__name">{name}</p>
          {agency && <p className="contact-agent__caption">{agency}</p>}
          {card && <p className="contact-agent__caption">{card}</p>}
        </div>
      </div>
      <div className="contact-agent__actions">
        {phone ? (
          <a className="button button--secondary" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            Appeler
          </a>
        ) : (
          // Does nothing (disabled) without ownerPhone.
          <button type="button" className="button button--secondary" disabled>
            Appeler
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void startConversation(property)}
        >
          {busy ? 'Connexion...' : 'Message'}
        </button>
      </div>
    </section>
  );
}
