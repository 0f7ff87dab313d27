import { session } from "../lib/session.ts";
import { refreshAccessToken } from "../relay/refresh.ts";

async function request(query: string): Promise<Response> {
  const token = session.getState().token;
  return fetch(`/api/admin/audit.csv?${query}`, {
    credentials: "same-origin",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** Downloads the audit export for the filter in `query`; refreshes an expired token once. */
export async function downloadAuditCsv(query: string): Promise<void> {
  let response = await request(query);
  if (response.status === 401) {
    const refreshed = await refreshAccessToken(session);
    if (refreshed.kind === "fresh") response = await request(query);
  }
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "audit.csv";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
