import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";

export const MAX_DEPTH = 12;
export const MAX_FIELDS = 2000;

/**
 * Refuses documents nested deeper than MAX_DEPTH or selecting more than MAX_FIELDS fields in total
 * (fragments expanded), before anything executes. Introspection stays possible for GraphiQL.
 */
export function queryLimitsRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return {
    OperationDefinition(operation) {
      const counter = { fields: 0 };
      const depth = measure(operation.selectionSet, fragments, counter, new Set());
      if (depth > MAX_DEPTH) {
        context.reportError(
          new GraphQLError(`Query is nested too deeply (${depth} > ${MAX_DEPTH}).`, { nodes: operation }),
        );
      }
      if (counter.fields > MAX_FIELDS) {
        context.reportError(
          new GraphQLError(`Query selects too many fields (${counter.fields} > ${MAX_FIELDS}).`, {
            nodes: operation,
          }),
        );
      }
    },
  };
}

function measure(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  counter: { fields: number },
  visiting: Set<string>,
): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      counter.fields++;
      if (selection.name.value.startsWith("__")) continue;
      const below = selection.selectionSet
        ? measure(selection.selectionSet, fragments, counter, visiting)
        : 0;
      deepest = Math.max(deepest, 1 + below);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, measure(selection.selectionSet, fragments, counter, visiting));
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || visiting.has(name)) continue;
      visiting.add(name);
      deepest = Math.max(deepest, measure(fragment.selectionSet, fragments, counter, visiting));
      visiting.delete(name);
    }
  }
  return deepest;
}
