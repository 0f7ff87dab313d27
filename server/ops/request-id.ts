import { randomUUID } from "node:crypto";

/**
 * A request id a caller (or the load balancer in front) may choose: bounded, and only characters
 * that ids are made of, so it cannot forge log lines or bloat them.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._~:/+=@-]{1,128}$/;

/** The incoming X-Request-Id when it is sane, a fresh id otherwise. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === "string" && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}
