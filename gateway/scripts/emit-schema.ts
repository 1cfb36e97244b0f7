/**
 * Writes schema/schema.graphql from the type-graphql code; with --check, fails when the committed file is stale.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAppSchema } from '../src/graphql/build-schema';
import { createAppPubSub } from '../src/graphql/pubsub';

const target = path.resolve(__dirname, '../../schema/schema.graphql');

async function main() {
  const check = process.argv.includes('--check');
  const out = check ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sdl-')), 'schema.graphql') : target;
  await buildAppSchema({ emitTo: out, pubSub: createAppPubSub().pubsub });
  if (!check) {
    console.log(`Wrote ${path.relative(process.cwd(), target)}`);
    return;
  }
  const fresh = fs.readFileSync(out, 'utf8');
  const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (fresh !== committed) {
    console.error('schema/schema.graphql is stale: run `npm run schema:emit` and commit the result.');
    process.exit(1);
  }
  console.log('schema/schema.graphql is up to date.');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
