import 'reflect-metadata';
import { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { RESOLVERS } from './resolvers';

/** Builds the executable schema; validation is done by the shared zod schemas in the services. */
export function buildAppSchema(emitTo?: string): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: RESOLVERS,
    validate: false,
    emitSchemaFile: emitTo ? { path: emitTo, sortedSchema: true } : false,
  });
}
