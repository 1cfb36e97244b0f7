import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, getOperationAST, parse } from 'graphql';
import { actualCost, analyzeOperation, introspectionEstimate } from './cost';

const schema = buildSchema(fs.readFileSync(path.join(__dirname, '../../../schema/schema.graphql'), 'utf8'));
const cost = (query: string, variables?: Record<string, unknown>) => {
  const document = parse(query);
  return analyzeOperation(schema, document, getOperationAST(document)!, variables);
};

describe('operation cost', () => {
  it('should cost 1 per object and 0 per scalar', () => {
    expect(cost('{ me { id username } }').cost).toBe(1);
    expect(cost('{ unreadMessageCount }').cost).toBe(0);
    expect(cost('{ __typename }').cost).toBe(0);
  });

  it('should multiply a list by its first argument, capped at its maximum, and its items', () => {
    // connection 1 + 3 × (property 1 + 15 photos) + pageInfo 1
    expect(cost('{ properties(first: 3) { nodes { id photos { url } } pageInfo { hasNextPage } } }').cost).toBe(50);
    expect(cost('query($n: Int) { properties(first: $n) { nodes { id } } }', { n: 7 }).cost).toBe(8);
    expect(cost('{ properties { nodes { id } } }').cost).toBe(21);
    expect(cost('{ properties(first: 100000) { nodes { id } } }').cost).toBe(101);
  });

  it('should assume 25 items for a list without argument', () => {
    expect(cost('{ favorites { favorite { id } property { id } } }').cost).toBe(25 * 3);
  });

  it('should count fragments and aliases', () => {
    expect(cost('query { a: me { id } b: me { ...F } } fragment F on User { id }').cost).toBe(2);
    expect(cost('{ property(id: "1") { ... on Property { photos { url } } } }').cost).toBe(16);
  });

  it('should charge a mutation root field at least 10', () => {
    expect(cost('mutation { removeFavorite(propertyId: "1") }').cost).toBe(10);
    expect(cost('mutation { a: removeFavorite(propertyId: "1") b: removeFavorite(propertyId: "2") }').cost).toBe(20);
  });

  it('should list the root fields and every type reached', () => {
    const a = cost('{ conversation(id: "1") { messages { attachedFiles { id } } } }');
    expect(a.rootFields).toEqual(['conversation']);
    expect(a.types.has('TenantFile')).toBe(true);
  });

  it('should weigh the actual answer by its real objects', () => {
    const analysis = { rootType: 'Query' as const, introspectionKeys: new Set<string>() };
    expect(actualCost({ properties: { nodes: [{ id: '1' }, { id: '2' }] } }, analysis)).toBe(3);
    expect(actualCost({ me: null }, analysis)).toBe(0);
    expect(actualCost({ removeFavorite: true }, { ...analysis, rootType: 'Mutation' })).toBe(10);
  });

  it("should weigh introspection by its answer's size: the whole schema's before, the real answer's after", () => {
    const whole = introspectionEstimate(schema);
    // The schema's whole introspection is well over a hundred KiB: far more than one point.
    expect(whole).toBeGreaterThan(100);
    const a = cost('{ __schema { queryType { name } } me { id } }');
    expect(a.cost).toBe(whole + 1);
    const answer = { __schema: { types: Array.from({ length: 100 }, (_, i) => ({ name: `T${i}`.padEnd(40, 'x') })) } };
    const bytes = JSON.stringify(answer.__schema).length;
    expect(actualCost(answer, { rootType: 'Query', introspectionKeys: a.introspectionKeys })).toBe(
      Math.ceil(bytes / 1024),
    );
  });

  it("should count a variable's default value when the variable is left out", () => {
    expect(cost('query($n: Int = 50) { properties(first: $n) { nodes { id } } }').cost).toBe(51);
    expect(cost('query($n: Int = 50) { properties(first: $n) { nodes { id } } }', { n: 3 }).cost).toBe(4);
  });
});
