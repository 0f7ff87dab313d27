import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { PageTitle } from "../ui/PageTitle.tsx";
import type { LoadListPageQuery } from "./__generated__/LoadListPageQuery.graphql";
import { LastUpdate } from "./LastUpdate.tsx";
import { LoadTable } from "./LoadTable.tsx";
import { DEFAULT_STREAM } from "./messages.ts";

export const loadListPageQuery = graphql`
  query LoadListPageQuery(
    $search: String
    $filter: LoadFilter
    $orderBy: LoadOrder
    $page: Int
    $pageSize: Int
  ) {
    lastUpload {
      ...LastUpdate_upload
    }
    ...LoadTable_query
      @arguments(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize)
  }
`;

interface LoadListPageProps {
  queryRef: PreloadedQuery<LoadListPageQuery>;
}

export function LoadListPage({ queryRef }: LoadListPageProps) {
  const data = usePreloadedQuery<LoadListPageQuery>(loadListPageQuery, queryRef);
  return (
    <>
      <PageTitle>ILA / Load</PageTitle>
      <Paper
        variant="outlined"
        sx={{
          px: 2,
          py: 1.5,
          mb: 2,
          display: "flex",
          flexWrap: "wrap",
          alignItems: "center",
          gap: { xs: 1, sm: 3 },
        }}
      >
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            Carrier
          </Typography>
          <Typography
            variant="subtitle1"
            component="p"
            sx={{ fontWeight: 700 }}
            data-testid="load-list-carrier"
          >
            {DEFAULT_STREAM}
          </Typography>
        </Box>
        <LastUpdate upload={data.lastUpload ?? null} />
      </Paper>
      <LoadTable query={data} />
    </>
  );
}
