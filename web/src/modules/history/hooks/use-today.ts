import { useEffect, useState } from 'react';
import { parisDay } from '../../../lib/format';

/** Today's Paris calendar day "YYYY-MM-DD", refreshed when the day changes while the screen stays open. */
export function useParisToday(): string {
  const [today, setToday] = useState(() => parisDay());
  useEffect(() => {
    const timer = setInterval(() => {
      const now = parisDay();
      setToday((previous) => (previous === now ? previous : now));
    }, 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}
