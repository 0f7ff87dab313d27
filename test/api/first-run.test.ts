import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETUP_LINK_INVALID_MESSAGE } from "../../common/workspace.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { type MainProcess, startMainProcess } from "../support/main-process.ts";

/**
 * A fresh `npm start` with no ADMIN_EMAIL and no operator: the log carries a one-time setup link
 * whose token creates the first operator over GraphQL, and only while no operator exists.
 */
const APP_URL = "https://freight.example.com";

let database: TestDatabase;
let server: MainProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startMainProcess(database.url, {
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    APP_URL,
    SHUTDOWN_DELAY_SECONDS: "0",
  });
});
afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  await database?.drop();
});

async function graphql(query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, Record<string, unknown> | boolean> };
}

const CREATE = `mutation ($input: CreateFirstOperatorInput!) {
  createFirstOperator(input: $input) {
    __typename
    ... on MutationCreateFirstOperatorSuccess { data { email } }
    ... on Error { message }
  }
}`;
const VALID = "query ($token: String!) { setupLinkValid(token: $token) }";

function setupToken(): string {
  const line = server.logs.find((entry) => typeof entry.setupUrl === "string");
  if (!line) throw new Error(`no setup link in the log: ${JSON.stringify(server.logs)}`);
  const url = new URL(String(line.setupUrl));
  expect(`${url.origin}${url.pathname}`).toBe(`${APP_URL}/setup`);
  expect(String(line.msg)).toContain(String(line.setupUrl));
  return url.searchParams.get("token") ?? "";
}

const account = (token: string, email = "first@example.com") => ({
  token,
  email,
  fullName: "First Operator",
  password: "correct-horse-42",
  confirmPassword: "correct-horse-42",
});

describe("first run", () => {
  it("prints a setup link before 'listening'", () => {
    const linkAt = server.logs.findIndex((entry) => typeof entry.setupUrl === "string");
    const listeningAt = server.logs.findIndex((entry) => String(entry.msg).includes("listening"));
    expect(linkAt).toBeGreaterThanOrEqual(0);
    expect(linkAt).toBeLessThan(listeningAt);
  });

  it("refuses a wrong token, then creates the first operator, who can sign in", async () => {
    const token = setupToken();
    await expect(graphql(VALID, { token })).resolves.toEqual({ data: { setupLinkValid: true } });
    await expect(graphql(VALID, { token: `${token}x` })).resolves.toEqual({
      data: { setupLinkValid: false },
    });
    const wrong = await graphql(CREATE, { input: account("x".repeat(43)) });
    expect(wrong.data?.createFirstOperator).toEqual({
      __typename: "ForbiddenError",
      message: SETUP_LINK_INVALID_MESSAGE,
    });

    const created = await graphql(CREATE, { input: account(token) });
    expect(created.data?.createFirstOperator).toEqual({
      __typename: "MutationCreateFirstOperatorSuccess",
      data: { email: "first@example.com" },
    });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "first@example.com", password: "correct-horse-42", platform: "desktop" }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { usuario: { role: string } }).usuario.role).toBe("ADMIN");
  });

  it("is used up once an operator exists", async () => {
    const token = setupToken();
    await expect(graphql(VALID, { token })).resolves.toEqual({ data: { setupLinkValid: false } });
    const again = await graphql(CREATE, { input: account(token, "second@example.com") });
    expect(again.data?.createFirstOperator).toEqual({
      __typename: "ForbiddenError",
      message: SETUP_LINK_INVALID_MESSAGE,
    });
  });

  it("prints no link on the next start, an operator being there", async () => {
    server.child.kill("SIGTERM");
    await server.exited;
    server = await startMainProcess(database.url, {
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      APP_URL,
      SHUTDOWN_DELAY_SECONDS: "0",
    });
    expect(server.logs.some((entry) => typeof entry.setupUrl === "string")).toBe(false);
  });
});
