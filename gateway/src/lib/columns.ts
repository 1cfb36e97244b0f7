import { ValueTransformer } from 'typeorm';

/** numeric columns arrive from pg as strings; the entity holds them as strings (legacy REST shape). */
export const TIMESTAMPTZ = 'timestamptz' as const;

/** Parses a numeric string into a number for GraphQL Float fields. */
export const toNumber = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

/** Keeps integer arrays as numbers (pg returns int[] as numbers already; guard for strings). */
export const intArray: ValueTransformer = {
  to: (v: number[] | undefined) => v,
  from: (v: (number | string)[] | null) => (v ?? []).map(Number),
};
