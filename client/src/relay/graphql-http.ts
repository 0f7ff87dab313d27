/** GraphQL over HTTP as the server expects it: CSRF header, Bearer token, refresh cookie sent along. */

import type { Platform } from "../../../common/auth.ts";

export const CSRF_HEADER = "x-graphql-yoga-csrf";
/** The web app signs in as the desktop platform (spec: platform 'desktop'). */
export const PLATFORM: Platform = "desktop";

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

/** Bytes of the request body sent so far, of `total` (for big uploads' progress bars). */
export type UploadProgressListener = (sent: number, total: number) => void;

function headersFor(token: string | null): Record<string, string> {
  return {
    accept: "application/graphql-response+json, application/json",
    "content-type": "application/json",
    [CSRF_HEADER]: "1",
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

export async function postGraphQL(
  body: string,
  token: string | null,
  onUploadProgress?: UploadProgressListener,
): Promise<GraphQLPayload> {
  if (onUploadProgress) return postWithProgress(body, token, onUploadProgress);
  let response: Response;
  try {
    response = await fetch("/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: headersFor(token),
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

/** fetch() cannot report upload progress; XMLHttpRequest can. Same request, same answers. */
function postWithProgress(
  body: string,
  token: string | null,
  onUploadProgress: UploadProgressListener,
): Promise<GraphQLPayload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/graphql");
    request.withCredentials = true;
    for (const [name, value] of Object.entries(headersFor(token))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress(event.loaded, event.total);
    };
    request.onerror = () => reject(new NetworkError());
    request.onload = () => {
      if (!(request.getResponseHeader("content-type") ?? "").includes("json")) {
        reject(new NetworkError(`The server answered ${request.status}. Please try again.`));
        return;
      }
      try {
        resolve(JSON.parse(request.responseText) as GraphQLPayload);
      } catch {
        reject(new NetworkError(`The server answered ${request.status}. Please try again.`));
      }
    };
    request.send(body);
  });
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
