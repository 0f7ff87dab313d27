import { Suspense } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { guardDecision } from "../lib/paths.ts";
import { Loading } from "../ui/Loading.tsx";
import { SessionNotices } from "./SessionNotices.tsx";
import { useSession } from "./useSession.ts";

/** The root route: applies the guard rule to every path, then renders the matched screen. */
export function RouteGuard() {
  const location = useLocation();
  const { token, role } = useSession();
  const decision = guardDecision(location.pathname, { token, role }, location);
  return (
    <>
      {decision.kind === "redirect" ? (
        <Navigate replace to={decision.to} />
      ) : (
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      )}
      <SessionNotices />
    </>
  );
}
