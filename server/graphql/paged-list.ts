import type { InputObjectRef, ObjectRef } from "@pothos/core";
import { queryFromInfo } from "@pothos/plugin-prisma";
import { SEARCH_TEXT_MAX } from "../../common/input-text.ts";
import { type BuilderTypes, builder } from "../builder.ts";
import type { Context } from "../context.ts";
import type {
  ListOrder,
  ListRequest,
  NodeQuery,
  OffsetConnection,
  OffsetPageArgs,
  SortDirection,
} from "../lib/paging.ts";
import { isSubsetOf } from "../lib/sets.ts";
import { textLimit } from "./bounded-input.ts";
import { selectedFieldNames } from "./selected-fields.ts";

/**
 * The one list contract of the GraphQL API. Every list a screen pages through is declared with
 * `pagedListField` and so takes the same arguments (search, filter, orderBy {field, direction},
 * page, pageSize; Relay's first/after/last/before address the same rows) and answers the same
 * connection (edges, pageInfo, and the `NumberedPage` fields totalCount, pageCount, page, pageSize).
 * Feeds that only grow (notifications) keep plain cursor connections.
 */

export const SortDirectionEnum = builder.enumType("SortDirection", {
  description: "Which way a list is sorted.",
  values: {
    ASC: { value: "asc" as const, description: "Smallest, earliest or A first." },
    DESC: { value: "desc" as const, description: "Largest, latest or Z first." },
  },
});

const NODE_PATH = ["edges", "node"] as const;

export interface PagedListOptions<Node, Filter, Field extends string> {
  /** The GraphQL type prefix: "Load" gives LoadConnection, LoadOrder, LoadSortField. */
  name: string;
  node: ObjectRef<BuilderTypes, Node>;
  /**
   * The Prisma model behind the node, to turn the selection into a Prisma query; omitted for a
   * node that is not a Prisma object type (its service reads a fixed shape).
   */
  model?: string;
  /**
   * Node fields answered from the row itself (no relation, no `select`): when the document selects
   * only these, the Prisma query would be empty and is not planned (it costs more than the page).
   */
  rowFields?: ReadonlySet<string>;
  description: string;
  authScopes: Partial<BuilderTypes["AuthScopes"]>;
  searchDescription: string;
  filter?: InputObjectRef<BuilderTypes, Filter>;
  /** GraphQL enum value -> the service's sort field. */
  sortFields: Record<string, Field>;
  /** GraphQL enum value -> what it sorts by, for GraphiQL (the schema test asks for every value). */
  sortFieldDescriptions?: Record<string, string>;
  defaultOrder: ListOrder<Field>;
  /** One page, through the domain's page function (`numberedPage`, server/lib/paging.ts). */
  load(
    ctx: Context,
    request: ListRequest<Filter, Field>,
    query: NodeQuery,
    /** The node fields the document selects (edges.node), for lists that read their own columns. */
    nodeFields: Set<string>,
  ): Promise<OffsetConnection<Node>>;
}

interface RawListArgs<Filter, Field extends string> extends OffsetPageArgs {
  search?: string | null;
  filter?: Filter | null;
  orderBy?: { field: Field; direction?: SortDirection | null } | null;
}

type Paged = Pick<OffsetConnection<unknown>, "totalCount" | "page" | "pageSize">;

/**
 * What every list connection says about the page it answered; each `pagedListField` connection
 * implements it, so a client selects these fields with one fragment on the interface.
 */
export const NumberedPageInterface = builder.interfaceRef<Paged>("NumberedPage").implement({
  description: "One numbered page of a list: which page it is and how many rows and pages the list holds.",
  fields: (t) => ({
    totalCount: t.int({
      description: "How many rows match the search and filter, on all pages.",
      resolve: (parent) => parent.totalCount(),
    }),
    pageCount: t.int({
      description: "How many pages of `pageSize` rows the matching rows fill.",
      resolve: async (parent) => Math.ceil((await parent.totalCount()) / parent.pageSize),
    }),
    page: t.exposeInt("page", { description: "This page's 1-based number." }),
    pageSize: t.exposeInt("pageSize", { description: "Rows per page, as asked or the default." }),
  }),
});

/** Declares `Query.<fieldName>` as a numbered-page list. One call per list in a domain's schema.ts. */
export function pagedListField<Node, Filter, Field extends string>(
  fieldName: string,
  options: PagedListOptions<Node, Filter, Field>,
): void {
  const fieldEnum = builder.enumType(`${options.name}SortField`, {
    description: `What the ${fieldName} list can be sorted by.`,
    values: Object.fromEntries(
      Object.entries(options.sortFields).map(([name, value]) => [
        name,
        { value, description: options.sortFieldDescriptions?.[name] },
      ]),
    ) as Record<string, { value: Field }>,
  });
  const order = builder.inputType(`${options.name}Order`, {
    description: `The sort order of the ${fieldName} list.`,
    fields: (t) => ({
      field: t.field({ type: fieldEnum, required: true, description: "What to sort by." }),
      direction: t.field({
        type: SortDirectionEnum,
        defaultValue: "asc",
        description: "Ascending unless DESC is given.",
      }),
    }),
  });
  builder.queryField(fieldName, (t) =>
    t.connection(
      {
        type: options.node,
        description: options.description,
        authScopes: options.authScopes,
        args: {
          search: t.arg.string({
            description: options.searchDescription,
            extensions: textLimit(SEARCH_TEXT_MAX),
          }),
          ...(options.filter
            ? {
                filter: t.arg({
                  type: options.filter as InputObjectRef<BuilderTypes, object>,
                  description:
                    "Only the rows matching every criterion given; omitted criteria do not filter.",
                }),
              }
            : {}),
          orderBy: t.arg({
            type: order,
            description: "The sort order; the list's default order when omitted.",
          }),
          page: t.arg.int({
            description: "1-based page number (with pageSize); not combined with after/before/last.",
          }),
          pageSize: t.arg.int({ description: "Rows per page (50 by default)." }),
        },
        resolve: (_root, args, ctx, info) => {
          const { search, filter, orderBy, ...paging } = args as unknown as RawListArgs<Filter, Field>;
          const nodeFields = selectedFieldNames(info, NODE_PATH);
          const connectionFields = selectedFieldNames(info, []);
          const planned = options.model && !(options.rowFields && isSubsetOf(nodeFields, options.rowFields));
          return options.load(
            ctx,
            {
              search: search?.trim() || null,
              filter: filter ?? null,
              orderBy: orderBy
                ? { field: orderBy.field, direction: orderBy.direction ?? "asc" }
                : options.defaultOrder,
              paging,
              counted: connectionFields.has("totalCount") || connectionFields.has("pageCount"),
            },
            planned
              ? (queryFromInfo({
                  context: ctx,
                  info,
                  path: [...NODE_PATH],
                  typeName: options.model as string,
                }) as NodeQuery)
              : {},
            nodeFields,
          ) as never;
        },
      },
      {
        name: `${options.name}Connection`,
        interfaces: [NumberedPageInterface] as never,
      },
    ),
  );
}
