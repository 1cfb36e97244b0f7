interface SpinnerProps {
  /** Read by screen readers; the default fits a loading screen. */
  label?: string;
  /**
   * A whole screen is loading: the spinner takes a screen's height, so that the shell's footer is already below the
   * fold and does not jump there (a layout shift) when the screen arrives.
   */
  screen?: boolean;
}

/** A loading indicator announced politely. */
export function Spinner({ label = 'Chargement…', screen = false }: SpinnerProps) {
  return (
    <div className={screen ? 'spinner spinner--screen' : 'spinner'} role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
