import { CARRIER_TYPES, type CarrierKind } from "../../common/carriers.ts";
import { adminsOnly } from "../auth/read-policy.ts";
import { builder } from "../builder.ts";
import { describedValues } from "../graphql/described-values.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { idOrReference } from "../graphql/ids.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import { userForQuery } from "../users/records.ts";
import { UserType } from "../users/schema.ts";
import { normalizeCarrierIdRef } from "./carrier-id.ts";
import { attachDriverByEmail, detachDriver } from "./drivers.ts";
import {
  carrierListFilterOf,
  createCarrier,
  DRIVER_ORDER,
  findCarrierPage,
  updateCarrier,
} from "./service.ts";

export const CarrierTypeEnum = builder.enumType("CarrierType", {
  description: "What a carrier moves freight with.",
  values: describedValues(CARRIER_TYPES, {
    Trucking: "Moves freight by road.",
    Rail: "Moves freight by rail.",
    Air: "Moves freight by air.",
  }),
});

interface CarrierContact {
  name: string;
  phone: string;
  email: string;
}

const CarrierContactType = builder.objectRef<CarrierContact>("CarrierContact").implement({
  description: "The person to call at a carrier.",
  fields: (t) => ({
    name: t.exposeString("name", { description: "The contact's name." }),
    phone: t.exposeString("phone", { description: "E.164, e.g. +12015550123." }),
    email: t.exposeString("email", { description: "The contact's e-mail." }),
  }),
});

export const CarrierNode = builder.prismaNode("Carrier", {
  id: { field: "id" },
  description: "A trucking, rail or air company; its drivers are CARRIER users attached to it.",
  ...readPolicyOptions(adminsOnly),
  fields: (t) => ({
    carrierId: t.exposeString("carrierId", { description: "Readable, generated: CAR-000123." }),
    carrierName: t.exposeString("carrierName", { description: "The company's name." }),
    dotNumber: t.exposeString("dotNumber", { description: "Digits only." }),
    mcNumber: t.exposeString("mcNumber", { description: "Digits only, without the MC- prefix." }),
    type: t.field({
      type: CarrierTypeEnum,
      description: "Trucking, Rail or Air.",
      resolve: (carrier) => carrier.type as CarrierKind,
    }),
    contact: t.field({
      type: CarrierContactType,
      description: "The person to call.",
      resolve: (carrier) => ({
        name: carrier.contactName,
        phone: carrier.contactPhone,
        email: carrier.contactEmail,
      }),
    }),
    drivers: t.relation("drivers", {
      query: { orderBy: DRIVER_ORDER },
      description: "The CARRIER users attached to it.",
    }),
    driverCount: t.relationCount("drivers", { description: "How many drivers are attached." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the carrier was added." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When it last changed." }),
    version: t.exposeInt("version", {
      description:
        "Moves forward with every change of the carrier (its drivers included). Send it back as updateCarrier's expectedVersion: the save is refused (ConflictError) if someone else changed the carrier since.",
    }),
  }),
});

/** A Carrier global id, or the readable carrierId / database id as the REST paths take them. */
export function carrierRefOf(value: string | number): string {
  return idOrReference("Carrier", String(value).trim());
}

/** A User global id, or the userId / database id. */
export function userRefOf(value: string | number): string {
  return idOrReference("User", String(value).trim());
}

const CarrierFilter = builder.inputType("CarrierFilter", {
  description: "Criteria of the carrier list.",
  fields: (t) => ({ type: t.field({ type: CarrierTypeEnum, description: "Only carriers of this type." }) }),
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
  sortFieldDescriptions: {
    CARRIER_NAME: "By name.",
    DOT_NUMBER: "By DOT number.",
    MC_NUMBER: "By MC number.",
    TYPE: "By type.",
    CONTACT_NAME: "By the contact's name.",
    CONTACT_PHONE: "By the contact's phone.",
    CREATED_AT: "By when the carrier was added.",
  },
  defaultOrder: { field: "carrierName", direction: "asc" },
  load: (ctx, request, query) => findCarrierPage(ctx, carrierListFilterOf(request), request.paging, query),
});

builder.queryFields((t) => ({
  carrierByCarrierId: t.prismaField({
    type: CarrierNode,
    nullable: true,
    description: "A carrier by its readable carrierId; null when there is none.",
    authScopes: { admin: true },
    args: {
      carrierId: t.arg.string({
        required: true,
        description: "The readable carrierId, e.g. CAR-000123 (any case).",
      }),
    },
    resolve: (query, _parent, { carrierId }, ctx) =>
      ctx.db.carrier.findUnique({ ...query, where: { carrierId: normalizeCarrierIdRef(carrierId) } }),
  }),
}));

const CreateCarrierInput = builder.inputType("CreateCarrierInput", {
  description: "The Add Carrier form: `contact` is the contact's name; phone and email sit beside it.",
  fields: (t) => ({
    carrierName: t.string({ description: "The company's name." }),
    dotNumber: t.string({
      description: "The USDOT number: 1 to 8 digits (a DOT or USDOT prefix is dropped).",
    }),
    mcNumber: t.string({ description: "The MC number: 1 to 8 digits (an MC prefix is dropped)." }),
    type: t.field({ type: CarrierTypeEnum, description: "Trucking by default." }),
    contact: t.string({ description: "The contact's name." }),
    phone: t.string({ description: "The contact's phone; stored as E.164." }),
    email: t.string({ description: "The contact's e-mail." }),
  }),
});

const CarrierContactInput = builder.inputType("CarrierContactInput", {
  description: "The carrier's contact; only the fields sent change.",
  fields: (t) => ({
    name: t.string({ description: "The contact's name." }),
    phone: t.string({ description: "The contact's phone; stored as E.164." }),
    email: t.string({ description: "The contact's e-mail." }),
  }),
});

const UpdateCarrierInput = builder.inputType("UpdateCarrierInput", {
  description: "Only the fields sent change. `driverIds` (User ids or userIds) replaces the driver set.",
  fields: (t) => ({
    id: t.id({ required: true, description: "The Carrier id (or its carrierId)." }),
    expectedVersion: t.int({
      description:
        "The carrier's version as the editor read it: when the carrier has changed since, nothing is saved and a ConflictError answers. Left out: no check.",
    }),
    carrierName: t.string({ description: "The company's name." }),
    dotNumber: t.string({
      description: "The USDOT number: 1 to 8 digits (a DOT or USDOT prefix is dropped).",
    }),
    mcNumber: t.string({ description: "The MC number: 1 to 8 digits (an MC prefix is dropped)." }),
    type: t.field({ type: CarrierTypeEnum, description: "Trucking, Rail or Air." }),
    contact: t.field({ type: CarrierContactInput, description: "The person to call." }),
    driverIds: t.idList({ description: "The full new driver set: User ids or userIds." }),
  }),
});

const AttachDriverInput = builder.inputType("AttachDriverInput", {
  description: "The carrier and the driver to attach.",
  fields: (t) => ({
    carrierId: t.id({ required: true, description: "The Carrier id (or its carrierId)." }),
    email: t.string({ required: true, description: "The e-mail of a signed-up carrier user." }),
  }),
});

const DetachDriverInput = builder.inputType("DetachDriverInput", {
  description: "The carrier and the driver to detach.",
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
      description: "The changed carrier.",
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
        description: "The carrier, with its new driver list.",
        resolve: (query, payload, _args, ctx) =>
          ctx.db.carrier.findUniqueOrThrow({ ...query, where: { id: payload.carrierId } }),
      }),
      driver: t.prismaField({
        type: UserType,
        description: "The driver that joined or left.",
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
    description: "Adds a carrier; its carrierId is generated.",
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
    description: "Edits a carrier: only the fields sent change; driverIds replaces the driver set.",
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
    description: "Detaches a driver from the carrier (the user account stays).",
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
