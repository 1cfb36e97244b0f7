import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';

interface PermissionExplanationDialogProps {
  open: boolean;
  title: string;
  /** The accept button's label (« Activer le suivi », « Continuer »…). */
  acceptLabel: string;
  /** Why the permission is needed, what the browser asks next, how to stop (a few paragraphs). */
  children: ReactNode;
  /** Extra class of the body (screen-specific spacing). */
  className?: string;
  onAccept: () => void;
  onCancel: () => void;
}

/**
 * Shown before the browser asks for a permission (position, notifications): the browser's prompt comes only after
 * the user accepts here, and « Plus tard » leaves the permission unasked.
 */
export function PermissionExplanationDialog({
  open,
  title,
  acceptLabel,
  children,
  className,
  onAccept,
  onCancel,
}: PermissionExplanationDialogProps) {
  return (
    <ModalDialog
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Plus tard
          </button>
          <button type="button" className="button button--primary" onClick={onAccept}>
            {acceptLabel}
          </button>
        </>
      }
    >
      <div className={className}>{children}</div>
    </ModalDialog>
  );
}
