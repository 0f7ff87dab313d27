import Typography from "@mui/material/Typography";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
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
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Messages from the landing page's contact form · {open} open
      </Typography>
      <ContactMessageList query={data} />
    </>
  );
}
