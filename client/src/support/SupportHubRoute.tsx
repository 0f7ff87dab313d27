import { Suspense, useEffect } from "react";
import { useQueryLoader } from "react-relay";
import { Loading } from "../ui/Loading.tsx";
import ContactMessagesPageQueryNode, {
  type ContactMessagesPageQuery,
} from "./__generated__/ContactMessagesPageQuery.graphql";
import { ContactMessagesPage } from "./ContactMessagesPage.tsx";

/** /support-hub: the operators' inbox of contact-form messages. */
export default function SupportHubRoute() {
  const [queryRef, loadQuery] = useQueryLoader<ContactMessagesPageQuery>(ContactMessagesPageQueryNode);
  useEffect(() => loadQuery({ status: "OPEN" }, { fetchPolicy: "store-and-network" }), [loadQuery]);
  return (
    <Suspense fallback={<Loading />}>
      {queryRef ? <ContactMessagesPage queryRef={queryRef} /> : <Loading />}
    </Suspense>
  );
}
