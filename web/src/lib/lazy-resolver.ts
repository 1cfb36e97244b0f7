import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose code (zod and the validators) is a separate chunk: the form renders
 * without it, and it is fetched at once, off the first render's path. Validation awaits it if needed.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): Resolver<TInput, TContext, TOutput> {
  let loaded: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  const get = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined; // a failed download (offline) is tried again at the next validation
      throw error;
    }));
  get().catch(() => undefined);
  return async (values, context, options) => (await get())(values, context, options);
}
