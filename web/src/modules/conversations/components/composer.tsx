import { LIMITS, MSG } from '@flaneur/schema';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import type { TenantFileFieldsFragment } from '../../../gql/graphql';
import { formatRemainingCharacters } from '../../../lib/format';
import { AttachDocumentsDialog } from './attach-documents-dialog';

/** The composer's height while it shows: the toaster stacks above it (styles/toaster.css), never over « Envoyer ». */
export const COMPOSER_SPACE = '--composer-space';

/** How close to the limit the composer starts counting the characters left. */
const COUNT_FROM = LIMITS.messageMax - 500;

/** Publishes the element's height as COMPOSER_SPACE on the document while it is mounted. */
function useComposerSpace(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty(COMPOSER_SPACE, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.removeProperty(COMPOSER_SPACE);
    };
  }, [ref]);
}

interface ComposerProps {
  /** Resolves true once sent: the text and the selected documents are then cleared. */
  /** shareDays: how long the documents stay readable by the other participant (7, 30 or 90 days). */
  onSend: (content: string, documents: TenantFileFieldsFragment[], shareDays: number) => Promise<boolean>;
  sending: boolean;
  /** Said in the documents dialog before a dossier goes to a new or flagged account. */
  documentsWarning?: string | null;
}

/**
 * The message input: Enter sends, Shift+Enter adds a line; send is disabled while the text
 * is blank after trimming, unless documents are attached (the server accepts documents alone).
 */
export function Composer({ onSend, sending, documentsWarning = null }: ComposerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [documents, setDocuments] = useState<TenantFileFieldsFragment[]>([]);
  const [attaching, setAttaching] = useState(false);
  const [shareDays, setShareDays] = useState(30);
  const form = useRef<HTMLFormElement>(null);
  useComposerSpace(form);
  const canSend = (text.trim() !== '' || documents.length > 0) && !sending;
  // The field stops at the limit: near it the characters left are counted, at it the limit is said.
  const counter =
    text.length >= LIMITS.messageMax
      ? MSG.messageTooLong
      : text.length >= COUNT_FROM
        ? formatRemainingCharacters(text.length, LIMITS.messageMax)
        : null;

  const send = async () => {
    if (!canSend) return;
    if (await onSend(text, documents, shareDays)) {
      setText('');
      setDocuments([]);
      setAttaching(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method composes (Japanese, Chinese…) confirms the composition instead.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  // The dialog sits outside the form: React events bubble out of portals, and the dialog has a form.
  return (
    <>
      <form ref={form} className="composer" onSubmit={onSubmit}>
        {documents.length > 0 && (
          <ul className="composer__documents" aria-label="Documents joints">
            {documents.map((doc) => (
              <li key={doc.id} className="composer__document">
                <span>{doc.title}</span>
                <button
                  type="button"
                  className="composer__remove"
                  aria-label={`Retirer ${doc.title}`}
                  onClick={() => setDocuments((list) => list.filter((d) => d.id !== doc.id))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="composer__row">
          <button
            type="button"
            className="button button--ghost composer__attach"
            aria-label="Joindre des documents"
            onClick={() => setAttaching(true)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className="nav-icon">
              <path d="M21 11.5 12.5 20a5 5 0 0 1-7-7L14 4.5a3.3 3.3 0 0 1 4.7 4.7L10.2 17.7a1.7 1.7 0 0 1-2.4-2.4L15.5 7.6" />
            </svg>
          </button>
          <label htmlFor={id} className="visually-hidden">
            Votre message
          </label>
          <textarea
            id={id}
            className="field__input composer__input"
            rows={1}
            placeholder="Écrivez votre message..."
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            maxLength={LIMITS.messageMax}
            aria-describedby={counter ? `${id}-count` : undefined}
          />
          <button type="submit" className="button button--primary composer__send" disabled={!canSend}>
            {sending ? 'Envoi...' : 'Envoyer'}
          </button>
        </div>
        {counter && (
          <p id={`${id}-count`} className="composer__count" aria-live="polite">
            {counter}
          </p>
        )}
      </form>
      <AttachDocumentsDialog
        open={attaching}
        initialSelection={documents}
        initialDays={shareDays}
        warning={documentsWarning}
        onClose={() => setAttaching(false)}
        onAttach={(selected, days) => {
          setDocuments(selected);
          setShareDays(days);
          setAttaching(false);
        }}
      />
    </>
  );
}
