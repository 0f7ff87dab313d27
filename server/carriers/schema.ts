import { decodeGlobalID } from "@pothos/plugin-relay";
import { CARRIER_TYPES, type CarrierKind } from "../../common/carriers.ts";
import { builder } from "../builder.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import { userForQuery } from "../users/records.ts";
import { UserType } from "../users/schema.ts";
import { normalizeCarrierIdRef } from "./carrier-id.ts";
import { attachDriverByEmail, detachDriver } from "./drivers.ts";
import { createCarrier, DRIVER_ORDER, findCarrierPage, updateCarrier } from "./service.ts";

export const CarrierTypeEnum = builder.enumType("CarrierType", {
  description: "What a carrier moves freight with.",
  values: CARRIER_TYPES,
});

interface CarrierContact {
  name: string;
  phone: string;
  email: string;
}

const CarrierContactType = builder.objectRef<CarrierContact>("CarrierContact").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    phone: t.exposeString("phone", { description: "E.164, e.g. +12015550123." }),
    email: t.exposeString("email"),
  }),
});

export const CarrierNode = builder.prismaNode("Carrier", {
  id: { field: "id" },
  description: "A trucking, rail or air company; its drivers are CARRIER users attached to it.",
  authScopes: { admin: true },
  fields: (t) => ({
    carrierId: t.exposeString("carrierId", { description: "Readable, generated: CAR-000123." }),
    carrierName: t.exposeString("carrierName"),
    dotNumber: t.exposeString("dotNumber", { description: "Digits only." }),
    mcNumber: t.exposeString("mcNumber", { description: "Digits only, without the MC- prefix." }),
    type: t.field({ type: CarrierTypeEnum, resolve: (carrier) => carrier.type as CarrierKind }),
    contact: t.field({
      type: CarrierContactType,
      resolve: (carrier) => ({
        name: carrier.contactName,
        phone: carrier.contactPhone,
        email: carrier.contactEmail,
      }),
    }),
    drivers: t.relation("drivers", { query: { orderBy: DRIVER_ORDER } }),
    driverCount: t.relationCount("drivers"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

/** A Carrier global id, or the readable carrierId / database id as the REST paths take them. */
export function carrierRefOf(value: string | number): string {
  return refOf("Carrier", String(value));
}

/** A User global id, or the userId / database id. */
export function userRefOf(value: string | number): string {
  return refOf("User", String(value));
}

function refOf(typename: string, value: string): string {
  try {
    const decoded = decodeGlobalID(value);
    if (decoded.typename === typename && decoded.id) return decoded.id;
  } catch {
    // not a global id: a readable id or a database id
  }
  return value.trim();
}

const CarrierFilter = builder.inputType("CarrierFilter", {
  fields: (t) => ({ type: t.field({ type: CarrierTypeEnum }) }),
});

pagedListField("carriers", {
  name: "Carrier",
  node: CarrierNode,
  model: "Carrier",
  description: "The carrier list: 50 a page, by name unless `orderBy` says otherwise.",
  authScopes: { admin: true },
  searchDescription: "Name, carrierId, DOT #, MC #, contact name, phone or e-mail.",
  filter: CarrierFilter,
  sortFields: {
    CARRIER_NAME: "carrierName",
    DOT_NUMBER: "dotNumber",
    MC_NUMBER: "mcNumber",
    TYPE: "type",
    CONTACT_NAME: "contactName",
    CONTACT_PHONE: "contactPhone",
    CREATED_AT: "createdAt",
  },
  defaultOrder: { field: "carrierName", direction: "asc" },
  load: findCarrierPage,
});

builder.queryFields((t) => ({
  carrierByCarrierId: t.prismaField({
    type: CarrierNode,
    nullable: true,
    authScopes: { admin: true },
    args: { carrierId: t.arg.string({ required: true }) },
    resolve: (query, _parent, { carrierId }, ctx) =>
      ctx.db.carrier.findUnique({ ...query, where: { carrierId: normalizeCarrierIdRef(carrierId) } }),
  }),
}));

const CreateCarrierInput = builder.inputType("CreateCarrierInput", {
  description: "The Add Carrier form: `contact` is the contact's name; phone and email sit beside it.",
  fields: (t) => ({
    carrierName: t.string(),
    dotNumber: t.string(),
    mcNumber: t.string(),
    type: t.field({ type: CarrierTypeEnum, description: "Trucking by default." }),
    contact: t.string(),
    phone: t.string(),
    email: t.string(),
  }),
});

const CarrierContactInput = builder.inputType("CarrierContactInput", {
  fields: (t) => ({ name: t.string(), phone: t.string(), email: t.string() }),
});

const UpdateCarrierInput = builder.inputType("UpdateCarrierInput", {
  description: "Only the fields sent change. `driverIds` (User ids or userIds) replaces the driver set.",
  fields: (t) => ({
    id: t.id({ required: true, description: "The Carrier id (or its carrierId)." }),
    carrierName: t.string(),
    dotNumber: t.string(),
    mcNumber: t.string(),
    type: t.field({ type: CarrierTypeEnum }),
    contact: t.field({ type: CarrierContactInput }),
    driverIds: t.idList(),
  }),
});

const AttachDriverInput = builder.inputType("AttachDriverInput", {
  fields: (t) => ({
    carrierId: t.id({ required: true, description: "The Carrier id (or its carrierId)." }),
    email: t.string({ required: true, description: "The e-mail of a signed-up carrier user." }),
  }),
});

const DetachDriverInput = builder.inputType("DetachDriverInput", {
  fields: (t) => ({
    carrierId: t.id({ required: true, description: "The Carrier id (or its carrierId)." }),
    userId: t.id({ required: true, description: "The driver's User id (or userId)." }),
  }),
});

const CarrierPayload = builder.objectRef<{ carrierId: string }>("CarrierPayload").implement({
  description: "The changed carrier, drivers included.",
  fields: (t) => ({
    carrier: t.prismaField({
      type: CarrierNode,
      resolve: (query, payload, _args, ctx) =>
        ctx.db.carrier.findUniqueOrThrow({ ...query, where: { id: payload.carrierId } }),
    }),
  }),
});

const CarrierDriverPayload = builder
  .objectRef<{ carrierId: string; driverId: string }>("CarrierDriverPayload")
  .implement({
    description: "The carrier with its new driver list, and the driver that joined or left.",
    fields: (t) => ({
      carrier: t.prismaField({
        type: CarrierNode,
        resolve: (query, payload, _args, ctx) =>
          ctx.db.carrier.findUniqueOrThrow({ ...query, where: { id: payload.carrierId } }),
      }),
      driver: t.prismaField({
        type: UserType,
        resolve: (query, payload, _args, ctx) => userForQuery(ctx.db, payload.driverId, query),
      }),
    }),
  });

/** GraphQL nulls of optional inputs mean "not sent" except where a form can clear a value. */
function sent<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

builder.mutationFields((t) => ({
  createCarrier: t.field({
    type: CarrierPayload,
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CreateCarrierInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const carrier = await createCarrier(ctx, sent(input));
      return { carrierId: carrier.id };
    },
  }),
  updateCarrier: t.field({
    type: CarrierPayload,
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: UpdateCarrierInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { id, driverIds, contact, ...fields } = input;
      const carrier = await updateCarrier(ctx, carrierRefOf(id), {
        ...sent(fields),
        ...(contact ? { contact: sent(contact) } : contact === null ? { contact: null } : {}),
        ...(driverIds ? { drivers: driverIds.map(userRefOf) } : {}),
      });
      return { carrierId: carrier.id };
    },
  }),
  attachDriver: t.field({
    type: CarrierDriverPayload,
    description: "Attaches a signed-up carrier user (by e-mail) as a driver of the carrier.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: AttachDriverInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { carrier, driver } = await attachDriverByEmail(ctx, carrierRefOf(input.carrierId), {
        email: input.email,
      });
      return { carrierId: carrier.id, driverId: driver.id };
    },
  }),
  detachDriver: t.field({
    type: CarrierDriverPayload,
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: DetachDriverInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { carrier, driver } = await detachDriver(
        ctx,
        carrierRefOf(input.carrierId),
        userRefOf(input.userId),
      );
      return { carrierId: carrier.id, driverId: driver.id };
    },
  }),
}));

builder.subscriptionField("carrierChanged", (t) =>
  t.prismaField({
    type: CarrierNode,
    description: "A carrier after it was created or changed (drivers included), for every admin screen.",
    authScopes: { admin: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe("carriers"),
    resolve: (query, event: { carrierId: string }, _args, ctx) =>
      ctx.db.carrier.findUniqueOrThrow({ ...query, where: { id: event.carrierId } }),
  }),
);
