import PersonAddIcon from "@mui/icons-material/PersonAdd";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import {
  ACCOUNT_STATUS_LABELS,
  ACCOUNT_STATUSES,
  USER_ROLE_LABELS,
  USER_ROLES,
} from "../../../common/workspace.ts";
import { PAGE_SIZE } from "../lib/pagination.ts";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { UsersTabQuery } from "./__generated__/UsersTabQuery.graphql";
import { USER_SORTS, type UserSort, userCriteria, withChanges } from "./criteria.ts";
import { InviteUserDialog } from "./InviteUserDialog.tsx";
import { PendingInvitations } from "./PendingInvitations.tsx";
import { SearchField } from "./SearchField.tsx";
import type { TabProps } from "./tab-props.ts";
import { USER_COLUMNS, UserRow } from "./UserRow.tsx";
import { useFeedback } from "./useFeedback.tsx";

const query = graphql`
  query UsersTabQuery($search: String, $filter: UserFilter, $orderBy: UserOrder, $page: Int, $pageSize: Int) {
    viewer {
      id
    }
    ...PendingInvitations_query
    users(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize) {
      totalCount
      pageCount
      edges {
        node {
          id
          ...UserRow_user
        }
      }
    }
  }
`;

export function UsersTab({ params, onNavigate, retryKey }: TabProps) {
  const criteria = userCriteria(params);
  const [refreshKey, setRefreshKey] = useState(0);
  const [isPending, startTransition] = useTransition();
  const [inviting, setInviting] = useState(false);
  const { notify, snackbar } = useFeedback();
  const sort = USER_SORTS[criteria.sort];
  const data = useLazyLoadQuery<UsersTabQuery>(
    query,
    {
      search: criteria.search || null,
      filter: { role: criteria.role, status: criteria.status },
      orderBy: { field: sort.field, direction: sort.direction },
      page: criteria.page,
      pageSize: PAGE_SIZE,
    },
    { fetchPolicy: "store-and-network", fetchKey: `${retryKey}-${refreshKey}` },
  );
  const change = (changes: Record<string, string | number | null>) =>
    onNavigate(withChanges(params, changes));
  const refresh = () => startTransition(() => setRefreshKey((key) => key + 1));
  const { totalCount, pageCount, edges } = data.users;

  return (
    <>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center", mb: 2 }}>
        <SearchField
          label="Search users"
          placeholder="E-mail, name, user id or company…"
          value={criteria.search}
          onSearch={(search) => change({ search })}
        />
        <TextField
          select
          size="small"
          label="Role"
          value={criteria.role ?? ""}
          onChange={(event) => change({ role: event.target.value })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All roles</MenuItem>
          {USER_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {USER_ROLE_LABELS[role]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Status"
          value={criteria.status ?? ""}
          onChange={(event) => change({ status: event.target.value })}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {ACCOUNT_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {ACCOUNT_STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Sort"
          value={criteria.sort}
          onChange={(event) =>
            change({ sort: event.target.value === "newest" ? null : (event.target.value as UserSort) })
          }
          sx={{ minWidth: 150 }}
        >
          {Object.entries(USER_SORTS).map(([value, option]) => (
            <MenuItem key={value} value={value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          color="secondary"
          startIcon={<PersonAddIcon />}
          onClick={() => setInviting(true)}
        >
          Invite user
        </Button>
      </Box>
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
        rowCount={edges.length}
        loading={isPending}
        minWidth={1000}
        paging={{
          page: criteria.page,
          pageCount,
          pageSize: PAGE_SIZE,
          totalCount,
          onPage: (page) => change({ page }),
          label: "Users pages",
          countTestId: "page-range",
        }}
      >
        {edges.map(({ node }) => (
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
      {snackbar}
    </>
  );
}
