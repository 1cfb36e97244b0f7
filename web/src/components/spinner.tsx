interface SpinnerProps {
  /** Read by screen readers; the default fits a loading screen. */
  label?: string;
}

/** A loading indicator announced politely. */
export function Spinner({ label = 'Chargement…' }: SpinnerProps) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
