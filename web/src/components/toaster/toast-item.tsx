import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { toastStore, type Toast } from './toast-store';

const SWIPE_THRESHOLD_PX = 50;

interface ToastItemProps {
  toast: Toast;
  /** True while the pointer or focus is in the region: timers wait (WCAG 2.2.1). */
  paused: boolean;
}

/** One toast: closes after its duration, on its close button, or on a swipe right of 50 px. */
export function ToastItem({ toast, paused }: ToastItemProps) {
  const remaining = useRef(toast.duration);
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    if (!toast.open || paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => toastStore.dismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [toast.open, toast.id, paused]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    startX.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (startX.current === null) return;
    setOffset(Math.max(0, event.clientX - startX.current));
  };
  const onPointerEnd = (event: PointerEvent<HTMLLIElement>) => {
    if (startX.current === null) return;
    const delta = event.clientX - startX.current;
    startX.current = null;
    if (delta >= SWIPE_THRESHOLD_PX) toastStore.dismiss(toast.id);
    else setOffset(0);
  };

  return (
    <li
      className={`toast toast--${toast.variant}`}
      data-state={toast.open ? 'open' : 'closed'}
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      aria-hidden={toast.open ? undefined : true}
      // A closing toast stays 1000 ms for its exit: hidden from assistive tech, so not focusable either.
      inert={!toast.open || undefined}
      style={offset > 0 ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.description && <p className="toast__description">{toast.description}</p>}
      </div>
      {toast.action && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            toastStore.dismiss(toast.id);
            toast.action?.onClick();
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        className="toast__close"
        aria-label="Fermer la notification"
        onClick={() => toastStore.dismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
