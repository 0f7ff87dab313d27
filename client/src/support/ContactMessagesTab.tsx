import { Suspense } from "react";
import { usePageQuery } from "../relay/usePageQuery.ts";
import { Loading } from "../ui/Loading.tsx";
import ContactMessagesPageQueryNode, {
  type ContactMessagesPageQuery,
} from "./__generated__/ContactMessagesPageQuery.graphql";
import { ContactMessagesPage } from "./ContactMessagesPage.tsx";

/** The Support Hub's first tab: the operators' inbox of contact-form messages, open ones first. */
export function ContactMessagesTab() {
  const { queryRef } = usePageQuery<ContactMessagesPageQuery>(ContactMessagesPageQueryNode, {
    status: "OPEN",
  });
  return (
    <Suspense fallback={<Loading />}>
      {queryRef ? <ContactMessagesPage queryRef={queryRef} /> : <Loading />}
    </Suspense>
  );
}
