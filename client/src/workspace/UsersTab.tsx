import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import {
  ACCOUNT_STATUS_LABELS,
  ACCOUNT_STATUSES,
  USER_ROLE_LABELS,
  USER_ROLES,
} from "../../../common/workspace.ts";
import { ChoiceFilter } from "../ui/list/ChoiceFilter.tsx";
import { ListAction } from "../ui/list/ListAction.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { useAddressList } from "../ui/list/useAddressList.ts";
import { useToast } from "../ui/Toast.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { UsersTabQuery } from "./__generated__/UsersTabQuery.graphql";
import { USER_LIST, USER_SORTS, type UserSortField } from "./criteria.ts";
import { InviteUserDialog } from "./InviteUserDialog.tsx";
import { PendingInvitations } from "./PendingInvitations.tsx";
import type { TabProps } from "./tab-props.ts";
import { USER_COLUMNS, UserRow } from "./UserRow.tsx";

const query = graphql`
  query UsersTabQuery($search: String, $filter: UserFilter, $orderBy: UserOrder, $page: Int, $pageSize: Int) {
    viewer {
      id
    }
    ...PendingInvitations_query
    users(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize) {
      ...usePagedList_page
      edges {
        node {
          id
          ...UserRow_user
        }
      }
    }
  }
`;

const ROLE_CHOICES = USER_ROLES.map((role) => [role, USER_ROLE_LABELS[role]] as const);
const STATUS_CHOICES = ACCOUNT_STATUSES.map((status) => [status, ACCOUNT_STATUS_LABELS[status]] as const);

export function UsersTab({ retryKey }: TabProps) {
  const list = useAddressList(USER_LIST);
  const { criteria, change } = list;
  const [refreshKey, setRefreshKey] = useState(0);
  const [isRefreshing, startTransition] = useTransition();
  const [inviting, setInviting] = useState(false);
  const { notify, toast } = useToast({ role: "status" });
  const data = useLazyLoadQuery<UsersTabQuery>(
    query,
    {
      search: criteria.search.trim() || null,
      filter: criteria.filter,
      orderBy: criteria.sort,
      page: criteria.page,
      pageSize: criteria.pageSize,
    },
    { fetchPolicy: "store-and-network", fetchKey: `${retryKey}-${refreshKey}` },
  );
  const refresh = () => startTransition(() => setRefreshKey((key) => key + 1));
  const users = data.users;
  list.answered(users);

  return (
    <>
      <ListToolbar<UserSortField>
        label="Users"
        searchLabel="Search users"
        placeholder="E-mail, name, user id or company…"
        {...list.search}
        filter={
          <>
            <ChoiceFilter
              label="Role"
              anyLabel="All roles"
              value={criteria.filter.role}
              choices={ROLE_CHOICES}
              onChange={(role) => change({ filter: { ...criteria.filter, role } })}
            />
            <ChoiceFilter
              label="Status"
              anyLabel="All statuses"
              value={criteria.filter.status}
              choices={STATUS_CHOICES}
              minWidth={170}
              onChange={(status) => change({ filter: { ...criteria.filter, status } })}
            />
          </>
        }
        sort={list.sortMenu(USER_SORTS)}
      >
        <ListAction icon={<PersonAddIcon />} onClick={() => setInviting(true)}>
          Invite user
        </ListAction>
      </ListToolbar>
      <PendingInvitations
        query={data}
        onChanged={(message) => {
          notify(message);
          refresh();
        }}
        onFailed={(message) => notify(message, "error")}
      />
      <DataTable
        label="Users"
        columns={USER_COLUMNS}
        empty="No users found."
        minWidth={1000}
        {...list.tableOf(users, { label: "Users pages", countTestId: "page-range" })}
        loading={list.isPending || isRefreshing}
      >
        {users.edges.map(({ node }) => (
          <UserRow key={node.id} user={node} isViewer={node.id === data.viewer?.id} onNotify={notify} />
        ))}
      </DataTable>
      <InviteUserDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(email) => {
          setInviting(false);
          notify(`Invitation sent to ${email}. The link works once within 72 hours.`);
          refresh();
        }}
      />
      {toast}
    </>
  );
}
