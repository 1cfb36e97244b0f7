import { useQuery } from '@apollo/client/react';
import { LIMITS, ZVisitSlot, WALK_MSG } from '@flaneur/schema';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FieldShell } from '../../../components/field-shell';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { LoadError } from '../../../components/load-error';
import { ReceivedVisitRequestsDocument, type ReceivedVisitRequestFragment } from '../../../gql/graphql';
import { displayName } from '../../../lib/display-name';
import { formatCardDate, formatVisitSlot, parisDay, parisInstant } from '../../../lib/format';
import { useRespondToVisitRequestMutation } from '../hooks/use-respond-to-visit-request-mutation';
import { useVisitRequestChangedSubscription } from '../hooks/use-visit-request-changed-subscription';
import '../visit-requests.css';

const STATUS: Record<ReceivedVisitRequestFragment['status'], { label: string; tone: string }> = {
  pending: { label: 'En attente', tone: 'badge--warning' },
  approved: { label: 'Acceptée', tone: 'badge--success' },
  rejected: { label: 'Refusée', tone: 'badge--danger' },
};

/**
 * Visit requests received on the user's listings, live: pending ones to approve (proposing a visit slot) or
 * reject (then final); approved ones show the proposed slot.
 */
export function VisitRequests() {
  const { data, loading, error, refetch } = useQuery(ReceivedVisitRequestsDocument, {
    notifyOnNetworkStatusChange: true,
  });
  useVisitRequestChangedSubscription();
  const { respond } = useRespondToVisitRequestMutation();
  const [approving, setApproving] = useState<ReceivedVisitRequestFragment | null>(null);

  let body;
  if (loading) body = <Spinner label="Chargement des demandes de visite…" />;
  else if (error || !data) {
    body = (
      <LoadError
        title="Impossible de récupérer les demandes de visite"
        text="Une erreur est survenue lors du chargement des demandes de visite."
        onRetry={refetch}
      />
    );
  } else if (data.visitRequests.asOwner.length === 0) {
    body = <p className="page__note">Aucune demande de visite pour le moment.</p>;
  } else {
    body = (
      <ul className="visit-requests">
        {data.visitRequests.asOwner.map((request) => {
          const status = STATUS[request.status];
          const who = request.requester ? displayName(request.requester) : 'Utilisateur supprimé';
          return (
            <li key={request.id} className="card visit-request">
              <div className="visit-request__head">
                <p className="visit-request__who">
                  {request.requester ? (
                    <Link to={`/profile/${encodeURIComponent(request.requester.username)}`}>{who}</Link>
                  ) : (
                    who
                  )}
                </p>
                <span className={`badge ${status.tone}`}>{status.label}</span>
              </div>
              <p className="visit-request__property">{request.property?.title ?? 'Annonce supprimée'}</p>
              <p className="visit-request__date">
                <time dateTime={request.createdAt}>{formatCardDate(request.createdAt)}</time>
              </p>
              {request.message && <p className="visit-request__message">{request.message}</p>}
              {request.status === 'approved' && request.proposedAt && (
                <p className="visit-request__slot">{formatVisitSlot(request.proposedAt, request.slotMinutes ?? 0)}</p>
              )}
              {request.slotAnswer && (
                <span className={`badge ${request.slotAnswer === 'confirmed' ? 'badge--success' : 'badge--danger'}`}>
                  {request.slotAnswer === 'confirmed' ? WALK_MSG.visitSlotConfirmed : WALK_MSG.visitSlotDeclined}
                </span>
              )}
              {request.status === 'pending' && (
                <div className="button-row">
                  <button
                    type="button"
                    className="button button--primary button--small"
                    onClick={() => setApproving(request)}
                  >
                    Accepter<span className="visually-hidden"> la demande de {who}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => void respond(request, false)}
                  >
                    Refuser<span className="visually-hidden"> la demande de {who}</span>
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="visit-requests-section" aria-labelledby="visit-requests-title">
      <h2 id="visit-requests-title" className="section-title">
        Demandes de visite
      </h2>
      {body}
      {approving && (
        <ProposeVisitDialog
          who={approving.requester ? displayName(approving.requester) : 'Utilisateur supprimé'}
          onClose={() => setApproving(null)}
          onPropose={async (proposal) => {
            if (await respond(approving, true, proposal)) setApproving(null);
          }}
        />
      )}
    </section>
  );
}

const DURATIONS = [30, 45, 60, 90, 120].map((minutes) => ({
  value: String(minutes),
  label: minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60}` : ''}`,
}));
const DAY_MS = 24 * 60 * 60 * 1000;

type SlotErrors = Partial<Record<'day' | 'time' | 'slotMinutes', string>>;

/**
 * Accepting proposes the visit: a day and a start time (read in Europe/Paris) and a length, checked by the
 * shared rule (in the future, within 90 days) before sending.
 */
function ProposeVisitDialog({
  who,
  onClose,
  onPropose,
}: {
  who: string;
  onClose: () => void;
  onPropose: (proposal: { proposedAt: string; slotMinutes: number }) => Promise<void>;
}) {
  const id = useId();
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  const [slotMinutes, setSlotMinutes] = useState(String(LIMITS.visitSlotMinutes.default));
  const [errors, setErrors] = useState<SlotErrors>({});
  const [busy, setBusy] = useState(false);
  const now = Date.now();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const proposedAt = day && time ? parisInstant(day, time) : undefined;
    const parsed = ZVisitSlot.safeParse({
      proposedAt: proposedAt ?? (day && time ? 'invalide' : undefined),
      slotMinutes,
    });
    if (!parsed.success) {
      const next: SlotErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'slotMinutes' ? 'slotMinutes' : !day ? 'day' : !time ? 'time' : 'day';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onPropose({ proposedAt: parsed.data.proposedAt.toISOString(), slotMinutes: parsed.data.slotMinutes });
    } finally {
      setBusy(false);
    }
  };
  const error = (key: keyof SlotErrors) => (errors[key] ? { type: 'validate', message: errors[key] } : undefined);

  return (
    <ModalDialog
      open
      title="Proposer une visite"
      description={`Accepter la demande de ${who} en proposant un créneau (heure de Paris).`}
      onClose={onClose}
      footer={
        <div className="button-row">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Annuler
          </button>
          <button type="submit" form={id} className="button button--primary" disabled={busy}>
            Accepter et proposer
          </button>
        </div>
      }
    >
      <form id={id} noValidate onSubmit={(event) => void submit(event)}>
        <FieldShell label="Date de la visite" required error={error('day')}>
          {(control) => (
            <input
              {...control}
              type="date"
              min={parisDay(new Date(now))}
              max={parisDay(new Date(now + LIMITS.visitProposalMaxDays * DAY_MS))}
              value={day}
              onChange={(event) => setDay(event.target.value)}
            />
          )}
        </FieldShell>
        <FieldShell label="Heure de début" required error={error('time')}>
          {(control) => (
            <input {...control} type="time" step={300} value={time} onChange={(event) => setTime(event.target.value)} />
          )}
        </FieldShell>
        <FieldShell label="Durée" required error={error('slotMinutes')}>
          {(control) => (
            <select {...control} value={slotMinutes} onChange={(event) => setSlotMinutes(event.target.value)}>
              {DURATIONS.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
      </form>
    </ModalDialog>
  );
}
