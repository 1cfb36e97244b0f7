import { useQuery } from '@apollo/client/react';
import { LIMITS } from '@flaneur/schema';
import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { toast } from '../../../components/toaster/use-toast';
import { MyVisitRequestDocument, type PropertyDetail_PropertyFragment } from '../../../gql/graphql';
import { formatVisitSlot } from '../../../lib/format';
import { useMe } from '../../auth/hooks/use-me';
import { useRequestVisitMutation } from '../hooks/use-request-visit-mutation';
import { useVisitRequestChangedSubscription } from '../hooks/use-visit-request-changed-subscription';
import { OWN_STATUS, VISIT_MESSAGES as TEXT } from '../lib/visit-messages';
import { VisitSlotAnswer } from './visit-slot-answer';

type VisitProperty = Pick<PropertyDetail_PropertyFragment, 'id' | 'ownerId'>;

/**
 * « Visiter ce bien » on a listing, for anyone but its owner: « Demander une visite » (a small dialog with an
 * optional message), then the state of the user's request, live: « Demande envoyée », « Acceptée » with the
 * proposed slot, or « Refusée » (a new request may follow). Signed out, the button asks to sign in.
 */
export function VisitRequestCard({ property }: { property: VisitProperty }) {
  const { user, loading } = useMe();
  if (loading) return null;
  if (user && property.ownerId !== null && property.ownerId === user.id) return null;
  return (
    <section className="card visit-request-card" aria-labelledby="visit-request-card-title">
      <h2 id="visit-request-card-title" className="card__title">
        Visiter ce bien
      </h2>
      {user ? (
        <OwnVisitRequest propertyId={property.id} />
      ) : (
        <button type="button" className="button button--primary" onClick={() => toast(TEXT.signedOut)}>
          Demander une visite
        </button>
      )}
    </section>
  );
}

function OwnVisitRequest({ propertyId }: { propertyId: string }) {
  const { data, loading } = useQuery(MyVisitRequestDocument, { variables: { propertyId } });
  useVisitRequestChangedSubscription();
  const [open, setOpen] = useState(false);
  if (loading && !data) return null;
  const request = data?.myVisitRequest ?? null;
  const status = request ? OWN_STATUS[request.status] : null;

  return (
    <>
      {request && status && (
        <div className="visit-request-card__state">
          <span className={`badge ${status.tone}`}>{status.label}</span>
          {request.status === 'approved' && request.proposedAt && (
            <p className="visit-request-card__slot">{formatVisitSlot(request.proposedAt, request.slotMinutes ?? 0)}</p>
          )}
          <VisitSlotAnswer request={request} />
          {request.status === 'pending' && (
            <p className="page__note">Le propriétaire vous répondra ici et dans vos messages.</p>
          )}
        </div>
      )}
      {(!request || request.status === 'rejected' || request.slotAnswer === 'declined') && (
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          {request ? 'Demander une nouvelle visite' : 'Demander une visite'}
        </button>
      )}
      {open && <RequestVisitDialog propertyId={propertyId} onClose={() => setOpen(false)} />}
    </>
  );
}

function RequestVisitDialog({ propertyId, onClose }: { propertyId: string; onClose: () => void }) {
  const id = useId();
  const { requestVisit, sending } = useRequestVisitMutation();
  const [message, setMessage] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await requestVisit(propertyId, message)) onClose();
  };

  return (
    <ModalDialog
      open
      title="Demander une visite"
      description="Le propriétaire acceptera en vous proposant un créneau, ou refusera."
      onClose={onClose}
      footer={
        <div className="button-row">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Annuler
          </button>
          <button type="submit" form={id} className="button button--primary" disabled={sending}>
            {sending ? 'Envoi en cours...' : 'Envoyer la demande'}
          </button>
        </div>
      }
    >
      <form id={id} onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-message`}>
            Message (facultatif)
          </label>
          <textarea
            id={`${id}-message`}
            className="field__input field__input--multiline"
            rows={4}
            maxLength={LIMITS.messageMax}
            placeholder="Vos disponibilités, une question…"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
      </form>
    </ModalDialog>
  );
}
