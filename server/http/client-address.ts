import { isIP } from "node:net";
import proxyaddr from "@fastify/proxy-addr";

/**
 * The client's address. Without trusted proxies it is the socket's peer; behind `trustProxy`
 * proxies (TRUST_PROXY) it is the X-Forwarded-For entry that the outermost trusted proxy saw
 * (proxy-addr with a hop count, as Fastify's own trustProxy). Entries a client wrote itself sit
 * further left and are never believed.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | null,
  trustProxy: number,
): string {
  const peer = normalize(socketAddress) ?? "unknown";
  if (trustProxy <= 0 || !forwardedFor || !socketAddress) return peer;
  const candidate = proxyaddr(
    { socket: { remoteAddress: socketAddress }, headers: { "x-forwarded-for": forwardedFor } } as never,
    (_address: string, hop: number) => hop < trustProxy,
  );
  return normalize(candidate) ?? peer;
}

function normalize(address: string | undefined): string | null {
  if (!address) return null;
  const bare = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  return isIP(bare) ? bare : null;
}

/** The network an address belongs to (IPv4 /24, IPv6 /64): one household or one small provider block. */
export function networkOf(address: string): string {
  if (isIP(address) === 4) return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIP(address) === 6) {
    const [head] = address.split("::");
    const groups = (address.includes("::") ? head : address).split(":").filter(Boolean);
    return `${groups.slice(0, 4).join(":")}::/64`;
  }
  return address;
}
