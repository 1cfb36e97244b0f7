import { DPE_RATINGS, EXCESSIVE_DPE_RATINGS, LEGAL_MENTIONS, type DpeRating } from '@flaneur/schema';
import '../legal.css';

type Scale = 'energy' | 'climate';
const LABEL: Record<Scale, string> = {
  energy: LEGAL_MENTIONS.energyClassLabel,
  climate: LEGAL_MENTIONS.climateClassLabel,
};

/** One compact label of a card: « classe énergie D », in the colour of the reference scale. */
function ClassChip({ scale, rating }: { scale: Scale; rating: DpeRating }) {
  return (
    <span className={`class-chip class-chip--${scale}-${rating}`}>
      {LABEL[scale]} <strong>{rating}</strong>
    </span>
  );
}

/** The card's compact « classe énergie » and « classe climat » labels (nothing when the listing has no DPE). */
export function EnergyClassChips({
  dpeRating,
  gesRating,
}: {
  dpeRating?: DpeRating | null;
  gesRating?: DpeRating | null;
}) {
  if (!dpeRating && !gesRating) return null;
  return (
    <p className="class-chips">
      {dpeRating && <ClassChip scale="energy" rating={dpeRating} />}
      {gesRating && <ClassChip scale="climate" rating={gesRating} />}
    </p>
  );
}

/**
 * A full reference scale, A to G in their colours, the listing's class highlighted (wider, outlined, marked in
 * text and with aria-current, so colour is never the only cue).
 */
export function ClassScale({ scale, rating }: { scale: Scale; rating: DpeRating }) {
  const id = `class-scale-${scale}`;
  return (
    <figure className="class-scale" aria-labelledby={id}>
      <figcaption id={id} className="class-scale__caption">
        {LABEL[scale]} <strong>{rating}</strong>
      </figcaption>
      <ol className="class-scale__bars">
        {DPE_RATINGS.map((r, i) => (
          <li
            key={r}
            className={`class-scale__bar class-chip--${scale}-${r}${r === rating ? ' class-scale__bar--current' : ''}`}
            style={{ width: `${40 + i * 10}%` }}
            aria-current={r === rating ? 'true' : undefined}
          >
            <span>{r}</span>
            {r === rating && <span className="class-scale__marker">◀ ce logement</span>}
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** Whether a class makes the home « à consommation énergétique excessive ». */
export const isExcessive = (rating: DpeRating | null | undefined): rating is DpeRating =>
  !!rating && EXCESSIVE_DPE_RATINGS.includes(rating);
