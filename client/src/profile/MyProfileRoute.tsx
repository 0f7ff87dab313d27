import { Suspense, useEffect } from "react";
import { useQueryLoader } from "react-relay";
import { Loading } from "../ui/Loading.tsx";
import MyProfilePageQueryNode, { type MyProfilePageQuery } from "./__generated__/MyProfilePageQuery.graphql";
import { MyProfilePage } from "./MyProfilePage.tsx";

/** /admin/my-profile and /carrier/my-profile: loads the viewer's profile, then shows it. */
export default function MyProfileRoute() {
  const [queryRef, loadQuery] = useQueryLoader<MyProfilePageQuery>(MyProfilePageQueryNode);
  useEffect(() => loadQuery({}, { fetchPolicy: "store-and-network" }), [loadQuery]);
  return (
    <Suspense fallback={<Loading />}>
      {queryRef ? <MyProfilePage queryRef={queryRef} /> : <Loading />}
    </Suspense>
  );
}
