import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import {
  execute,
  getVariableValues,
  GraphQLError,
  parse,
  printSchema,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/*
 * Queries run compiled by graphql-jit behind Apollo Server's gateway interface: Apollo keeps the whole request
 * pipeline (parsing, validation, the armour's rules, plugins, errors, cache headers) and hands the executor a
 * validated document. A query is compiled once per document and operation (the web's trusted documents at start,
 * any other on its first use, kept in a bounded cache); mutations, and anything jit refuses to compile, run on
 * graphql-js. docs/decisions.md « Lean request path ».
 */

/**
 * jit's errors are GraphQLErrors by prototype only (no `extensions` object, no source nodes): rebuilt as graphql-js
 * builds them, so that Apollo's error normalising and our error codes read them the same way.
 */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const rebuilt = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions ?? undefined,
  });
  (rebuilt as { locations?: GraphQLError['locations'] }).locations = error.locations;
  return rebuilt;
}

export type GraphqlExecutorKind = 'jit' | 'graphql-js';

/** Compiled documents kept besides the trusted ones (an integrator's or the Sandbox's free documents). */
const FREE_DOCUMENTS_KEPT = 500;

export interface JitGateway extends GatewayInterface {
  /** Compiled operations held (tests and the start log). */
  readonly compiledCount: number;
}

export function jitGateway(schema: GraphQLSchema, trusted: Iterable<[hash: string, text: string]> = []): JitGateway {
  /** `${queryHash}:${operationName}` → the compiled query, or null when jit refused it (then graphql-js). */
  const pinned = new Map<string, CompiledQuery | null>();
  const free = new Map<string, CompiledQuery | null>();

  const compile = (document: DocumentNode, operationName: string | null): CompiledQuery | null => {
    try {
      const compiled = compileQuery(schema, document, operationName ?? undefined, {
        // Errors keep graphql-js's shape; leaves are serialised by the scalars as graphql-js does.
        disablingCapturingStackErrors: true,
      });
      return isCompiledQuery(compiled) ? compiled : null;
    } catch {
      return null;
    }
  };

  const compiledFor = (hash: string, document: DocumentNode, operationName: string | null) => {
    const key = `${hash}:${operationName ?? ''}`;
    if (pinned.has(key)) return pinned.get(key)!;
    if (free.has(key)) {
      const hit = free.get(key)!;
      // Most recently used last: the first key is the one to drop.
      free.delete(key);
      free.set(key, hit);
      return hit;
    }
    const compiled = compile(document, operationName);
    free.set(key, compiled);
    if (free.size > FREE_DOCUMENTS_KEPT) free.delete(free.keys().next().value!);
    return compiled;
  };

  const executor: GatewayExecutor = async (rc) => {
    const variables = rc.request.variables ?? {};
    if (rc.operation.operation === 'query') {
      const compiled = compiledFor(rc.queryHash, rc.document, rc.operationName);
      if (compiled) {
        // Variables are checked by graphql-js first: its errors name the variable's node, which Apollo reads to answer
        // BAD_USER_INPUT (jit's own coercion errors carry no node).
        if (rc.operation.variableDefinitions?.length) {
          const coerced = getVariableValues(schema, rc.operation.variableDefinitions, variables, { maxErrors: 50 });
          if (coerced.errors) return { errors: coerced.errors };
        }
        const result = await compiled.query(undefined, rc.context, variables);
        return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
      }
    }
    return execute({
      schema,
      document: rc.document,
      contextValue: rc.context,
      variableValues: variables,
      operationName: rc.operationName,
    });
  };

  return {
    get compiledCount() {
      return pinned.size + free.size;
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => undefined;
    },
    async load() {
      for (const [hash, text] of trusted) {
        const document = parse(text);
        for (const def of document.definitions) {
          if (def.kind !== 'OperationDefinition' || def.operation !== 'query') continue;
          const name = def.name?.value ?? null;
          pinned.set(`${hash}:${name ?? ''}`, compile(document, name));
        }
      }
      return { executor };
    },
    async stop() {
      pinned.clear();
      free.clear();
    },
  };
}
