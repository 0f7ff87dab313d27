/** GraphQL over HTTP as the server expects it: CSRF header, Bearer token, refresh cookie sent along. */

export const CSRF_HEADER = "x-graphql-yoga-csrf";
export const PLATFORM = "desktop";

export interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string; logout?: boolean };
}

export interface GraphQLPayload {
  data?: Record<string, unknown> | null;
  errors?: GraphQLErrorShape[];
}

export class NetworkError extends Error {
  constructor(message = "Could not reach the server. Please try again.") {
    super(message);
    this.name = "NetworkError";
  }
}

export async function postGraphQL(body: string, token: string | null): Promise<GraphQLPayload> {
  let response: Response;
  try {
    response = await fetch("/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: {
        accept: "application/graphql-response+json, application/json",
        "content-type": "application/json",
        [CSRF_HEADER]: "1",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });
  } catch {
    throw new NetworkError();
  }
  if (!(response.headers.get("content-type") ?? "").includes("json")) {
    throw new NetworkError(`The server answered ${response.status}. Please try again.`);
  }
  return (await response.json()) as GraphQLPayload;
}

/** A 401 in GraphQL terms: the token expired or is invalid, or the session itself ended. */
export type AuthFailure = { kind: "expired" } | { kind: "ended"; message: string };

export function authFailureOf(payload: GraphQLPayload): AuthFailure | null {
  for (const error of payload.errors ?? []) {
    const { code, logout } = error.extensions ?? {};
    if (logout === true || code === "SESSION_ENDED") return { kind: "ended", message: error.message };
    if (code === "UNAUTHENTICATED") return { kind: "expired" };
  }
  return null;
}
