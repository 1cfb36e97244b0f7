import { useQuery } from '@apollo/client/react';
import { WALK_MSG } from '@flaneur/schema';
import { Link } from 'react-router-dom';
import { SentVisitRequestsDocument } from '../../../gql/graphql';
import { formatCardDate, formatVisitSlot } from '../../../lib/format';
import { useVisitRequestChangedSubscription } from '../hooks/use-visit-request-changed-subscription';
import { OWN_STATUS } from '../lib/visit-messages';
import { VisitSlotAnswer } from './visit-slot-answer';
import '../visit-requests.css';

/**
 * « Mes demandes de visite »: the requests the user sent, newest first, live, each with its listing, its state and
 * the proposed slot to confirm or decline. Nothing shows until the user has sent one.
 */
export function MyVisitRequests() {
  // Asked again on each visit: a request sent from a listing since is not in the cached list.
  const { data } = useQuery(SentVisitRequestsDocument, { fetchPolicy: 'cache-and-network' });
  useVisitRequestChangedSubscription();
  const requests = data?.visitRequests.asRequester ?? [];
  if (requests.length === 0) return null;

  return (
    <section className="card my-visit-requests" aria-labelledby="my-visit-requests-title">
      <h2 id="my-visit-requests-title" className="card__title">
        {WALK_MSG.myVisitRequestsTitle}
      </h2>
      <ul className="my-visit-requests__list">
        {requests.map((request) => {
          const status = OWN_STATUS[request.status];
          const title = request.property?.title ?? 'Annonce supprimée';
          return (
            <li key={request.id} className="my-visit-requests__item">
              <div className="visit-request__head">
                {request.property ? (
                  <Link to={`/property/${request.property.id}`} className="visit-request__property">
                    {title}
                  </Link>
                ) : (
                  <span className="visit-request__property">{title}</span>
                )}
                <span className={`badge ${status.tone}`}>{status.label}</span>
              </div>
              <p className="visit-request__date">
                Demandée le <time dateTime={request.createdAt}>{formatCardDate(request.createdAt)}</time>
              </p>
              {request.status === 'approved' && request.proposedAt && (
                <p className="visit-request__slot">{formatVisitSlot(request.proposedAt, request.slotMinutes ?? 0)}</p>
              )}
              <VisitSlotAnswer request={request} about={title} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
