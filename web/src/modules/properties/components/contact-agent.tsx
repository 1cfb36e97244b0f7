import type { PropertyDetail_PropertyFragment } from '../../../gql/graphql';
import { useStartConversationMutation } from '../hooks/use-start-conversation-mutation';

type ContactProperty = Pick<PropertyDetail_PropertyFragment, 'id' | 'ownerId' | 'ownerName' | 'ownerPhone'>;

/** Fixed caption under the contact name (docs/decisions.md#web-discovery-screens). */
export const AGENCY_CAPTION = 'Agence Flâneur Immobilier';

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

/** "Contacter l'agent": the contact name, the agency caption, "Appeler" and "Message". */
export function ContactAgent({ property }: { property: ContactProperty }) {
  const { startConversation, busy } = useStartConversationMutation();
  const phone = property.ownerPhone?.trim();

  return (
    <section className="card contact-agent" aria-labelledby="contact-agent-title">
      <h2 id="contact-agent-title" className="card__title">
        Contacter l'agent
      </h2>
      <div className="contact-agent__person">
        <span className="contact-agent__avatar" aria-hidden="true">
          {initials(property.ownerName)}
        </span>
        <div>
          <p className="contact-agent__name">{property.ownerName}</p>
          <p className="contact-agent__caption">{AGENCY_CAPTION}</p>
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
