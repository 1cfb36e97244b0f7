// Codegen document transform: `__typename` in every selection set but the operations' root ones, as Apollo Client's
// cache adds it. The persisted documents (hashes) are then exactly what the client sends and the gateway runs, and
// Apollo's own transform leaves the generated documents (and their `__meta__.hash`) untouched. Unlike the preset's
// addTypenameSelectionDocumentTransform, a subscription's root keeps its single field (a `__typename` there is invalid).
const { Kind, visit } = require('graphql');

const TYPENAME = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };

/** Adds `__typename` like Apollo Client's addTypenameToDocument. */
function addTypename(document) {
  return visit(document, {
    SelectionSet(node, _key, parent) {
      if (parent && parent.kind === Kind.OPERATION_DEFINITION) return undefined;
      // Already there, or an introspection selection: unchanged (Apollo skips them too).
      if (node.selections.some((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__'))) return undefined;
      return { ...node, selections: [...node.selections, TYPENAME] };
    },
  });
}

/** The codegen document transform (codegen.yml `documentTransforms`). */
exports.transform = ({ documents }) =>
  documents.map((d) => (d.document ? { ...d, document: addTypename(d.document) } : d));
