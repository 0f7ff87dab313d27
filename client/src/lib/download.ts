import { refreshAccessToken } from "../relay/refresh.ts";
import { session } from "./session.ts";

function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? fallback;
}

/** GETs an API path with the session's token; after a 401, one refresh and one retry (spec). */
export async function fetchWithToken(path: string): Promise<Response> {
  const call = (token: string | null) =>
    fetch(path, { credentials: "include", headers: token ? { authorization: `Bearer ${token}` } : {} });
  const response = await call(session.getState().token);
  if (response.status !== 401) return response;
  const refreshed = await refreshAccessToken(session);
  return refreshed.kind === "fresh" ? call(refreshed.token) : response;
}

/**
 * Downloads a file the API answers (CSV export, rate confirmation, a document) with the session's token, which
 * a plain link cannot send, and hands it to the browser as a download.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  failure = "Download failed",
): Promise<void> {
  const response = await fetchWithToken(path);
  if (!response.ok) throw new Error(`${failure} (${response.status})`);
  saveBlob(await response.blob(), fileNameOf(response, fallbackName));
}

/** Hands a file made or fetched in the page to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
