import 'reflect-metadata';
import { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import type { AppPubSub } from './pubsub';
import { RESOLVERS } from '../wiring/resolvers';

/** Builds the executable schema; validation is done by the shared zod schemas in the services. */
export function buildAppSchema(opts: { emitTo?: string; pubSub?: AppPubSub } = {}): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: RESOLVERS,
    pubSub: opts.pubSub as never,
    validate: false,
    emitSchemaFile: opts.emitTo ? { path: opts.emitTo, sortedSchema: true } : false,
  });
}
