import type { ReactNode } from 'react';
import './common.css';

interface StatusMessageProps {
  title: string;
  text?: string;
  /** A retry button, a link… */
  action?: ReactNode;
  /** "error" is announced as an alert. */
  tone?: 'empty' | 'error';
}

/** A screen-level empty, error or not-found state: a title, a line of text and an action. */
export function StatusMessage({ title, text, action, tone = 'empty' }: StatusMessageProps) {
  return (
    <div className={`status-message status-message--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <h2 className="status-message__title">{title}</h2>
      {text && <p className="status-message__text">{text}</p>}
      {action}
    </div>
  );
}
