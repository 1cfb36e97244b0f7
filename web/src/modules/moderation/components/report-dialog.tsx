import {
  MODERATION_LIMITS,
  MODERATION_MSG,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from '@flaneur/schema';
import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { LimitedTextarea } from './limited-textarea';
import { useCreateReportMutation } from '../hooks/use-create-report-mutation';
import '../moderation.css';

interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  /** « Signaler l'annonce », « Signaler la conversation ». */
  title: string;
  targetType: ReportTargetType;
  targetId: string;
}

/**
 * The report dialog: the five reasons, an optional comment, « Envoyer le signalement »; then the thanks, or the
 * server's French reason it was refused (already reported, too many reports).
 */
export function ReportDialog(props: ReportDialogProps) {
  // Mounted per opening: a second report starts from an empty form.
  return props.open ? <ReportDialogContent {...props} /> : null;
}

function ReportDialogContent({ onClose, title, targetType, targetId }: ReportDialogProps) {
  const formId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { report, sending } = useCreateReportMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(MODERATION_MSG.reportReasonInvalid);
      return;
    }
    setError(null);
    const failure = await report({ targetType, targetId, reason, comment });
    if (failure) setError(failure);
    else setSent(true);
  };

  return (
    <ModalDialog
      open
      title={title}
      onClose={onClose}
      description={
        sent
          ? undefined
          : "Votre signalement est lu par notre équipe de modération ; la personne signalée ne sait pas qui l'a envoyé."
      }
      footer={
        sent ? (
          <button type="button" className="button button--primary" onClick={onClose}>
            Terminé
          </button>
        ) : (
          <>
            <button type="button" className="button button--ghost" onClick={onClose} disabled={sending}>
              Annuler
            </button>
            <button type="submit" form={formId} className="button button--primary" disabled={sending}>
              {sending ? 'Envoi…' : 'Envoyer le signalement'}
            </button>
          </>
        )
      }
    >
      {sent ? (
        <p className="notice notice--success" role="status">
          {MODERATION_MSG.reportReceived}
        </p>
      ) : (
        <form id={formId} className="report-form" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="report-form__reasons">
            <legend className="report-form__legend">Motif du signalement</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="report-form__reason">
                <input
                  type="radio"
                  name={`${formId}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                <span>{REPORT_REASON_LABELS[value]}</span>
              </label>
            ))}
          </fieldset>
          <LimitedTextarea
            label="Commentaire (facultatif)"
            value={comment}
            onChange={setComment}
            max={MODERATION_LIMITS.reportCommentMax}
          />
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </ModalDialog>
  );
}
