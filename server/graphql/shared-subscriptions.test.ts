import { type ExecutionResult, GraphQLObjectType, GraphQLSchema, GraphQLString, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { createAppPubSub } from "../pubsub.ts";
import { schema as appSchema } from "../schema.ts";
import { SAME_FOR_ROLE, selectsOnlySameForRole, subscribeSharingAnswers } from "./shared-subscriptions.ts";

type Viewer = { id: string; role: "ADMIN" | "CARRIER" };

/** A toy schema: `value` depends on the role only (and says so), `mine` on who is asking. */
function toySchema() {
  const calls = { value: 0 };
  const pubsub = createAppPubSub(undefined);
  const Thing = new GraphQLObjectType<{ carrierId: string }, { viewer: Viewer }>({
    name: "Thing",
    fields: {
      value: {
        type: GraphQLString,
        extensions: SAME_FOR_ROLE,
        resolve: (event, _args, ctx) => {
          calls.value++;
          return `${event.carrierId} for ${ctx.viewer.role}`;
        },
      },
      mine: { type: GraphQLString, resolve: (_event, _args, ctx) => ctx.viewer.id },
    },
  });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: "Query", fields: { ok: { type: GraphQLString } } }),
    subscription: new GraphQLObjectType({
      name: "Subscription",
      fields: {
        thing: {
          type: Thing,
          extensions: SAME_FOR_ROLE,
          subscribe: () => pubsub.subscribe("carriers"),
          resolve: (event) => event,
        },
      },
    }),
  });
  return { schema, pubsub, calls };
}

const viewers: Viewer[] = [
  { id: "carrier-a", role: "CARRIER" },
  { id: "carrier-b", role: "CARRIER" },
  { id: "carrier-c", role: "CARRIER" },
  { id: "admin", role: "ADMIN" },
];

async function firstAnswers(text: string) {
  const toy = toySchema();
  const streams = await Promise.all(
    viewers.map(async (viewer) => {
      // Each subscriber parses its own copy of the text, as separate sockets do.
      const stream = await subscribeSharingAnswers({
        schema: toy.schema,
        document: parse(text),
        contextValue: { viewer },
      });
      if (!(Symbol.asyncIterator in stream)) throw new Error(JSON.stringify(stream));
      return stream;
    }),
  );
  toy.pubsub.publish("carriers", { carrierId: "c1" });
  const answers = await Promise.all(streams.map((stream) => stream.next()));
  await Promise.all(streams.map((stream) => stream.return()));
  return { answers: answers.map((step) => (step.value as ExecutionResult).data), calls: toy.calls.value };
}

describe("shared subscription answers", () => {
  it("executes an event once per role when every selected field depends on the role at most", async () => {
    const { answers, calls } = await firstAnswers("subscription { thing { value } }");
    expect(calls).toBe(2);
    expect(answers).toEqual([
      { thing: { value: "c1 for CARRIER" } },
      { thing: { value: "c1 for CARRIER" } },
      { thing: { value: "c1 for CARRIER" } },
      { thing: { value: "c1 for ADMIN" } },
    ]);
  });

  it("executes an event for each subscriber when a selected field depends on who asks", async () => {
    const { answers, calls } = await firstAnswers("subscription { thing { value mine } }");
    expect(calls).toBe(4);
    expect(answers.map((data) => (data?.thing as { mine: string } | undefined)?.mine)).toEqual(
      viewers.map(({ id }) => id),
    );
  });

  it("knows which offer documents are the same for every viewer of a role", () => {
    const shared = (text: string) => selectsOnlySameForRole(appSchema, parse(text));
    // The carrier screens' own subscription document.
    expect(
      shared(`subscription useOfferChangedSubscription($offerId: ID) {
        offerChanged(offerId: $offerId) { id status bestOffer roundEnds roundEndsAt roundNumber } }`),
    ).toBe(true);
    expect(shared("subscription { offerChanged { __typename bestOffer targetRate bidCount } }")).toBe(true);
    expect(shared("subscription { offerChanged { ...Best } } fragment Best on Offer { bestOffer }")).toBe(
      true,
    );
    expect(shared("subscription { offerChanged { ... on Offer { bestOffer } } }")).toBe(true);
    // The viewer's own bid, a bid whose type answers its owner, a fragment on an interface.
    expect(shared("subscription { offerChanged { bestOffer myBid { amount } } }")).toBe(false);
    expect(shared("subscription { offerChanged { winnerBid { amount } } }")).toBe(false);
    expect(shared("subscription { offerChanged { ... on Node { id } } }")).toBe(false);
    expect(shared('subscription { offerBidChanged(offerId: "x") { amount } }')).toBe(false);
    expect(shared("query { activeOffers(page: 1) { totalCount } }")).toBe(false);
  });
});
