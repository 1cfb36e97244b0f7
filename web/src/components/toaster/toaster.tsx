import { useEffect, useRef, useState } from 'react';
import { ToastItem } from './toast-item';
import { useToast } from './use-toast';

/** The notification region: newest toast on top; F8 moves focus into it (docs/decisions.md#web-shared-rules). */
export function Toaster() {
  const { toasts } = useToast();
  const region = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        region.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section
      ref={region}
      className="toaster"
      role="region"
      aria-label="Notifications"
      tabIndex={-1}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* Each toast is its own live region (status or alert), not a list item: no list semantics. */}
      <ol className="toaster__list" role="none">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} paused={hovered || focused} />
        ))}
      </ol>
    </section>
  );
}
