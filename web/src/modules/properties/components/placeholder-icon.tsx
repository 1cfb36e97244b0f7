/** A house outline shown where a listing has no photo. */
export function PlaceholderIcon({ size = 40 }: { size?: number }) {
  return (
    <svg
      className="placeholder-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      role="img"
      aria-label="Aucune photo"
      focusable="false"
    >
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V21h14V9.5" />
      <path d="M10 21v-6h4v6" />
    </svg>
  );
}
