import globalTeardown from './global-teardown';
import type { S3rverProcess } from './s3rver';

/** Stops the run's s3rver, then the usual teardown. */
export default async function s3GlobalTeardown() {
  await (globalThis as { __s3rver?: S3rverProcess }).__s3rver?.close();
  await globalTeardown();
}
