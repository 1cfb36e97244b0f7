import { WALK_MSG } from '@flaneur/schema';
import { useId } from 'react';
import { permissionHelp } from '../lib/permission-help';

/** Shown once the location permission was refused: why tracking stopped, how to allow it again, and a retry. */
export function PermissionDeniedHelp({ onRetry }: { onRetry: () => void }) {
  const titleId = useId();
  return (
    <div className="tracking-denied" role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className="tracking-denied__title">
        {WALK_MSG.trackingDeniedTitle}
      </h3>
      <p>{WALK_MSG.trackingDeniedIntro}</p>
      <p>{permissionHelp()}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {WALK_MSG.trackingDeniedRetry}
      </button>
    </div>
  );
}
