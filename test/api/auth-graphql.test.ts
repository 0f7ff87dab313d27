import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createUser,
  gql,
  loginAs,
  rest,
  TEST_PASSWORD,
  type TestApp,
} from "../support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app, { email: "admin@example.com", role: "ADMIN" });
  await createUser(t.app, { email: "carl@example.com", fullName: "Carl" });
});
afterAll(() => t.close());

const LOGIN = /* GraphQL */ `
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on MutationLoginSuccess { data { token sessionReplaced message user { id email role userId } } }
      ... on Error { message code }
    }
  }
`;

describe("GraphQL auth", () => {
  it("logs in and sets the refresh cookie", async () => {
    const result = await gql<{
      login: { __typename: string; data: { token: string; user: { role: string } } };
    }>(t.app, LOGIN, { input: { email: "admin@example.com", password: TEST_PASSWORD } });
    expect(result.data?.login.__typename).toBe("MutationLoginSuccess");
    expect(result.data?.login.data.user.role).toBe("ADMIN");
    expect(result.refreshCookie).toBeTruthy();
  });

  it("returns typed errors for wrong credentials and bad input", async () => {
    const wrong = await gql<{ login: { __typename: string; message: string } }>(t.app, LOGIN, {
      input: { email: "admin@example.com", password: "nope" },
    });
    expect(wrong.data?.login).toEqual({
      __typename: "AuthenticationError",
      message: "Incorrect username or password",
      code: "UNAUTHENTICATED",
    });
    const bad = await gql<{ login: { __typename: string } }>(t.app, LOGIN, {
      input: { email: "nope", password: "x" },
    });
    expect(bad.data?.login.__typename).toBe("ValidationError");
  });

  it("registers with typed errors carrying the spec's texts", async () => {
    const REGISTER = /* GraphQL */ `
      mutation Register($input: RegisterInput!) {
        register(input: $input) {
          __typename
          ... on MutationRegisterSuccess { data { token user { role } } }
          ... on Error { message }
          ... on ValidationError { fields { field message } }
        }
      }
    `;
    const input = {
      email: "new@example.com",
      password: "password1",
      confirmPassword: "password1",
      phoneNumber: "2015550123",
    };
    const ok = await gql<{ register: { __typename: string; data: { user: { role: string } } } }>(
      t.app,
      REGISTER,
      { input },
    );
    expect(ok.data?.register.data.user.role).toBe("CARRIER");
    const taken = await gql<{ register: { message: string } }>(t.app, REGISTER, { input });
    expect(taken.data?.register.message).toBe("The email already exist.");
    const mismatch = await gql<{ register: { message: string; fields: { field: string }[] } }>(
      t.app,
      REGISTER,
      {
        input: { ...input, email: "x@example.com", confirmPassword: "different1" },
      },
    );
    expect(mismatch.data?.register.message).toBe("Passwords do not match. Please try again.");
    expect(mismatch.data?.register.fields[0].field).toBe("confirmPassword");
  });

  it("answers viewer as null for anonymous callers and as the user otherwise", async () => {
    const QUERY = "{ viewer { email role } }";
    expect((await gql(t.app, QUERY)).data).toEqual({ viewer: null });
    const session = await loginAs(t.app, "carl@example.com");
    expect((await gql(t.app, QUERY, {}, { token: session.token })).data).toEqual({
      viewer: { email: "carl@example.com", role: "CARRIER" },
    });
  });

  it("answers a guarded field with 401 and the logout flag once the session ended", async () => {
    const first = await loginAs(t.app, "carl@example.com");
    await loginAs(t.app, "carl@example.com");
    const result = await gql(t.app, "{ checkSession { valid } }", {}, { token: first.token });
    expect(result.status).toBe(401);
    expect(result.errors?.[0].extensions).toMatchObject({ code: "SESSION_ENDED", logout: true });
  });

  it("refreshes through the refreshToken mutation", async () => {
    const session = await loginAs(t.app, "carl@example.com");
    const result = await gql<{ refreshToken: { accessToken: string } }>(
      t.app,
      "mutation { refreshToken { accessToken } }",
      {},
      { cookie: session.refresh },
    );
    expect(result.data?.refreshToken.accessToken).toEqual(expect.any(String));
    expect(result.refreshCookie).toBeTruthy();
    const anonymous = await gql(t.app, "mutation { refreshToken { accessToken } }");
    expect(anonymous.status).toBe(401);
  });

  it("forbids another user's profile and lets an admin edit it", async () => {
    const carl = await loginAs(t.app, "carl@example.com");
    const admin = await loginAs(t.app, "admin@example.com");
    const adminNode = (
      await gql<{ viewer: { id: string } }>(t.app, "{ viewer { id } }", {}, { token: admin.token })
    ).data!.viewer.id;
    const carlNode = (
      await gql<{ viewer: { id: string } }>(t.app, "{ viewer { id } }", {}, { token: carl.token })
    ).data!.viewer.id;
    const peek = await gql(
      t.app,
      `{ node(id: "${adminNode}") { ... on User { email } } }`,
      {},
      { token: carl.token },
    );
    // Another user's object is null, as a missing one: a 403 would tell the id exists.
    expect(peek.errors).toBeUndefined();
    expect(peek.status).toBe(200);
    expect(peek.data).toEqual({ node: null });

    const UPDATE = /* GraphQL */ `
      mutation Update($input: UpdateProfileInput!) {
        updateProfile(input: $input) {
          __typename
          ... on MutationUpdateProfileSuccess { data { user { fullName experienceYears } } }
          ... on Error { message }
        }
      }
    `;
    const forbidden = await gql(
      t.app,
      UPDATE,
      { input: { id: adminNode, fullName: "Mallory" } },
      { token: carl.token },
    );
    expect(forbidden.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const byAdmin = await gql<{ updateProfile: { data: { user: { fullName: string } } } }>(
      t.app,
      UPDATE,
      { input: { id: carlNode, fullName: "Carl Carrier", experienceYears: 9 } },
      { token: admin.token },
    );
    expect(byAdmin.data?.updateProfile.data.user).toEqual({ fullName: "Carl Carrier", experienceYears: 9 });
    const invalid = await gql<{ updateProfile: { __typename: string; message: string } }>(
      t.app,
      UPDATE,
      { input: { experienceYears: -3 } },
      { token: carl.token },
    );
    expect(invalid.data?.updateProfile.__typename).toBe("ValidationError");
  });
});

describe("GraphQL transport rules", () => {
  it("refuses a GET query without the CSRF header", async () => {
    const response = await t.app.fetch(new Request("http://x/graphql?query=%7Bviewer%7Bid%7D%7D"));
    expect(response.status).toBe(403);
  });

  it("refuses a query nested too deeply, checked before anything runs", async () => {
    const shallow = await gql(t.app, "{ viewer { notifications { edges { node { id } } } } }");
    expect(shallow.errors).toBeUndefined();
    const opening = Array.from({ length: 13 }, () => "notifications { edges { node {").join(" ");
    const closing = Array.from({ length: 13 }, () => "} } }").join(" ");
    const result = await gql(t.app, `{ viewer { ${opening} id ${closing} } }`);
    expect(result.errors?.map((error) => error.message)).toContainEqual(
      expect.stringMatching(/depth limit|nested too deeply/),
    );
  });

  it("masks unexpected errors and hides internals", async () => {
    const result = await gql(t.app, '{ node(id: "not-base64") { id } }');
    expect(result.errors?.[0].extensions?.code).toBe("VALIDATION");
    const text = JSON.stringify(result);
    expect(text).not.toMatch(/prisma|sqlite|stack|at \w+ \(/i);
  });

  it("refuses a GraphQL body over the limit with 413", async () => {
    const response = await t.app.fetch(
      new Request("http://x/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: `{ viewer { id } } # ${"x".repeat(17 * 1024 * 1024)}` }),
      }),
    );
    expect(response.status).toBe(413);
  });
});

describe("GraphiQL", () => {
  it("is only served to a signed-in admin; others get a page that says so", async () => {
    const anonymous = await t.app.fetch(
      new Request("http://x/graphql", { headers: { accept: "text/html" } }),
    );
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain("Sign in with an operator account");
    const carl = await loginAs(t.app, "carl@example.com");
    const carrier = await t.app.fetch(
      new Request("http://x/graphql", {
        headers: { accept: "text/html", cookie: `refreshToken=${carl.refresh}` },
      }),
    );
    expect(carrier.status).toBe(403);
    expect(await carrier.text()).toContain("Your account cannot use it");
    const admin = await loginAs(t.app, "admin@example.com");
    const page = await t.app.fetch(
      new Request("http://x/graphql", {
        headers: { accept: "text/html", cookie: `refreshToken=${admin.refresh}` },
      }),
    );
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toMatch(/graphiql/);
    // Signed in by the cookie: the page holds no token, and loads nothing from another host.
    expect(html).not.toMatch(/Bearer|eyJ/);
    expect(html).not.toMatch(/https?:\/\//);
    // A GET with a query is an operation, never Yoga's own GraphiQL (with a token and CDN assets).
    const withQuery = await t.app.fetch(
      new Request("http://x/graphql?query=%7B__typename%7D", {
        headers: { accept: "text/html", cookie: `refreshToken=${admin.refresh}` },
      }),
    );
    expect(await withQuery.text()).not.toMatch(/Bearer|eyJ|unpkg|<html/i);
  });
});

describe("health", () => {
  it("answers 200 once migrated", async () => {
    const response = await t.app.fetch(new Request("http://x/healthz"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
    expect((await rest(t.app, "GET", "/nope")).status).toBe(404);
    expect((await rest(t.app, "DELETE", "/auth/login")).status).toBe(405);
  });
});
