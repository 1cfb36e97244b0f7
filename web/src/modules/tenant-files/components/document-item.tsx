import type { TenantFileActivityQuery, TenantFileFieldsFragment } from '../../../gql/graphql';
import { DocumentActivity } from './document-activity';
import { formatParis } from '../../../lib/format';
import { documentTypeLabel } from '../lib/document-labels';

interface DocumentItemProps {
  file: TenantFileFieldsFragment;
  onDelete: (file: TenantFileFieldsFragment) => void;
  activity?: TenantFileActivityQuery['tenantFiles'][number];
}

/** One document of the folder: title, French type, "Vérifié", date, its shares and readers, open and delete. */
export function DocumentItem({ file, onDelete, activity }: DocumentItemProps) {
  return (
    <article className="card document-item" aria-labelledby={`document-${file.id}`}>
      <div className="document-item__body">
        <h3 id={`document-${file.id}`} className="document-item__title">
          {file.title}
        </h3>
        <p className="document-item__meta">
          <span className="badge">{documentTypeLabel(file.fileType)}</span>
          {file.verified && <span className="badge badge--success">Vérifié</span>}
        </p>
        {file.description && <p className="document-item__description">{file.description}</p>}
        <p className="document-item__date">
          Ajouté le <time dateTime={file.uploadedAt}>{formatParis(file.uploadedAt, 'd MMM yyyy')}</time>
        </p>
        <DocumentActivity fileId={file.id} activity={activity} />
      </div>
      <div className="button-row">
        <a className="button button--ghost button--small" href={file.fileUrl} target="_blank" rel="noopener noreferrer">
          Ouvrir<span className="visually-hidden"> {file.title}</span>
        </a>
        <button type="button" className="button button--ghost button--small" onClick={() => onDelete(file)}>
          Supprimer<span className="visually-hidden"> {file.title}</span>
        </button>
      </div>
    </article>
  );
}
