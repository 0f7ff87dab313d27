import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const disposable = new Set<string>(require("disposable-email-domains") as string[]);
const disposableWildcards = require("disposable-email-domains/wildcard.json") as string[];

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/** Disposable domains (a maintained list) and the operator's BLOCKED_EMAIL_DOMAINS, subdomains included. */
export function isDomainBlocked(email: string, blocked: string[]): boolean {
  const domain = emailDomain(email);
  const parents = domain.split(".").map((_, index, labels) => labels.slice(index).join("."));
  return parents.some(
    (candidate) =>
      disposable.has(candidate) || disposableWildcards.includes(candidate) || blocked.includes(candidate),
  );
}
