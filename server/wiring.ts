import { type AuditRecordLink, registerAuditLinks } from "./audit/links.ts";
import { accounts } from "./auth/accounts.ts";
import { tripViewers } from "./auth/trip-viewers.ts";
import { loadLookup } from "./billing/load-lookup.ts";
import { loadMilestones } from "./billing/load-milestones.ts";
import { billNumbersOf, invoiceNumbersOf } from "./billing/store.ts";
import { carrierLabels } from "./carriers/lookup.ts";
import type { Db } from "./db/client.ts";
import { shortenTripLinks } from "./dispatch/store.ts";
import { tripViewerOfToken } from "./dispatch/trip-session.ts";
import { recordMilestones, tripLinksOnDelivery } from "./loads/milestones.ts";
import * as routeMembership from "./loads/route-membership.ts";
import { findLoad, loadIdsOf } from "./loads/service.ts";
import { offerLoadIdsOf } from "./offers/labels.ts";
import { loadMembership } from "./routing/load-membership.ts";
import { routeNumbersOf } from "./routing/route-numbers.ts";
import { initialApprovalStatus } from "./users/admin.ts";
import { replacePasswordHash } from "./users/password.ts";
import { lockUserForSignIn, readUserById } from "./users/read.ts";
import {
  adoptTemporaryPassword,
  createAccount,
  emailInUse,
  noteSignIn,
  setTemporaryPassword,
  userByEmail,
  userEmailsOf,
  userForQuery,
} from "./users/records.ts";
import { generateUserId } from "./users/service.ts";

/**
 * The composition root of the domains: where a lower domain needs a higher one (see lib/port.ts),
 * the owner's service is plugged in here, so no two domains import each other.
 */

loadLookup.plug(
  async (ctx, reference) => (await findLoad(ctx, reference, { select: { id: true } }))?.id ?? null,
);
loadMembership.plug(routeMembership);
loadMilestones.plug(recordMilestones);
tripLinksOnDelivery.plug(shortenTripLinks);
tripViewers.plug(tripViewerOfToken);
accounts.plug({
  byId: readUserById,
  byEmail: userByEmail,
  forQuery: userForQuery,
  emailInUse,
  newUserId: generateUserId,
  initialApprovalStatus,
  create: createAccount,
  noteSignIn,
  setTemporaryPassword,
  adoptTemporaryPassword,
  replacePasswordHash,
  lockForSignIn: lockUserForSignIn,
});

/**
 * Which screen an audit row's record opens, by entity type: each label read through the table
 * owner's reader (every domain records into the audit log, so audit cannot import them).
 */
function linkAudited<Row extends { id: string }>(
  entityType: string,
  read: (db: Db, ids: string[]) => Promise<Row[]>,
  link: (row: Row) => AuditRecordLink,
): void {
  registerAuditLinks(entityType, async (db, ids) =>
    (await read(db, ids)).map((row) => ({ id: row.id, ...link(row) })),
  );
}

const path = (prefix: string, key: string) => `${prefix}${encodeURIComponent(key)}`;

linkAudited("Load", loadIdsOf, (load) => ({
  label: load.loadId,
  path: path("/admin/ila/load/", load.loadId),
}));
linkAudited("Carrier", carrierLabels, (carrier) => ({
  label: `${carrier.carrierName} (${carrier.carrierId})`,
  path: path("/admin/ila/carriers/", carrier.carrierId),
}));
linkAudited("Route", routeNumbersOf, (route) => ({
  label: route.routeNumber,
  path: path("/admin/ila/routing/", route.routeNumber),
}));
linkAudited("Invoice", invoiceNumbersOf, (invoice) => ({
  label: invoice.invoiceNumber,
  path: path("/admin/ila/billing/accounts-receivable/", invoice.invoiceNumber),
}));
linkAudited("Bill", billNumbersOf, (bill) => ({
  label: bill.billNumber,
  path: path("/admin/ila/billing/accounts-payable/", bill.billNumber),
}));
linkAudited("Offer", offerLoadIdsOf, (offer) => ({
  label: `Offer on ${offer.load.loadId}`,
  path: `${path("/admin/carrier-portal/active-offers/", offer.load.loadId)}/bidders`,
}));
linkAudited("User", userEmailsOf, (user) => ({
  label: user.email,
  path: path("/workspace-control?tab=users&search=", user.email),
}));
