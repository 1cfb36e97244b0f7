import { toast } from '../../../components/toaster/use-toast';

/** Events closer than this are announced together. */
export const DISCOVERY_TOAST_WINDOW_MS = 600;

let titles: string[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function flush(): void {
  const count = titles.length;
  if (count === 1) toast({ title: 'Nouvelle découverte', description: titles[0] });
  else if (count > 1) {
    toast({ title: `${count} nouvelles découvertes`, description: 'Elles ont été ajoutées à vos Découvertes.' });
  }
  titles = [];
  timer = null;
}

/**
 * Announces a discovery. A fix can discover up to 20 listings at once: a burst makes one toast
 * ("20 nouvelles découvertes") instead of twenty.
 */
export function announceDiscovery(title: string): void {
  titles.push(title);
  timer ??= setTimeout(flush, DISCOVERY_TOAST_WINDOW_MS);
}
