import { MSG } from '@flaneur/schema';
import { z } from 'zod';
import { AppError } from './errors';

/** Parses input with a shared zod schema; failures become BAD_USER_INPUT with the French message per field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!fields[key]) fields[key] = issue.message;
  }
  const first = result.error.issues[0];
  const message =
    first && !first.message.startsWith('Invalid') && !first.message.startsWith('Too ')
      ? first.message
      : MSG.invalidInput;
  throw new AppError('BAD_USER_INPUT', message, { fields });
}
