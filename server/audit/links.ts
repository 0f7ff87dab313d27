import { billNumbersOf, invoiceNumbersOf } from "../billing/store.ts";
import { carrierLabels } from "../carriers/lookup.ts";
import type { Db } from "../db/client.ts";
import { loadIdsOf } from "../loads/service.ts";
import { offerLoadIdsOf } from "../offers/labels.ts";
import { routeNumbersOf } from "../routing/route-numbers.ts";
import { userEmailsOf } from "../users/records.ts";

export interface AuditRecordLink {
  /** What the record is called on screen: a load id, a carrier id, an e-mail... */
  label: string;
  /** The client path of the record's screen, when it has one. */
  path: string | null;
}

type Key = `${string}:${string}`;

/**
 * Screen links for a page of audit rows: one lookup per entity type on the page (labels only),
 * never one per row, each through the table owner's reader.
 */
export async function linksFor(
  db: Db,
  rows: { entityType: string; entityId: string | null }[],
): Promise<Map<Key, AuditRecordLink>> {
  const idsOf = (type: string) => [
    ...new Set(rows.filter((row) => row.entityType === type && row.entityId).map((row) => row.entityId!)),
  ];
  const links = new Map<Key, AuditRecordLink>();
  const put = (type: string, id: string, link: AuditRecordLink) => links.set(`${type}:${id}`, link);
  const lookups: Promise<void>[] = [];
  const loadIds = idsOf("Load");
  if (loadIds.length) {
    lookups.push(
      loadIdsOf(db, loadIds).then((found) => {
        for (const load of found) {
          put("Load", load.id, {
            label: load.loadId,
            path: `/admin/ila/load/${encodeURIComponent(load.loadId)}`,
          });
        }
      }),
    );
  }
  const carrierIds = idsOf("Carrier");
  if (carrierIds.length) {
    lookups.push(
      carrierLabels(db, carrierIds).then((found) => {
        for (const carrier of found) {
          put("Carrier", carrier.id, {
            label: `${carrier.carrierName} (${carrier.carrierId})`,
            path: `/admin/ila/carriers/${encodeURIComponent(carrier.carrierId)}`,
          });
        }
      }),
    );
  }
  const routeIds = idsOf("Route");
  if (routeIds.length) {
    lookups.push(
      routeNumbersOf(db, routeIds).then((found) => {
        for (const route of found) {
          put("Route", route.id, {
            label: route.routeNumber,
            path: `/admin/ila/routing/${encodeURIComponent(route.routeNumber)}`,
          });
        }
      }),
    );
  }
  const invoiceIds = idsOf("Invoice");
  if (invoiceIds.length) {
    lookups.push(
      invoiceNumbersOf(db, invoiceIds).then((found) => {
        for (const invoice of found) {
          put("Invoice", invoice.id, {
            label: invoice.invoiceNumber,
            path: `/admin/ila/billing/accounts-receivable/${encodeURIComponent(invoice.invoiceNumber)}`,
          });
        }
      }),
    );
  }
  const billIds = idsOf("Bill");
  if (billIds.length) {
    lookups.push(
      billNumbersOf(db, billIds).then((found) => {
        for (const bill of found) {
          put("Bill", bill.id, {
            label: bill.billNumber,
            path: `/admin/ila/billing/accounts-payable/${encodeURIComponent(bill.billNumber)}`,
          });
        }
      }),
    );
  }
  const offerIds = idsOf("Offer");
  if (offerIds.length) {
    lookups.push(
      offerLoadIdsOf(db, offerIds).then((found) => {
        for (const offer of found) {
          put("Offer", offer.id, {
            label: `Offer on ${offer.load.loadId}`,
            path: `/admin/carrier-portal/active-offers/${encodeURIComponent(offer.load.loadId)}/bidders`,
          });
        }
      }),
    );
  }
  const userIds = idsOf("User");
  if (userIds.length) {
    lookups.push(
      userEmailsOf(db, userIds).then((found) => {
        for (const user of found) {
          put("User", user.id, {
            label: user.email,
            path: `/workspace-control?tab=users&search=${encodeURIComponent(user.email)}`,
          });
        }
      }),
    );
  }
  await Promise.all(lookups);
  for (const row of rows) {
    if (!row.entityId || links.has(`${row.entityType}:${row.entityId}`)) continue;
    if (row.entityType === "ContactMessage")
      put(row.entityType, row.entityId, { label: "Message", path: "/support-hub" });
    if (row.entityType === "UploadBatch")
      put(row.entityType, row.entityId, { label: "Upload", path: "/admin/ila/load" });
  }
  return links;
}
