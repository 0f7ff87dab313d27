import { useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useLoadDocumentsSubscription as DocumentsSubscription } from "./__generated__/useLoadDocumentsSubscription.graphql";

const subscription = graphql`
  subscription useLoadDocumentsSubscription($loadId: String!) {
    loadDocumentsChanged(loadId: $loadId) {
      id
      ...LoadDocumentRow_document
    }
  }
`;

/** A document filed or deleted by anyone (operator, carrier) replaces the load's list in place. */
export function useLoadDocumentsSubscription(loadId: string) {
  const config = useMemo<GraphQLSubscriptionConfig<DocumentsSubscription>>(
    () => ({
      subscription,
      variables: { loadId },
      updater: (store) => {
        const documents = store.getPluralRootField("loadDocumentsChanged");
        if (documents) store.getRoot().setLinkedRecords(documents, "loadDocuments", { loadId });
      },
    }),
    [loadId],
  );
  useSubscription(config);
}
