import {
  MODERATION_ACTION_VERBS,
  MODERATION_LIMITS,
  MODERATION_MSG,
  type ModerationActionKind,
  type ModerationTargetType,
} from '@flaneur/schema';
import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { toast } from '../../../components/toaster/use-toast';
import { useModerateMutation } from '../hooks/use-moderate-mutation';
import { LimitedTextarea } from './limited-textarea';

/** The decision a moderator is about to take. */
export interface PendingAction {
  targetType: ModerationTargetType;
  targetId: string;
  action: ModerationActionKind;
  /** The listing's title or the account's username, as the dialog names it. */
  name: string;
}

/** The harsh decisions get the red button. */
const HARSH: readonly ModerationActionKind[] = ['hide', 'suspend'];

/** Asks the reason of a decision (shown to the owner), then confirms it. */
export function ModerationActionDialog({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  return pending ? (
    <ActionDialogContent key={`${pending.action}-${pending.targetId}`} pending={pending} onClose={onClose} />
  ) : null;
}

function ActionDialogContent({ pending, onClose }: { pending: PendingAction; onClose: () => void }) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { moderate, acting } = useModerateMutation();
  const verb = MODERATION_ACTION_VERBS[pending.action];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const length = reason.trim().length;
    if (length < MODERATION_LIMITS.actionReasonMin) return setError(MODERATION_MSG.moderationReasonRequired);
    if (length > MODERATION_LIMITS.actionReasonMax) return setError(MODERATION_MSG.moderationReasonTooLong);
    setError(null);
    const { targetType, targetId, action } = pending;
    const failure = await moderate({ targetType, targetId, action, reason });
    if (failure) return setError(failure);
    toast({ title: 'Décision enregistrée', description: `${verb} : « ${pending.name} ».` });
    onClose();
  };

  return (
    <ModalDialog
      open
      title={`${verb} ?`}
      description={`« ${pending.name} ». Le motif est montré à la personne concernée, qui peut contester la décision.`}
      onClose={acting ? () => undefined : onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={acting}>
            Annuler
          </button>
          <button
            type="submit"
            form={formId}
            className={`button ${HARSH.includes(pending.action) ? 'button--danger' : 'button--primary'}`}
            disabled={acting}
          >
            {acting ? 'Enregistrement…' : `Confirmer : ${verb.toLowerCase()}`}
          </button>
        </>
      }
    >
      <form id={formId} className="report-form" onSubmit={(event) => void submit(event)} noValidate>
        <LimitedTextarea
          label="Motif de la décision"
          hint={`${MODERATION_LIMITS.actionReasonMin} caractères au moins.`}
          value={reason}
          onChange={setReason}
          max={MODERATION_LIMITS.actionReasonMax}
          required
          error={error}
        />
      </form>
    </ModalDialog>
  );
}
