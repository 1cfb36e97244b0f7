import { LIMITS } from '@flaneur/schema';

/** "destructive" marks failures (red, announced assertively). */
export type ToastVariant = 'default' | 'destructive';

/** What a caller passes to `toast()`. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; default 5000. */
  duration?: number;
  /**
   * The action it reports on (e.g. "login"): a new toast with the same key replaces the one still
   * shown, so a success never sits beside the stale failure of the same action.
   */
  key?: string;
  /** One button in the toast (e.g. « Annuler »); clicking it runs `onClick` and closes the toast. */
  action?: ToastAction;
}

/** A toast's button. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** A toast as the Toaster renders it; `open` false while it plays its exit. */
export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
  key?: string;
  action?: ToastAction;
}

type Listener = () => void;

let toasts: readonly Toast[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function remove(id: string): void {
  clearTimeout(removals.get(id));
  removals.delete(id);
  emit(toasts.filter((t) => t.id !== id));
}

/**
 * One store for the whole app, outside React, so hooks and plain functions can both toast.
 * At most 3 at once, newest first; a dismissed toast leaves after its 1000 ms exit
 * (docs/decisions.md#web-shared-rules).
 */
export const toastStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): readonly Toast[] {
    return toasts;
  },
  add(input: ToastInput): string {
    const id = String(++counter);
    const toast: Toast = {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant ?? 'default',
      duration: input.duration ?? LIMITS.toastDefaultMs,
      open: true,
      key: input.key,
      action: input.action,
    };
    // The toast of the same action it supersedes leaves at once (no exit to sit beside the new one).
    const replaced = input.key === undefined ? [] : toasts.filter((t) => t.key === input.key);
    replaced.forEach((t) => {
      clearTimeout(removals.get(t.id));
      removals.delete(t.id);
    });
    const next = [toast, ...toasts.filter((t) => !replaced.includes(t))];
    next.slice(LIMITS.toastLimit).forEach((dropped) => clearTimeout(removals.get(dropped.id)));
    emit(next.slice(0, LIMITS.toastLimit));
    return id;
  },
  /** Closes one toast, or all when no id is given. */
  dismiss(id?: string): void {
    const closing = toasts.filter((t) => t.open && (id === undefined || t.id === id));
    if (closing.length === 0) return;
    closing.forEach((t) =>
      removals.set(
        t.id,
        setTimeout(() => remove(t.id), LIMITS.toastRemoveDelayMs),
      ),
    );
    emit(toasts.map((t) => (closing.includes(t) ? { ...t, open: false } : t)));
  },
  /** Test helper: forgets every toast and pending removal. */
  reset(): void {
    removals.forEach((timer) => clearTimeout(timer));
    removals.clear();
    emit([]);
  },
};
