import globalSetup from './global-setup';
import { startS3rver } from './s3rver';

/** npm run test:s3: the usual database, plus one s3rver for the run (each test gateway makes its own bucket). */
export default async function s3GlobalSetup() {
  await globalSetup();
  const s3 = await startS3rver();
  (globalThis as { __s3rver?: typeof s3 }).__s3rver = s3;
  process.env.TEST_S3_ENDPOINT = s3.endpoint;
  console.log(`[tests] storage: S3 (s3rver at ${s3.endpoint})`);
}
