/**
 * The reference point of bench/throughput.ts: a bare GraphQL Yoga "hello world" on node:http,
 * built from the same node_modules as the app, in a process of its own.
 */
import "./production-mode.ts";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createSchema, createYoga } from "graphql-yoga";

const yoga = createYoga({
  schema: createSchema({
    typeDefs: "type Query { hello: String! }",
    resolvers: { Query: { hello: () => "world" } },
  }),
  logging: false,
  landingPage: false,
});
const server = createServer(yoga);
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ type: "ready", url: `http://127.0.0.1:${port}`, token: "", databaseUrl: "" });
});
process.on("message", (message: { type: string; id: number }) => {
  if (message.type === "usage") {
    const cpu = process.cpuUsage();
    process.send?.({
      id: message.id,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssBytes: process.memoryUsage().rss,
    });
  } else if (message.type === "stop") {
    server.close();
    process.send?.({ id: message.id });
    process.exit(0);
  }
});
