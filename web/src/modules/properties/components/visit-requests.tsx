import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { LoadError } from '../../../components/load-error';
import { ReceivedVisitRequestsDocument, type ReceivedVisitRequestFragment } from '../../../gql/graphql';
import { displayName } from '../../../lib/display-name';
import { formatCardDate } from '../../../lib/format';
import { useRespondToVisitRequestMutation } from '../hooks/use-respond-to-visit-request-mutation';

const STATUS: Record<ReceivedVisitRequestFragment['status'], { label: string; tone: string }> = {
  pending: { label: 'En attente', tone: 'badge--warning' },
  approved: { label: 'Acceptée', tone: 'badge--success' },
  rejected: { label: 'Refusée', tone: 'badge--danger' },
};

/** Visit requests received on the user's listings: pending ones to approve or reject (then final). */
export function VisitRequests() {
  const { data, loading, error, refetch } = useQuery(ReceivedVisitRequestsDocument, {
    notifyOnNetworkStatusChange: true,
  });
  const { respond } = useRespondToVisitRequestMutation();

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
              {request.status === 'pending' && (
                <div className="button-row">
                  <button
                    type="button"
                    className="button button--primary button--small"
                    onClick={() => void respond(request, true)}
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
    </section>
  );
}
