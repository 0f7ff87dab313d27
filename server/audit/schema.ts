import { decodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "../builder.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import type { AuditRecordLink } from "./links.ts";
import { type AuditChange, type AuditRow, auditVocabulary, findAuditPage } from "./query.ts";

/** A detail screen knows its record by Relay id; the log keeps database ids. */
export function databaseId(entityId: string | null | undefined): string | null | undefined {
  if (!entityId) return entityId;
  try {
    const decoded = decodeGlobalID(entityId);
    if (/^[A-Z][A-Za-z]+$/.test(decoded.typename) && decoded.id) return decoded.id;
  } catch {
    // a database id already
  }
  return entityId;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

const AuditChangeType = builder.objectRef<AuditChange>("AuditChange").implement({
  description: "One changed field: its value before and after, as JSON.",
  fields: (t) => ({
    field: t.exposeString("field", { description: "The field's name." }),
    before: t.string({
      nullable: true,
      description: "The value before, as JSON; null when it had none.",
      resolve: (change) => json(change.from),
    }),
    after: t.string({
      nullable: true,
      description: "The value after, as JSON; null when it has none.",
      resolve: (change) => json(change.to),
    }),
  }),
});

const AuditActorType = builder.objectRef<NonNullable<AuditRow["actor"]>>("AuditActor").implement({
  description: "The user who made a change.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The user's database id." }),
    email: t.exposeString("email", { description: "The user's e-mail." }),
    fullName: t.exposeString("fullName", { nullable: true, description: "The user's name." }),
    role: t.exposeString("role", { description: "ADMIN or CARRIER." }),
  }),
});

const AuditRecordType = builder.objectRef<AuditRecordLink>("AuditRecord").implement({
  description: "The record an entry is about, as a link.",
  fields: (t) => ({
    label: t.exposeString("label", { description: "Its readable name, e.g. a loadId or a carrier's name." }),
    path: t.exposeString("path", { nullable: true, description: "The record's screen in the client." }),
  }),
});

export const AuditEntryType = builder.objectRef<AuditRow>("AuditEntry").implement({
  description: "One write: who, what, which record, when and from where. Append-only.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The entry's database id." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it happened." }),
    action: t.exposeString("action", { description: "What was done, e.g. load.update or user.disable." }),
    entityType: t.exposeString("entityType", { description: "The kind of record: Load, Carrier, User..." }),
    entityId: t.exposeString("entityId", { nullable: true, description: "The record's database id." }),
    ip: t.exposeString("ip", { nullable: true, description: "The client address of the request." }),
    details: t.expose("details", {
      type: "JSONString",
      nullable: true,
      description: "What else the action recorded, as JSON.",
    }),
    actor: t.field({
      type: AuditActorType,
      nullable: true,
      description: "Who did it; null for the system.",
      resolve: (row) => row.actor,
    }),
    changes: t.field({
      type: [AuditChangeType],
      description: "The fields it changed; empty when none were recorded.",
      resolve: (row) => row.changes,
    }),
    record: t.field({
      type: AuditRecordType,
      nullable: true,
      description: "A link to the record, when it still exists.",
      resolve: (row) => row.record,
    }),
    summary: t.string({
      nullable: true,
      description: "One line for an entry without field changes, e.g. the bulk upload that touched a load.",
      resolve: (row) => row.summary ?? null,
    }),
  }),
});

const AuditFilter = builder.inputType("AuditFilter", {
  description: "Criteria of the audit log; all given ones must hold.",
  fields: (t) => ({
    actor: t.string({ description: "E-mail or name of who did it (contains)." }),
    entityType: t.string({ description: "Load, Carrier, User, Route, Invoice, Bill, Offer..." }),
    entityId: t.string({ description: "The record's id, Relay or database (a History panel)." }),
    action: t.string({ description: "Action name or prefix, e.g. `load.` or `user.disable`." }),
    from: t.field({ type: "DateTime", description: "At or after this instant." }),
    to: t.field({ type: "DateTime", description: "At or before this instant." }),
  }),
});

const AuditVocabularyType = builder
  .objectRef<{ entityTypes: string[]; actions: string[] }>("AuditVocabulary")
  .implement({
    description: "The values present in the audit log, for its filter menus.",
    fields: (t) => ({
      entityTypes: t.exposeStringList("entityTypes", { description: "Every entity type logged." }),
      actions: t.exposeStringList("actions", { description: "Every action logged." }),
    }),
  });

pagedListField("auditLog", {
  name: "AuditEntry",
  node: AuditEntryType,
  description: "The audit trail, newest first, 50 a page. With entityType + entityId: one record's history.",
  authScopes: { admin: true },
  searchDescription: "Action, record id, details text or address.",
  filter: AuditFilter,
  sortFields: { CREATED_AT: "createdAt" },
  sortFieldDescriptions: { CREATED_AT: "By when it happened." },
  defaultOrder: { field: "createdAt", direction: "desc" },
  load: (ctx, { search, filter, paging }) =>
    findAuditPage(ctx, { search, ...filter, entityId: databaseId(filter?.entityId) }, paging),
});

builder.queryFields((t) => ({
  auditVocabulary: t.field({
    type: AuditVocabularyType,
    description: "The entity types and actions present in the log (filter menus).",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => auditVocabulary(ctx),
  }),
}));
