/**
 * What one WebSocket, and all sockets of one client address, may ask of this instance: messages
 * per second (a token bucket: a burst, then a steady rate), sockets at once per address, and
 * operations at once per socket. The app's screens stay far below all of them (a tab opens one
 * socket and runs a handful of subscriptions); a flood is cut off before it costs the event loop.
 */
export const SOCKET_LIMITS = {
  messagesBurst: 60,
  messagesPerSecond: 20,
  addressMessagesBurst: 300,
  addressMessagesPerSecond: 100,
  socketsPerAddress: 50,
  operationsPerSocket: 100,
} as const;

/** graphql-ws has no code of its own for this: 4429 mirrors HTTP 429. */
export const SOCKET_FLOODED_CODE = 4429;
export const TOO_MANY_OPERATIONS = `Too many operations on one connection (at most ${SOCKET_LIMITS.operationsPerSocket}).`;

interface Bucket {
  tokens: number;
  at: number;
}

function take(bucket: Bucket, burst: number, perSecond: number, now: number): boolean {
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

export function createSocketBudget(limits = SOCKET_LIMITS) {
  const addresses = new Map<string, { sockets: number; bucket: Bucket }>();
  return {
    /** A new socket from this address; false when the address already holds too many. */
    open(address: string): { allowed: boolean; message(): boolean; close(): void } {
      let entry = addresses.get(address);
      if (!entry) {
        entry = { sockets: 0, bucket: { tokens: limits.addressMessagesBurst, at: performance.now() } };
        addresses.set(address, entry);
      }
      const allowed = entry.sockets < limits.socketsPerAddress;
      entry.sockets++;
      const own: Bucket = { tokens: limits.messagesBurst, at: performance.now() };
      const shared = entry;
      return {
        allowed,
        message() {
          const now = performance.now();
          const socketOk = take(own, limits.messagesBurst, limits.messagesPerSecond, now);
          return (
            take(shared.bucket, limits.addressMessagesBurst, limits.addressMessagesPerSecond, now) && socketOk
          );
        },
        close() {
          shared.sockets--;
          if (shared.sockets <= 0) addresses.delete(address);
        },
      };
    },
  };
}
