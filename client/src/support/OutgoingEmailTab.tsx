import Chip from "@mui/material/Chip";
import { graphql, useLazyLoadQuery } from "react-relay";
import { OUTBOUND_EMAIL_STATUS_LABELS, OUTBOUND_EMAIL_STATUSES } from "../../../common/mail.ts";
import { ChoiceFilter } from "../ui/list/ChoiceFilter.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { useAddressList } from "../ui/list/useAddressList.ts";
import { useToast } from "../ui/Toast.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { OutgoingEmailTabQuery } from "./__generated__/OutgoingEmailTabQuery.graphql";
import { OUTBOX_LIST } from "./criteria.ts";
import { OUTBOX_COLUMNS, OutgoingEmailRow } from "./OutgoingEmailRow.tsx";
import { usePolledQuery } from "./usePolledQuery.ts";

const query = graphql`
  query OutgoingEmailTabQuery($search: String, $status: OutboundEmailStatus, $page: Int, $pageSize: Int) {
    failedEmailCount
    outboundEmails(search: $search, filter: { status: $status }, page: $page, pageSize: $pageSize) {
      ...usePagedList_page
      edges {
        node {
          id
          ...OutgoingEmailRow_email
        }
      }
    }
  }
`;

/** Statuses change as the workers send (on any instance): the page asks again this often. */
const REFRESH_MS = 5_000;

const STATUS_CHOICES = OUTBOUND_EMAIL_STATUSES.map(
  (status) => [status, OUTBOUND_EMAIL_STATUS_LABELS[status]] as const,
);

interface OutgoingEmailTabProps {
  /** Changes after a failed fetch's retry, so the tab fetches again from the network. */
  retryKey: number;
}

/** The mail outbox: what the platform sent or is sending, its failures, and "Retry now". */
export function OutgoingEmailTab({ retryKey }: OutgoingEmailTabProps) {
  const list = useAddressList(OUTBOX_LIST);
  const { criteria, change } = list;
  const { notify, toast } = useToast({ role: "status" });
  const variables = {
    search: criteria.search.trim() || null,
    status: criteria.filter.status,
    page: criteria.page,
    pageSize: criteria.pageSize,
  };
  const data = useLazyLoadQuery<OutgoingEmailTabQuery>(query, variables, {
    fetchPolicy: "store-and-network",
    fetchKey: retryKey,
  });
  const refreshSoon = usePolledQuery<OutgoingEmailTabQuery>(query, variables, REFRESH_MS);
  const emails = data.outboundEmails;
  list.answered(emails);
  const failed = data.failedEmailCount;

  return (
    <>
      <ListToolbar
        label="Outgoing e-mail"
        searchLabel="Search outgoing e-mail"
        placeholder="Recipient or subject…"
        {...list.search}
        filter={
          <ChoiceFilter
            label="Status"
            anyLabel="All statuses"
            value={criteria.filter.status}
            choices={STATUS_CHOICES}
            onChange={(status) => change({ filter: { status } })}
          />
        }
        after={
          failed > 0 ? (
            <Chip
              color="error"
              label={`${failed} failed`}
              onClick={() => change({ filter: { status: "failed" } })}
              data-testid="failed-email-count"
            />
          ) : null
        }
      />
      <DataTable
        label="Outgoing e-mail"
        columns={OUTBOX_COLUMNS}
        empty="No e-mails here."
        minWidth={960}
        {...list.tableOf(emails, {
          label: "Outgoing e-mail pages",
          noun: "e-mails",
          countTestId: "page-range",
        })}
        loading={list.isPending}
      >
        {emails.edges.map(({ node }) => (
          <OutgoingEmailRow key={node.id} email={node} onNotify={notify} onRetried={refreshSoon} />
        ))}
      </DataTable>
      {toast}
    </>
  );
}
