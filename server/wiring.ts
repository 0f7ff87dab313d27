import { registerAuditLinks } from "./audit/links.ts";
import { accounts } from "./auth/accounts.ts";
import { loadLookup } from "./billing/load-lookup.ts";
import { billNumbersOf, invoiceNumbersOf } from "./billing/store.ts";
import { carrierLabels } from "./carriers/lookup.ts";
import * as routeMembership from "./loads/route-membership.ts";
import { findLoad, loadIdsOf } from "./loads/service.ts";
import { offerLoadIdsOf } from "./offers/labels.ts";
import { loadMembership } from "./routing/load-membership.ts";
import { routeNumbersOf } from "./routing/route-numbers.ts";
import { initialApprovalStatus } from "./users/admin.ts";
import { replacePasswordHash } from "./users/password.ts";
import { readUserById } from "./users/read.ts";
import {
  adoptTemporaryPassword,
  createAccount,
  emailInUse,
  noteSignIn,
  setTemporaryPassword,
  userByEmail,
  userEmailsOf,
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
accounts.plug({
  byId: readUserById,
  byEmail: userByEmail,
  emailInUse,
  newUserId: generateUserId,
  initialApprovalStatus,
  create: createAccount,
  noteSignIn,
  setTemporaryPassword,
  adoptTemporaryPassword,
  replacePasswordHash,
});

/**
 * Which screen an audit row's record opens, by entity type: each label read through the table
 * owner's reader (every domain records into the audit log, so audit cannot import them).
 */
const path = (prefix: string, key: string) => `${prefix}${encodeURIComponent(key)}`;

registerAuditLinks("Load", async (db, ids) =>
  (await loadIdsOf(db, ids)).map((load) => ({
    id: load.id,
    label: load.loadId,
    path: path("/admin/ila/load/", load.loadId),
  })),
);
registerAuditLinks("Carrier", async (db, ids) =>
  (await carrierLabels(db, ids)).map((carrier) => ({
    id: carrier.id,
    label: `${carrier.carrierName} (${carrier.carrierId})`,
    path: path("/admin/ila/carriers/", carrier.carrierId),
  })),
);
registerAuditLinks("Route", async (db, ids) =>
  (await routeNumbersOf(db, ids)).map((route) => ({
    id: route.id,
    label: route.routeNumber,
    path: path("/admin/ila/routing/", route.routeNumber),
  })),
);
registerAuditLinks("Invoice", async (db, ids) =>
  (await invoiceNumbersOf(db, ids)).map((invoice) => ({
    id: invoice.id,
    label: invoice.invoiceNumber,
    path: path("/admin/ila/billing/accounts-receivable/", invoice.invoiceNumber),
  })),
);
registerAuditLinks("Bill", async (db, ids) =>
  (await billNumbersOf(db, ids)).map((bill) => ({
    id: bill.id,
    label: bill.billNumber,
    path: path("/admin/ila/billing/accounts-payable/", bill.billNumber),
  })),
);
registerAuditLinks("Offer", async (db, ids) =>
  (await offerLoadIdsOf(db, ids)).map((offer) => ({
    id: offer.id,
    label: `Offer on ${offer.load.loadId}`,
    path: `${path("/admin/carrier-portal/active-offers/", offer.load.loadId)}/bidders`,
  })),
);
registerAuditLinks("User", async (db, ids) =>
  (await userEmailsOf(db, ids)).map((user) => ({
    id: user.id,
    label: user.email,
    path: path("/workspace-control?tab=users&search=", user.email),
  })),
);
