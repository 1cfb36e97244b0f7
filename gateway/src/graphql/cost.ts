import {
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  getNamedType,
  getNullableType,
  GraphQLField,
  GraphQLNamedType,
  GraphQLSchema,
  introspectionFromSchema,
  isCompositeType,
  isListType,
  isInterfaceType,
  isObjectType,
  Kind,
  OperationDefinitionNode,
  SelectionSetNode,
  valueFromASTUntyped,
} from 'graphql';

/**
 * The cost rules of a GraphQL operation (docs/decisions.md, « Access tokens and cost budgets »): an object costs 1,
 * a scalar or enum 0, a list multiplies the cost of one item by its size, and a mutation's root field costs at
 * least MUTATION_MIN_COST. A list's size is its `first` argument, capped at its maximum (LIST_ARGUMENT_MAXIMUMS),
 * or, for lists without an argument, the estimate of LIST_SIZES (LIST_SIZE_DEFAULT otherwise).
 */
export const COST_RULES = {
  objectCost: 1,
  mutationMinCost: 10,
  listSizeDefault: 25,
  /** A REST request of a token at least; past it, one point per object of its JSON answer, as GraphQL counts them. */
  restRequestCost: 10,
  /** Introspection is weighed by its answer's size: one point per this many bytes of JSON. */
  introspectionBytesPerPoint: 1024,
} as const;

/**
 * Lists paginated by an argument: its name, its default and its maximum. On a field answering a connection, the
 * size applies to the connection's lists (`properties(first: 20) { nodes }` → 20 nodes).
 */
export const LIST_ARGUMENT_MAXIMUMS: Record<string, { argument: string; default: number; maximum: number }> = {
  'Query.properties': { argument: 'first', default: 20, maximum: 100 },
  'Query.walks': { argument: 'first', default: 20, maximum: 100 },
  'Query.sales': { argument: 'first', default: 20, maximum: 100 },
};

/** Sizes assumed for lists without an argument: their real bound when there is one. */
export const LIST_SIZES: Record<string, number> = {
  'Property.photos': 15,
  'Property.images': 15,
  'LocationReport.newDiscoveries': 20,
  'Mutation.uploadPropertyImages': 15,
  'Query.webhooks': 10,
  'Query.webhookDeliveries': 50,
  'Walk.nearMisses': 5,
  'Query.geocode': 5,
  'MarketComparables.sales': 30,
};

/** What one walk of an operation found: its cost, its root fields and every type it reaches. */
export interface OperationAnalysis {
  cost: number;
  rootType: 'Query' | 'Mutation' | 'Subscription';
  rootFields: string[];
  types: Set<string>;
  /** Response keys of introspection root fields: left out of the actual cost. */
  introspectionKeys: Set<string>;
}

/** Introspection fields: charged by the size of what they answer (one per document: limits.ts). */
export const INTROSPECTION_FIELDS: ReadonlySet<string> = new Set(['__schema', '__type']);
const INTROSPECTION = INTROSPECTION_FIELDS;

/** Points of a JSON value by its size (introspection answers). */
const pointsBySize = (value: unknown) =>
  Math.ceil(Buffer.byteLength(JSON.stringify(value) ?? '') / COST_RULES.introspectionBytesPerPoint);

const introspectionEstimates = new WeakMap<GraphQLSchema, number>();
/** The estimate of one introspection: the points of the schema's whole introspection answer, computed once. */
export function introspectionEstimate(schema: GraphQLSchema): number {
  let points = introspectionEstimates.get(schema);
  if (points === undefined) {
    points = pointsBySize(introspectionFromSchema(schema, { descriptions: true, specifiedByUrl: true }));
    introspectionEstimates.set(schema, points);
  }
  return points;
}

/**
 * Walks a validated operation once, before execution: its cost (an upper bound: every fragment of an abstract type
 * counts, @skip/@include are ignored), its root fields, and the named types it selects.
 */
export function analyzeOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
): OperationAnalysis {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const root = schema.getRootType(operation.operation)!;
  const rootType = root.name as OperationAnalysis['rootType'];
  const types = new Set<string>();
  const rootFields: string[] = [];
  const introspectionKeys = new Set<string>();

  // A variable left out takes its default value, as execution gives it (`$n: Int = 100` is 100, not the field's default).
  const values: Record<string, unknown> = { ...variables };
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (values[name] === undefined && definition.defaultValue)
      values[name] = valueFromASTUntyped(definition.defaultValue);
  }
  const argumentValue = (node: FieldNode, name: string): unknown => {
    const arg = node.arguments?.find((a) => a.name.value === name);
    return arg ? valueFromASTUntyped(arg.value, values) : undefined;
  };

  const listSize = (parent: GraphQLNamedType, field: GraphQLField<unknown, unknown>, node: FieldNode): number => {
    const key = `${parent.name}.${field.name}`;
    const paged = LIST_ARGUMENT_MAXIMUMS[key];
    if (paged) {
      const asked = Number(argumentValue(node, paged.argument) ?? paged.default);
      return Number.isFinite(asked) ? Math.min(Math.max(Math.floor(asked), 0), paged.maximum) : paged.maximum;
    }
    return LIST_SIZES[key] ?? COST_RULES.listSizeDefault;
  };

  /** `pageSize`: the size a paginated connection field gives to the lists directly under it (`nodes`). */
  const selectionCost = (
    parent: GraphQLNamedType,
    set: SelectionSetNode,
    seen: Set<string>,
    pageSize?: number,
  ): number => {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) total += fieldCost(parent, selection, seen, false, pageSize);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (on) total += selectionCost(on, selection.selectionSet, seen, pageSize);
      } else {
        const fragment = fragments.get(selection.name.value);
        // A fragment spread twice on one path is counted once per spread; a cycle cannot pass validation.
        if (!fragment || seen.has(fragment.name.value)) continue;
        const on = schema.getType(fragment.typeCondition.name.value);
        if (on) total += selectionCost(on, fragment.selectionSet, new Set([...seen, fragment.name.value]), pageSize);
      }
    }
    return total;
  };

  const fieldCost = (
    parent: GraphQLNamedType,
    node: FieldNode,
    seen: Set<string>,
    isRoot: boolean,
    pageSize?: number,
  ): number => {
    const name = node.name.value;
    if (name === '__typename') return 0;
    if (INTROSPECTION.has(name)) return introspectionEstimate(schema);
    if (!isObjectType(parent) && !isInterfaceType(parent)) return 0;
    const field = parent.getFields()[name];
    if (!field) return 0;
    let multiplier = 1;
    let type = getNullableType(field.type);
    const isList = isListType(type);
    while (isListType(type)) {
      multiplier *= pageSize ?? listSize(parent, field, node);
      type = getNullableType(type.ofType);
    }
    // A paginated field answering a connection (not a list): its page size goes to the connection's lists.
    const paged = LIST_ARGUMENT_MAXIMUMS[`${parent.name}.${field.name}`];
    const childPage = paged && !isList ? listSize(parent, field, node) : undefined;
    const named = getNamedType(field.type);
    types.add(named.name);
    const own =
      isCompositeType(named) && node.selectionSet
        ? COST_RULES.objectCost + selectionCost(named, node.selectionSet, seen, childPage)
        : 0;
    const cost = multiplier * own;
    return isRoot && rootType === 'Mutation' ? Math.max(COST_RULES.mutationMinCost, cost) : cost;
  };

  let cost = 0;
  const walkRoot = (set: SelectionSetNode, seen: Set<string>) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (INTROSPECTION.has(name)) introspectionKeys.add(selection.alias?.value ?? name);
        else if (name !== '__typename') rootFields.push(name);
        cost += fieldCost(root, selection, seen, true);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) walkRoot(selection.selectionSet, seen);
      else {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !seen.has(fragment.name.value))
          walkRoot(fragment.selectionSet, new Set([...seen, fragment.name.value]));
      }
    }
  };
  walkRoot(operation.selectionSet, new Set());
  return { cost, rootType, rootFields, types, introspectionKeys };
}

/** Objects in a value (lists count their real items): what an answer weighs, GraphQL or REST. */
export function objectsIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce<number>((sum, v) => sum + objectsIn(v), 0);
  if (value === null || typeof value !== 'object') return 0;
  let n = COST_RULES.objectCost;
  for (const v of Object.values(value)) n += objectsIn(v);
  return n;
}

/**
 * Objects in an answer's data, mutation root fields at least MUTATION_MIN_COST, introspection by the size of its
 * answer.
 */
export function actualCost(
  data: Record<string, unknown> | null | undefined,
  analysis: Pick<OperationAnalysis, 'rootType' | 'introspectionKeys'>,
): number {
  if (!data) return 0;
  let total = 0;
  for (const [key, value] of Object.entries(data)) {
    if (analysis.introspectionKeys.has(key)) {
      total += pointsBySize(value);
      continue;
    }
    const c = objectsIn(value);
    total += analysis.rootType === 'Mutation' ? Math.max(COST_RULES.mutationMinCost, c) : c;
  }
  return total;
}
