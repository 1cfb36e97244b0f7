import { useCallback } from 'react';
import { toast } from '../../../components/toaster/use-toast';

/** Sharing: the system share sheet, else a copied link ("Lien copié"), else "Partage non supporté". */
export function useShare() {
  return useCallback(async ({ title, url }: { title: string; url: string }) => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return; // the user closed the sheet
      }
    }
    if (navigator.clipboard?.writeText) {
      try {
        await navigator.clipboard.writeText(url);
        toast({ title: 'Lien copié' });
        return;
      } catch {
        // No permission to write the clipboard: fall through.
      }
    }
    toast({ title: 'Partage non supporté', variant: 'destructive' });
  }, []);
}
