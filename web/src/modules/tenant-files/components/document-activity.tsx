import type { TenantFileActivityQuery } from '../../../gql/graphql';
import { formatParis } from '../../../lib/format';
import { useTenantFileShareMutations } from '../hooks/use-tenant-file-share-mutations';

type Activity = TenantFileActivityQuery['tenantFiles'][number];

/** Where a document is shared (until when, extend or revoke) and who opened it: « Consulté par {prénom} le {date} ». */
export function DocumentActivity({ fileId, activity }: { fileId: string; activity: Activity | undefined }) {
  const { extend, revoke, busy } = useTenantFileShareMutations();
  const shares = (activity?.shares ?? []).filter((s) => s.status !== 'REVOKED');
  const log = activity?.accessLog ?? [];
  if (!shares.length && !log.length) return null;
  return (
    <div className="document-activity">
      {shares.length > 0 && (
        <ul className="document-activity__shares" aria-label="Partages">
          {shares.map((s) => (
            <li key={s.conversationId}>
              {s.status === 'EXPIRED' ? (
                <span className="document-activity__expired">
                  Partage avec {s.recipientFirstName} expiré le {formatParis(s.expiresAt, 'd MMM yyyy')}
                </span>
              ) : (
                <span>
                  Partagé avec {s.recipientFirstName} jusqu'au {formatParis(s.expiresAt, 'd MMM yyyy')}
                </span>
              )}{' '}
              <button
                type="button"
                className="button button--link"
                disabled={busy}
                onClick={() => void extend(fileId, s.conversationId, 30)}
              >
                Prolonger de 30 jours
              </button>{' '}
              <button
                type="button"
                className="button button--link"
                disabled={busy}
                onClick={() => void revoke(fileId, s.conversationId)}
              >
                Révoquer
              </button>
            </li>
          ))}
        </ul>
      )}
      {log.length > 0 && (
        <ul className="document-activity__log" aria-label="Consultations">
          {log.map((e) => (
            <li key={e.id}>
              Consulté par {e.readerFirstName} le{' '}
              <time dateTime={e.accessedAt}>{formatParis(e.accessedAt, "d MMM yyyy 'à' HH:mm")}</time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
