import { useSyncExternalStore } from 'react';
import { toastStore, type ToastInput } from './toast-store';

/** Shows a toast; returns its id and a function closing it. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = toastStore.add(input);
  return { id, dismiss: () => toastStore.dismiss(id) };
}

/** The current toasts plus `toast()` and `dismiss()`. */
export function useToast() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  return { toasts, toast, dismiss: toastStore.dismiss };
}
