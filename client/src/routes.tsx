import { type ComponentType, lazy } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import { RouteBoundary } from "./app/RouteError.tsx";
import { RouteGuard } from "./app/RouteGuard.tsx";
import { ADMIN_HOME, CARRIER_HOME } from "./lib/paths.ts";

/** One screen = one lazily loaded module in its area folder, with its own error panel. */
function screen(path: string, load: () => Promise<{ default: ComponentType }>): RouteObject {
  const Screen = lazy(load);
  return {
    path,
    element: (
      <RouteBoundary>
        <Screen />
      </RouteBoundary>
    ),
  };
}

const AppLayout = lazy(() => import("./app/layout/AppLayout.tsx"));
const notFound = () => import("./app/NotFoundPage.tsx");

// Spec section 2. Keep one line per route: later work replaces the module a line points at.
const publicScreens: RouteObject[] = [
  screen("/", () => import("./landing/LandingPage.tsx")),
  screen("/login", () => import("./auth/LoginPage.tsx")),
  screen("/signup", () => import("./auth/SignupPage.tsx")),
  screen("/forgot-password", () => import("./auth/ForgotPasswordPage.tsx")),
  screen("/unsupported-email", () => import("./auth/UnsupportedEmailPage.tsx")),
  screen("/track/:token", () => import("./tracking/ShipmentTrackingRoute.tsx")),
  screen("/invitation/:token", () => import("./workspace/InvitationRoute.tsx")),
  screen("/setup", () => import("./workspace/SetupRoute.tsx")),
  screen("/revert-email", () => import("./auth/RevertEmailPage.tsx")),
];

const adminScreens: RouteObject[] = [
  screen("ila/load", () => import("./loads/LoadListRoute.tsx")),
  screen("ila/load/manual-assignment/:carrierId", () => import("./loads/ManualAssignmentRoute.tsx")),
  screen("ila/load/:loadId", () => import("./loads/LoadDetailRoute.tsx")),
  screen("ila/routing", () => import("./routing/RoutingRoute.tsx")),
  screen("ila/routing/:routeNumber", () => import("./routing/RouteDetailRoute.tsx")),
  screen("ila/carriers", () => import("./carriers/CarrierListRoute.tsx")),
  screen("ila/carriers/:carrierId", () => import("./carriers/CarrierDetailRoute.tsx")),
  screen("ila/tracking", () => import("./tracking/TrackingRoute.tsx")),
  screen("ila/tracking/:routeNumber", () => import("./tracking/TrackingDetailRoute.tsx")),
  screen("ila/billing", () => import("./billing/BillingListRoute.tsx")),
  screen("ila/billing/accounts-receivable/:invoiceNumber", () => import("./billing/InvoiceDetailRoute.tsx")),
  screen("ila/billing/accounts-payable/:billNumber", () => import("./billing/BillDetailRoute.tsx")),
  screen("carrier-portal/active-offers", () => import("./offers/AdminActiveOffersRoute.tsx")),
  screen("carrier-portal/active-offers/:loadId/bidders", () => import("./offers/BiddersRoute.tsx")),
  screen("carrier-portal/history-logs", () => import("./offers/HistoryLogsRoute.tsx")),
  screen("my-profile", () => import("./profile/MyProfileRoute.tsx")),
];

const carrierScreens: RouteObject[] = [
  screen("carrier-portal/active-offers", () => import("./offers/CarrierActiveOffersRoute.tsx")),
  screen("carrier-portal/confirm-details/:loadId", () => import("./offers/ConfirmDetailsRoute.tsx")),
  screen("carrier-portal/history-wins", () => import("./offers/HistoryWinsRoute.tsx")),
  screen("carrier-portal/my-bills", () => import("./billing/MyBillsRoute.tsx")),
  screen("my-profile", () => import("./profile/MyProfileRoute.tsx")),
];

/** Operator screens outside /admin that the sidebar recognises. */
const workspaceScreens: RouteObject[] = [
  screen("/support-hub", () => import("./support/SupportHubRoute.tsx")),
  screen("/workspace-control", () => import("./workspace/WorkspaceControlRoute.tsx")),
];

export const routes: RouteObject[] = [
  {
    element: (
      <RouteBoundary>
        <RouteGuard />
      </RouteBoundary>
    ),
    children: [
      ...publicScreens,
      {
        path: "/admin",
        element: (
          <RouteBoundary>
            <AppLayout area="admin" />
          </RouteBoundary>
        ),
        children: [
          { index: true, element: <Navigate replace to={ADMIN_HOME} /> },
          ...adminScreens,
          screen("*", notFound),
        ],
      },
      {
        path: "/carrier",
        element: (
          <RouteBoundary>
            <AppLayout area="carrier" />
          </RouteBoundary>
        ),
        children: [
          { index: true, element: <Navigate replace to={CARRIER_HOME} /> },
          ...carrierScreens,
          screen("*", notFound),
        ],
      },
      {
        element: (
          <RouteBoundary>
            <AppLayout area="admin" />
          </RouteBoundary>
        ),
        children: workspaceScreens,
      },
      screen("*", notFound),
    ],
  },
];
