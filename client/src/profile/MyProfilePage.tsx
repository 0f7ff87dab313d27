import Grid from "@mui/material/Grid";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { CarrierDocumentsPanel } from "../documents/CarrierDocumentsPanel.tsx";
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
  }
`;

interface MyProfilePageProps {
  queryRef: PreloadedQuery<MyProfilePageQuery>;
}

export function MyProfilePage({ queryRef }: MyProfilePageProps) {
  const { checkSession } = usePreloadedQuery<MyProfilePageQuery>(myProfilePageQuery, queryRef);
  return (
    <>
      <PageTitle>My Account</PageTitle>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <AccountSummary user={checkSession.user} />
          <TimezoneClock user={checkSession.user} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <ProfileForm user={checkSession.user} />
          <ChangePasswordForm />
          {checkSession.user.role !== "ADMIN" && checkSession.user.carrierCompanyId && (
            <CarrierDocumentsPanel carrierId={checkSession.user.carrierCompanyId} operator={false} />
          )}
        </Grid>
      </Grid>
    </>
  );
}
