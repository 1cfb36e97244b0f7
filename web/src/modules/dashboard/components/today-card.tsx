import { Link } from 'react-router-dom';

interface TodayCardProps {
  /** Properties discovered today; unknown until the discovery issue feeds it. */
  count?: number;
}

/** SPEC §2 "Today" card: today's discovery count (singular/plural) and a link to history. */
export function TodayCard({ count }: TodayCardProps) {
  return (
    <section className="card today-card" aria-labelledby="today-title">
      <h2 id="today-title" className="card__title">
        Aujourd'hui
      </h2>
      <p className="today-card__count">
        {count === undefined
          ? 'Vos découvertes du jour apparaîtront ici.'
          : count === 1
            ? '1 bien découvert aujourd’hui'
            : `${count} biens découverts aujourd’hui`}
      </p>
      <Link to="/history" className="button button--link">
        Voir l'historique
      </Link>
    </section>
  );
}
