import type { ConcreteRequest, Variables } from "relay-runtime";
import { ADMIN_EXTRA_PATHS, ADMIN_HOME, CARRIER_HOME, isAdminRole, isUnder } from "../lib/paths.ts";
import { session } from "../lib/session.ts";
import LoadListPageQueryNode from "../loads/__generated__/LoadListPageQuery.graphql";
import { LOAD_LIST, variablesOf } from "../loads/list-criteria.ts";
import CarrierActiveOffersPageQueryNode from "../offers/__generated__/CarrierActiveOffersPageQuery.graphql";
import CarrierActiveOffersRouteQueryNode from "../offers/__generated__/CarrierActiveOffersRouteQuery.graphql";
import { ACTIVE_OFFER_LIST, offerListVariables } from "../offers/offer-lists.ts";
import { createFetchFunction } from "../relay/network.ts";
import { preloadResponse } from "../relay/preloaded-responses.ts";
import { readCriteria } from "../ui/list/list-url.ts";
import AppLayoutQueryNode from "./layout/__generated__/AppLayoutQuery.graphql";

type Preload = [ConcreteRequest, Variables];

/**
 * The queries a path's screen (and the signed-in frame around it) will ask for, computed from the
 * address as the screens compute them. The two home screens are here: the first screen after a
 * sign-in or a reload; other screens fetch when their code runs.
 */
function queriesFor(pathname: string, search: URLSearchParams, role: string | null): Preload[] {
  const admin = isAdminRole(role);
  const signedInFrame =
    (admin && (isUnder(pathname, "/admin") || ADMIN_EXTRA_PATHS.some((path) => isUnder(pathname, path)))) ||
    (!admin && isUnder(pathname, "/carrier"));
  if (!signedInFrame) return [];
  const queries: Preload[] = [[AppLayoutQueryNode, {}]];
  if (admin && pathname === ADMIN_HOME) {
    queries.push([LoadListPageQueryNode, variablesOf(readCriteria(LOAD_LIST, search))]);
  }
  if (!admin && pathname === CARRIER_HOME) {
    queries.push([CarrierActiveOffersRouteQueryNode, {}]);
    const criteria = readCriteria(ACTIVE_OFFER_LIST, search);
    queries.push([CarrierActiveOffersPageQueryNode, offerListVariables(ACTIVE_OFFER_LIST, criteria)]);
  }
  return queries;
}

const fetchOnce = createFetchFunction(session);
let lastPathname: string | null = null;

/**
 * On every route match: starts the queries of the screen at `location` now, in parallel with its
 * code (relay/preloaded-responses.ts hands the answers to the screen's own fetch). A change of the
 * address's search alone (a filter, a page) is the screen's own business.
 */
export function preloadScreen(location: { pathname: string; search: string }): void {
  if (location.pathname === lastPathname) return;
  lastPathname = location.pathname;
  const { token, role } = session.getState();
  if (!token || !role) return;
  for (const [query, variables] of queriesFor(
    location.pathname,
    new URLSearchParams(location.search),
    role,
  )) {
    preloadResponse(fetchOnce, query.params, variables, token);
  }
}
