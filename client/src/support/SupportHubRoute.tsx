import { Suspense } from "react";
import { usePageQuery } from "../relay/usePageQuery.ts";
import { Loading } from "../ui/Loading.tsx";
import ContactMessagesPageQueryNode, {
  type ContactMessagesPageQuery,
} from "./__generated__/ContactMessagesPageQuery.graphql";
import { ContactMessagesPage } from "./ContactMessagesPage.tsx";

/** /support-hub: the operators' inbox of contact-form messages. */
export default function SupportHubRoute() {
  const { queryRef } = usePageQuery<ContactMessagesPageQuery>(ContactMessagesPageQueryNode, {
    status: "OPEN",
  });
  return (
    <Suspense fallback={<Loading />}>
      {queryRef ? <ContactMessagesPage queryRef={queryRef} /> : <Loading />}
    </Suspense>
  );
}
