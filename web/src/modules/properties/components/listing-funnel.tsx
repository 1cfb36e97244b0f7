import { LISTING_STATS } from '@flaneur/schema';
import type { ListingStats_StatsFragment } from '../../../gql/graphql';
import '../owner-insights.css';

/** The periods offered: 7 or 30 days. */
export type StatsDays = (typeof LISTING_STATS.periods)[number];

type Count = number | null | undefined;

/** A count as shown: null is 1 or 2 visitors, shown « moins de 3 » so that no one can be singled out. */
export function formatCount(n: Count): string {
  return n === null || n === undefined ? `moins de ${LISTING_STATS.shownFrom}` : String(n);
}

const STEPS = [
  { key: 'passedBy', label: 'Passés devant' },
  { key: 'viewed', label: 'Consultés' },
  { key: 'favorited', label: 'Favoris' },
  { key: 'contacted', label: 'Contacts' },
] as const;

/** The trend against the previous period, only when both counts are exact. */
function Trend({ now, before, days }: { now: Count; before: Count; days: number }) {
  if (now === null || now === undefined || before === null || before === undefined) return null;
  const versus = `${days} jours précédents (${before})`;
  if (now === before)
    return (
      <span className="listing-funnel__trend">
        <span aria-hidden="true">=</span>
        <span className="visually-hidden">stable par rapport aux {versus}</span>
      </span>
    );
  const up = now > before;
  return (
    <span className={`listing-funnel__trend listing-funnel__trend--${up ? 'up' : 'down'}`}>
      <span aria-hidden="true">{up ? '↑' : '↓'}</span>
      <span className="visually-hidden">
        {up ? 'en hausse' : 'en baisse'} par rapport aux {versus}
      </span>
    </span>
  );
}

/**
 * A listing's walk-by funnel over the period: passés devant → consultés → favoris → contacts, each with its trend
 * against the period before (↑/↓ with a spoken text), 1 or 2 shown « moins de 3 ».
 */
export function ListingFunnel({ stats }: { stats: ListingStats_StatsFragment }) {
  return (
    <div className="listing-funnel">
      <ol className="listing-funnel__steps" aria-label={`Parcours des visiteurs sur ${stats.days} jours`}>
        {STEPS.map(({ key, label }) => (
          <li key={key} className="listing-funnel__step">
            <span className="listing-funnel__label">{label}</span>
            <span className="listing-funnel__value">
              {formatCount(stats[key])} <Trend now={stats[key]} before={stats.previous[key]} days={stats.days} />
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The 7 / 30 days switch of the funnels. */
export function PeriodSwitch({ days, onChange }: { days: StatsDays; onChange: (days: StatsDays) => void }) {
  return (
    <div className="period-switch" role="group" aria-label="Période des statistiques">
      {LISTING_STATS.periods.map((d) => (
        <button
          key={d}
          type="button"
          className="button button--ghost button--small"
          aria-pressed={d === days}
          onClick={() => onChange(d)}
        >
          {d} jours
        </button>
      ))}
    </div>
  );
}
