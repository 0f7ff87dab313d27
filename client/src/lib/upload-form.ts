import { refreshAccessToken } from "../relay/refresh.ts";
import { session } from "./session.ts";

export interface FormAnswer {
  status: number;
  body: { message?: string; errors?: { field: string; message: string }[] } & Record<string, unknown>;
}

function send(path: string, form: FormData, token: string | null, onProgress: (fraction: number) => void) {
  return new Promise<FormAnswer>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    if (token) request.setRequestHeader("authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: FormAnswer["body"] = {};
      try {
        body = JSON.parse(request.responseText || "{}");
      } catch {
        // A proxy's HTML error page: the status says enough.
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new Error("network"));
    request.send(form);
  });
}

/**
 * POSTs a multipart form to an API path with the session's token, reporting the upload's progress
 * (fetch cannot); after a 401, one refresh and one retry, as every other call.
 */
export async function uploadForm(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<FormAnswer> {
  const answer = await send(path, form, session.getState().token, onProgress);
  if (answer.status !== 401) return answer;
  const refreshed = await refreshAccessToken(session);
  return refreshed.kind === "fresh" ? send(path, form, refreshed.token, onProgress) : answer;
}
