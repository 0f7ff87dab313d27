import { Suspense } from "react";
import { usePageQuery } from "../relay/usePageQuery.ts";
import { Loading } from "../ui/Loading.tsx";
import MyProfilePageQueryNode, { type MyProfilePageQuery } from "./__generated__/MyProfilePageQuery.graphql";
import { MyProfilePage } from "./MyProfilePage.tsx";

/** /admin/my-profile and /carrier/my-profile: loads the viewer's profile, then shows it. */
export default function MyProfileRoute() {
  const { queryRef } = usePageQuery<MyProfilePageQuery>(MyProfilePageQueryNode, {});
  return (
    <Suspense fallback={<Loading />}>
      {queryRef ? <MyProfilePage queryRef={queryRef} /> : <Loading />}
    </Suspense>
  );
}
