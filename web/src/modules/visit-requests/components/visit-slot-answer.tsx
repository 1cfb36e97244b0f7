import { type VisitSlotAnswer as TAnswer, WALK_MSG } from '@flaneur/schema';
import { useAnswerVisitSlotMutation } from '../hooks/use-answer-visit-slot-mutation';

interface VisitSlotAnswerProps {
  request: { id: string; status: string; proposedAt?: string | null; slotAnswer?: TAnswer | null };
  /** Names the listing in the buttons' accessible names (several requests on one screen). */
  about?: string;
}

/**
 * The requester's side of an approved request's slot: « Confirmer le créneau » / « Refuser le créneau » while it is
 * unanswered and ahead, then the answer given.
 */
export function VisitSlotAnswer({ request, about }: VisitSlotAnswerProps) {
  const { answer, busy } = useAnswerVisitSlotMutation();
  if (request.status !== 'approved' || !request.proposedAt) return null;
  if (request.slotAnswer)
    return (
      <span className={`badge ${request.slotAnswer === 'confirmed' ? 'badge--success' : 'badge--danger'}`}>
        {request.slotAnswer === 'confirmed' ? WALK_MSG.visitSlotConfirmed : WALK_MSG.visitSlotDeclined}
      </span>
    );
  if (Date.parse(request.proposedAt) <= Date.now()) return null;
  const hidden = about ? <span className="visually-hidden"> ({about})</span> : null;
  return (
    <div className="visit-slot-answer">
      <p className="page__note">{WALK_MSG.visitSlotToAnswer}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={() => void answer(request.id, true)}
        >
          {WALK_MSG.visitSlotConfirm}
          {hidden}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          onClick={() => void answer(request.id, false)}
        >
          {WALK_MSG.visitSlotDecline}
          {hidden}
        </button>
      </div>
    </div>
  );
}
