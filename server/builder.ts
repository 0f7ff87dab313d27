import SchemaBuilder from "@pothos/core";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import ErrorsPlugin from "@pothos/plugin-errors";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { dateProblemMessage, readInstant } from "../common/date-time.ts";
import { authFailure, policy } from "./auth/policy.ts";
import type { Context } from "./context.ts";
import { ForbiddenError } from "./errors.ts";
import type PrismaTypes from "./generated/pothos-types.ts";
import { getDatamodel } from "./generated/pothos-types.ts";
import DefaultDescriptionsPlugin from "./graphql/default-descriptions.ts";
import { encodeGlobalId } from "./graphql/ids.ts";
import SyncGlobalIdsPlugin from "./graphql/sync-global-ids.ts";
import { isoTextOf } from "./lib/iso-time.ts";

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: {
    /** Marks an operation as deliberately open to anonymous callers (the schema walk test asks). */
    public: boolean;
    authenticated: boolean;
    admin: boolean;
    carrier: boolean;
    /** The viewer is this user (by database id) or an admin. */
    selfOrAdmin: string;
    /** The viewer is this user (by database id); admins included only when it is them. */
    owner: string;
    /** A driver's trip session (driver app): scoped to one load, no user account. */
    trip: boolean;
  };
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    JSONString: { Input: string; Output: string };
    CsvRows: { Input: (string | null)[][]; Output: (string | null)[][] };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [
    RelayPlugin,
    ScopeAuthPlugin,
    ErrorsPlugin,
    PrismaPlugin,
    DataloaderPlugin,
    DefaultDescriptionsPlugin,
    // Last: innermost, so the other plugins wrap its resolvers as they would the relay ones.
    SyncGlobalIdsPlugin,
  ],
  defaultFieldNullability: false,
  relay: {
    clientMutationId: "omit",
    encodeGlobalID: encodeGlobalId,
    cursorType: "String",
    // node/nodes are defined in graphql/nodes.ts: read rules and limits before any database work.
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    // The Relay plumbing describes itself once here, for every connection and edge.
    idFieldOptions: { description: "The global id (opaque): for `node(id)` and for mutation inputs." },
    nodeTypeOptions: { description: "An object with a global id, refetchable through `node(id)`." },
    pageInfoTypeOptions: { description: "Where a page of a connection sits in the whole list." },
    defaultConnectionTypeOptions: { description: "One page of a list (a Relay connection)." },
    defaultEdgeTypeOptions: { description: "One item of a page, with its cursor." },
    cursorFieldOptions: { description: "Where this item sits: pass it as `after` or `before`." },
    nodeFieldOptions: { description: "The item." },
    edgesFieldOptions: { description: "The items of this page, in order." },
    pageInfoFieldOptions: { description: "Where this page sits in the whole list." },
    hasNextPageFieldOptions: { description: "Whether items follow this page." },
    hasPreviousPageFieldOptions: { description: "Whether items come before this page." },
    startCursorFieldOptions: { description: "The first item's cursor." },
    endCursorFieldOptions: { description: "The last item's cursor." },
    firstArgOptions: { description: "How many items from the start (or after `after`)." },
    lastArgOptions: { description: "How many items from the end (or before `before`)." },
    afterArgOptions: { description: "Items after this cursor." },
    beforeArgOptions: { description: "Items before this cursor." },
  },
  scopeAuth: {
    authorizeOnSubscribe: true,
    runScopesOnType: true,
    // No viewer: 401 (with the session's own reason); a viewer without the right: 403.
    unauthorizedError: (_parent, context) =>
      context.viewer || context.trip ? new ForbiddenError() : authFailure(context),
    authScopes: (context) => ({
      public: true,
      authenticated: policy.isAuthenticated(context.viewer),
      admin: policy.isAdmin(context.viewer),
      carrier: policy.isCarrier(context.viewer),
      selfOrAdmin: (userId) => policy.isSelfOrAdmin(context.viewer, userId),
      owner: (userId) => policy.isOwner(context.viewer, userId),
      trip: context.trip != null,
    }),
  },
  errors: {
    defaultTypes: [],
    defaultResultOptions: { description: "The operation succeeded: `data` holds what it changed." },
    defaultUnionOptions: { description: "The operation's answer: its success, or a typed failure." },
  },
  prisma: {
    client: (context) => context.db,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === "production" ? null : "warn",
  },
});

builder.scalarType("DateTime", {
  description:
    "An instant as ISO 8601 text, answered in UTC (2026-11-22T19:00:00.000Z); input may carry any offset (none: UTC) and must be a real date of the years 2000 to 2100.",
  // Raw-SQL reads may hand over the driver's text or epoch form; answer ISO-8601 either way (the
  // drivers' usual text without a Date: list pages answer a hundred of them).
  serialize: (value) =>
    (typeof value === "string" && isoTextOf(value)) ||
    (value instanceof Date ? value : new Date(value as string | number)).toISOString(),
  // The shared date rule (common/date-time.ts): a real day and time of the years 2000-2100;
  // 2026-02-30 is refused, not read as March 2.
  parseValue: (value) => {
    const date = typeof value === "string" || typeof value === "number" ? readInstant(value) : "format";
    if (!(date instanceof Date)) throw new TypeError(dateProblemMessage(date, "DateTime"));
    return date;
  },
});

builder.scalarType("JSONString", {
  description: "A JSON document carried as a string.",
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== "string") throw new TypeError("JSONString must be a string");
    JSON.parse(value);
    return value;
  },
});

/**
 * An upload's lines as one scalar: graphql-js coerces a `[[String]]` list value by value (and the
 * executor copies it first), a second of main-thread work for 30,000 rows; this checks the same
 * shape in one tight loop.
 */
builder.scalarType("CsvRows", {
  description: "A list of CSV lines, each a list of cells: strings, or null for an empty cell.",
  serialize: (value) => value,
  parseValue: (value) => {
    if (!Array.isArray(value)) throw new TypeError("CsvRows must be a list of lines");
    for (let line = 0; line < value.length; line++) {
      const cells: unknown = value[line];
      if (!Array.isArray(cells)) throw new TypeError(`CsvRows line ${line} must be a list of cells`);
      for (let cell = 0; cell < cells.length; cell++) {
        const text: unknown = cells[cell];
        if (text !== null && typeof text !== "string") {
          throw new TypeError(`CsvRows line ${line}, cell ${cell} must be a string or null`);
        }
      }
    }
    return value as (string | null)[][];
  },
});

/** The builder's type parameters, for helpers that take a field builder (`t`) as their argument. */
export type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

builder.queryType({ description: "What can be read; each field states who may read it." });
builder.mutationType({ description: "What can be changed; typed failures come back as data." });
builder.subscriptionType({ description: "Live events over WebSocket (graphql-ws)." });
