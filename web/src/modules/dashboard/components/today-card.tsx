import { Link } from 'react-router-dom';

interface TodayCardProps {
  /** Properties discovered today; undefined while unknown or signed out. */
  count?: number;
}

/** "1 bien découvert aujourd'hui", "3 biens découverts aujourd'hui" (French: 0 and 1 are singular). */
export function todayCountText(count: number): string {
  return count > 1 ? `${count} biens découverts aujourd'hui` : `${count} bien découvert aujourd'hui`;
}

/** The "Today" card (Paris calendar day): today's discovery count (singular/plural) and a link to history. */
export function TodayCard({ count }: TodayCardProps) {
  return (
    <section className="card today-card" aria-labelledby="today-title">
      <h2 id="today-title" className="card__title">
        Aujourd'hui
      </h2>
      <p className="today-card__count">
        {count === undefined ? 'Vos découvertes du jour apparaîtront ici.' : todayCountText(count)}
      </p>
      <Link to="/history" className="button button--link">
        Voir l'historique
      </Link>
    </section>
  );
}
