import { MSG } from '@flaneur/schema';
import { z } from 'zod';
import { AppError } from './errors';

/** zod's own messages are English ("Invalid input: …", "Too big: …"): the shared schemas give French ones. */
const ZOD_DEFAULT = /^(Invalid|Too |Unrecognized|Expected)/;
const french = (message: string) => (ZOD_DEFAULT.test(message) ? MSG.invalidInput : message);

/** Parses input with a shared zod schema; failures become BAD_USER_INPUT with the French message per field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!fields[key]) fields[key] = french(issue.message);
  }
  const first = result.error.issues[0];
  throw new AppError('BAD_USER_INPUT', first ? french(first.message) : MSG.invalidInput, { fields });
}
