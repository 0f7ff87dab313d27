import { AsyncLocalStorage } from "node:async_hooks";

interface AuditScope {
  ip: string;
}

const scope = new AsyncLocalStorage<AuditScope>();

/**
 * The client address of the request being served, so every audit row says where a change came
 * from without each service passing it down. app.ts runs each request inside `withAuditScope`.
 */
export function withAuditScope<T>(ip: string, run: () => T): T {
  return scope.run({ ip }, run);
}

export function currentAuditIp(): string | null {
  const ip = scope.getStore()?.ip;
  return ip && ip !== "unknown" ? ip : null;
}
