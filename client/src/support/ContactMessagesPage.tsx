import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { PageTitle } from "../ui/PageTitle.tsx";
import type { ContactMessagesPageQuery } from "./__generated__/ContactMessagesPageQuery.graphql";
import { ContactMessageList } from "./ContactMessageList.tsx";

export const contactMessagesPageQuery = graphql`
  query ContactMessagesPageQuery($status: ContactMessageStatus) {
    openContactMessageCount
    ...ContactMessageList_query @arguments(status: $status)
  }
`;

interface ContactMessagesPageProps {
  queryRef: PreloadedQuery<ContactMessagesPageQuery>;
}

export function ContactMessagesPage({ queryRef }: ContactMessagesPageProps) {
  const data = usePreloadedQuery<ContactMessagesPageQuery>(contactMessagesPageQuery, queryRef);
  const open = data.openContactMessageCount;
  return (
    <>
      <PageTitle subtitle={`Messages from the landing page's contact form · ${open} open`}>
        Support Hub
      </PageTitle>
      <ContactMessageList query={data} />
    </>
  );
}
