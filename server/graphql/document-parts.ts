import { type DocumentNode, type FragmentDefinitionNode, Kind, type OperationDefinitionNode } from "graphql";

/** The document's fragment definitions by name. */
export function fragmentsByName(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return fragments;
}

/** The operation a request runs: the one named `operationName`, or the first when no name is given. */
export function requestedOperation(
  document: DocumentNode,
  operationName: string | null | undefined,
): OperationDefinitionNode | undefined {
  let operation: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    if (!operationName ? !operation : definition.name?.value === operationName) operation = definition;
  }
  return operation;
}
