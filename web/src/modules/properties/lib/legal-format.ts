/** An amount in euros as the legal mentions print it, without the sign: "1 250", "1 180,80" (fr-FR). */
export function formatAmount(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? NaN);
  if (!Number.isFinite(n)) return '—';
  const whole = Number.isInteger(n);
  return new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(n);
}

/** A percentage or a surface with its French decimal comma and no trailing zero: "4,5", "38,5". */
export function formatDecimal(value: number | string): string {
  return new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(Number(value));
}
