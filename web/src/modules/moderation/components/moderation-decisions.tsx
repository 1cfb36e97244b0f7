import { useQuery } from '@apollo/client/react';
import { MODERATION_ACTION_LABELS, MODERATION_LIMITS, MODERATION_MSG } from '@flaneur/schema';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../../components/toaster/use-toast';
import { MyModerationActionsDocument, type ModerationActionFieldsFragment } from '../../../gql/graphql';
import { formatParis } from '../../../lib/format';
import { useContestModerationActionMutation } from '../hooks/use-contest-moderation-action-mutation';
import { LimitedTextarea } from './limited-textarea';
import '../moderation.css';

const when = (at: string) => formatParis(at, "d MMMM yyyy 'à' HH:mm");

/**
 * « Décisions de modération » on « Mes annonces »: each decision about the user's listings or account, its reason and
 * date, and « Contester » (once). Nothing at all while there is none.
 */
export function ModerationDecisions() {
  const { data } = useQuery(MyModerationActionsDocument, { fetchPolicy: 'cache-and-network' });
  const decisions = data?.myModerationActions ?? [];
  if (decisions.length === 0) return null;
  return (
    <section className="my-listings-section" aria-labelledby="moderation-decisions-title" id="moderation">
      <h2 id="moderation-decisions-title" className="section-title">
        Décisions de modération
      </h2>
      <ul className="moderation-list">
        {decisions.map((decision) => (
          <li key={decision.id}>
            <Decision decision={decision} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Decision({ decision }: { decision: ModerationActionFieldsFragment }) {
  const titleId = `moderation-decision-${decision.id}`;
  return (
    <article className="card moderation-item" aria-labelledby={titleId}>
      <h3 id={titleId} className="moderation-item__title">
        {MODERATION_ACTION_LABELS[decision.action]}
      </h3>
      <p className="moderation-item__meta">
        {decision.targetType === 'property' ? (
          <Link to={`/property/${decision.targetId}`}>Voir l'annonce concernée</Link>
        ) : (
          <span>Votre compte</span>
        )}
        {' · '}
        <time dateTime={decision.createdAt}>Le {when(decision.createdAt)}</time>
      </p>
      <p>
        <strong>Motif :</strong> {decision.reason}
      </p>
      {decision.contest ? (
        <>
          <p className="moderation-item__meta">
            Contestation envoyée{decision.contestedAt ? ` le ${when(decision.contestedAt)}` : ''} : elle sera
            réexaminée.
          </p>
          <blockquote className="moderation-item__contest">{decision.contest}</blockquote>
        </>
      ) : (
        <ContestForm id={decision.id} />
      )}
    </article>
  );
}

function ContestForm({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { contest, sending } = useContestModerationActionMutation();

  if (!open) {
    return (
      <div className="button-row">
        <button type="button" className="button button--secondary button--small" onClick={() => setOpen(true)}>
          Contester
        </button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const length = message.trim().length;
    if (length < MODERATION_LIMITS.contestMin) return setError(MODERATION_MSG.contestTooShort);
    if (length > MODERATION_LIMITS.contestMax) return setError(MODERATION_MSG.contestTooLong);
    setError(null);
    const failure = await contest(id, message);
    if (failure) return setError(failure);
    toast({ title: 'Contestation envoyée', description: "L'équipe de modération réexaminera sa décision." });
  };

  return (
    <form className="report-form" onSubmit={(event) => void submit(event)} noValidate>
      <LimitedTextarea
        label="Votre contestation"
        hint={`Expliquez pourquoi cette décision vous semble injustifiée (${MODERATION_LIMITS.contestMin} caractères au moins).`}
        value={message}
        onChange={setMessage}
        max={MODERATION_LIMITS.contestMax}
        required
        error={error}
      />
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={() => setOpen(false)} disabled={sending}>
          Annuler
        </button>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Envoi…' : 'Envoyer la contestation'}
        </button>
      </div>
    </form>
  );
}
