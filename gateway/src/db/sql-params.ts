/**
 * A new parameter list for a statement built in pieces: `p(value)` appends the value and answers its placeholder
 * (`$1`, `$2`…), so each parameter is declared once, next to its value, and no placeholder number is written by hand.
 */
export function sqlParams() {
  const values: unknown[] = [];
  const p = (value: unknown): string => `$${values.push(value)}`;
  return { p, values };
}
