import type { Db } from "../db/client.ts";

export interface AuditRecordLink {
  /** What the record is called on screen: a load id, a carrier id, an e-mail... */
  label: string;
  /** The client path of the record's screen, when it has one. */
  path: string | null;
}

/** A labelled record of one entity type, as its owning domain reads it. */
export interface LinkedRecord extends AuditRecordLink {
  id: string;
}

/** The owning domain's reader: the labels of a page's ids, one query for all of them. */
export type AuditLinkReader = (db: Db, ids: string[]) => Promise<LinkedRecord[]>;

type Key = `${string}:${string}`;

/**
 * The audit log sits below every domain (each records into it), so it cannot call them: each
 * entity type's reader is registered by the composition root (server/audit-links.ts).
 */
const readers = new Map<string, AuditLinkReader>();

/** Records without a screen of their own: a fixed label and path. */
const FIXED_LINKS: Record<string, AuditRecordLink> = {
  ContactMessage: { label: "Message", path: "/support-hub" },
  UploadBatch: { label: "Upload", path: "/admin/ila/load" },
};

export function registerAuditLinks(entityType: string, reader: AuditLinkReader): void {
  readers.set(entityType, reader);
}

/**
 * Screen links for a page of audit rows: one lookup per entity type on the page (labels only),
 * never one per row, each through the table owner's reader.
 */
export async function linksFor(
  db: Db,
  rows: { entityType: string; entityId: string | null }[],
): Promise<Map<Key, AuditRecordLink>> {
  const idsByType = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!row.entityId || !readers.has(row.entityType)) continue;
    const ids = idsByType.get(row.entityType) ?? new Set<string>();
    ids.add(row.entityId);
    idsByType.set(row.entityType, ids);
  }
  const links = new Map<Key, AuditRecordLink>();
  await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      const read = readers.get(type)!;
      for (const { id, label, path } of await read(db, [...ids])) links.set(`${type}:${id}`, { label, path });
    }),
  );
  for (const row of rows) {
    const fixed = FIXED_LINKS[row.entityType];
    if (fixed && row.entityId && !links.has(`${row.entityType}:${row.entityId}`)) {
      links.set(`${row.entityType}:${row.entityId}`, fixed);
    }
  }
  return links;
}
