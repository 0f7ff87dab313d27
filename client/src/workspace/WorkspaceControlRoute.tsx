import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { Suspense, useState, useTransition } from "react";
import { useSearchParams } from "react-router-dom";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import { PageTitle } from "../ui/PageTitle.tsx";
import { AuditTab } from "./AuditTab.tsx";
import { TAB_LABELS, TABS, tabOf, type WorkspaceTab } from "./criteria.ts";
import { UsersTab } from "./UsersTab.tsx";
import { VettingTab } from "./VettingTab.tsx";
import { WaitlistTab } from "./WaitlistTab.tsx";

const FETCH_FAILED: Record<WorkspaceTab, string> = {
  users: "The users could not be loaded.",
  vetting: "The carriers awaiting approval could not be loaded.",
  waitlist: "The waitlist could not be loaded.",
  audit: "The audit trail could not be loaded.",
};

/** /workspace-control: users and roles, carrier vetting, the sign-up waitlist and the audit trail. */
export default function WorkspaceControlRoute() {
  const [params, setParams] = useSearchParams();
  const [, startTransition] = useTransition();
  const [retries, setRetries] = useState(0);
  const tab = tabOf(params);
  const navigate = (next: URLSearchParams) => startTransition(() => setParams(next));

  return (
    <>
      <PageTitle subtitle="Staff the workspace, vet carriers and see who changed what.">
        Workspace Control
      </PageTitle>
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: WorkspaceTab) =>
            navigate(new URLSearchParams(next === "users" ? "" : `tab=${next}`))
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Workspace Control sections"
        >
          {TABS.map((value) => (
            <Tab key={value} value={value} label={TAB_LABELS[value]} id={`workspace-tab-${value}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" aria-labelledby={`workspace-tab-${tab}`}>
        <ErrorBoundary
          key={`${tab}-${retries}`}
          message={FETCH_FAILED[tab]}
          onRetry={() => setRetries((count) => count + 1)}
        >
          <Suspense fallback={<Loading />}>
            {tab === "users" ? <UsersTab retryKey={retries} /> : null}
            {tab === "vetting" ? <VettingTab retryKey={retries} /> : null}
            {tab === "waitlist" ? <WaitlistTab retryKey={retries} /> : null}
            {tab === "audit" ? <AuditTab retryKey={retries} /> : null}
          </Suspense>
        </ErrorBoundary>
      </Box>
    </>
  );
}
