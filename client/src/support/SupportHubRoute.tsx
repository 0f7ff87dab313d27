import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { Suspense, useState, useTransition } from "react";
import { useSearchParams } from "react-router-dom";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import { PageTitle } from "../ui/PageTitle.tsx";
import { ContactMessagesTab } from "./ContactMessagesTab.tsx";
import { SUPPORT_TAB_LABELS, SUPPORT_TABS, type SupportTab, supportTabOf } from "./criteria.ts";
import { OutgoingEmailTab } from "./OutgoingEmailTab.tsx";

const OUTBOX_FETCH_FAILED = "The outgoing e-mail could not be loaded.";

/** /support-hub: the contact-form inbox and the outbox of the e-mail the platform sends. */
export default function SupportHubRoute() {
  const [params, setParams] = useSearchParams();
  const [, startTransition] = useTransition();
  const [retries, setRetries] = useState(0);
  const tab = supportTabOf(params);
  const handleTab = (next: SupportTab) =>
    startTransition(() => setParams(new URLSearchParams(next === "contact" ? "" : `tab=${next}`)));

  return (
    <>
      <PageTitle subtitle="Visitors' messages and the e-mail the platform sends.">Support Hub</PageTitle>
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: SupportTab) => handleTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Support Hub sections"
        >
          {SUPPORT_TABS.map((value) => (
            <Tab key={value} value={value} label={SUPPORT_TAB_LABELS[value]} id={`support-tab-${value}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" aria-labelledby={`support-tab-${tab}`}>
        {tab === "contact" ? (
          <ContactMessagesTab />
        ) : (
          <ErrorBoundary
            key={retries}
            message={OUTBOX_FETCH_FAILED}
            onRetry={() => setRetries((count) => count + 1)}
          >
            <Suspense fallback={<Loading />}>
              <OutgoingEmailTab retryKey={retries} />
            </Suspense>
          </ErrorBoundary>
        )}
      </Box>
    </>
  );
}
