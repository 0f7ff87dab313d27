import Grid from "@mui/material/Grid";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { CarrierCompliancePanel } from "../compliance/CarrierCompliancePanel.tsx";
import { CarrierDocumentsPanel } from "../documents/CarrierDocumentsPanel.tsx";
import { ScorecardPanel } from "../scorecards/ScorecardPanel.tsx";
import { PageTitle } from "../ui/PageTitle.tsx";
import type { MyProfilePageQuery } from "./__generated__/MyProfilePageQuery.graphql";
import { AccountSummary } from "./AccountSummary.tsx";
import { ChangePasswordForm } from "./ChangePasswordForm.tsx";
import { ProfileForm } from "./ProfileForm.tsx";
import { TimezoneClock } from "./TimezoneClock.tsx";

export const myProfilePageQuery = graphql`
  query MyProfilePageQuery {
    checkSession {
      user {
        role
        carrierCompanyId
        ...AccountSummary_user
        ...ProfileForm_user
        ...TimezoneClock_user
      }
    }
    myCompliance {
      ...CarrierCompliancePanel_compliance
    }
    myScorecard {
      ...ScorecardPanel_scorecard
    }
  }
`;

interface MyProfilePageProps {
  queryRef: PreloadedQuery<MyProfilePageQuery>;
}

export function MyProfilePage({ queryRef }: MyProfilePageProps) {
  const { checkSession, myCompliance, myScorecard } = usePreloadedQuery<MyProfilePageQuery>(
    myProfilePageQuery,
    queryRef,
  );
  return (
    <>
      <PageTitle>My Account</PageTitle>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <AccountSummary user={checkSession.user} />
          <TimezoneClock user={checkSession.user} />
          {myScorecard ? <ScorecardPanel scorecard={myScorecard} title="My scorecard" /> : null}
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <ProfileForm user={checkSession.user} />
          <ChangePasswordForm />
          {checkSession.user.role !== "ADMIN" && (
            <CarrierCompliancePanel compliance={myCompliance} title="Your company's compliance" />
          )}
          {checkSession.user.role !== "ADMIN" && checkSession.user.carrierCompanyId && (
            <CarrierDocumentsPanel carrierId={checkSession.user.carrierCompanyId} operator={false} />
          )}
        </Grid>
      </Grid>
    </>
  );
}
