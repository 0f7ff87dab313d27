import type { FragmentDefinitionNode, GraphQLResolveInfo, SelectionSetNode } from "graphql";

type Fragments = Record<string, FragmentDefinitionNode>;

/** The selection sets a field name opens inside `sets`, through fragments and inline fragments. */
function childSets(sets: SelectionSetNode[], name: string, fragments: Fragments): SelectionSetNode[] {
  const found: SelectionSetNode[] = [];
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === "Field") {
        if (selection.name.value === name && selection.selectionSet) found.push(selection.selectionSet);
      } else if (selection.kind === "InlineFragment") visit(selection.selectionSet);
      else {
        const fragment = fragments[selection.name.value];
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  for (const set of sets) visit(set);
  return found;
}

/**
 * The field names the document selects at `path` below the resolving field (e.g. ["edges", "node"]),
 * through fragments and inline fragments. Directives are ignored: a field under @skip counts as
 * selected, which only ever reads more than needed.
 */
export function selectedFieldNames(info: GraphQLResolveInfo, path: readonly string[]): Set<string> {
  let sets = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  for (const name of path) sets = childSets(sets, name, info.fragments);
  const names = new Set<string>();
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === "Field") names.add(selection.name.value);
      else if (selection.kind === "InlineFragment") visit(selection.selectionSet);
      else {
        const fragment = info.fragments[selection.name.value];
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  for (const set of sets) visit(set);
  return names;
}
