import type { WebSocket, WebSocketServer } from "ws";

/** 1001 "Going Away": the server is leaving; clients reconnect (to another instance). */
export const SOCKET_GOING_AWAY_CODE = 1001;

/**
 * Pings every socket each interval and drops one that has not answered the previous ping. The
 * traffic keeps load balancers' idle timeouts from cutting a quiet subscription, and a peer that
 * vanished without a FIN stops holding its subscriptions after two intervals at most.
 */
export function keepSocketsAlive(wsServer: WebSocketServer, intervalMs: number): void {
  const answered = new WeakSet<WebSocket>();
  wsServer.on("connection", (socket) => {
    answered.add(socket);
    socket.on("pong", () => answered.add(socket));
  });
  const timer = setInterval(() => {
    for (const socket of wsServer.clients) {
      if (!answered.has(socket)) {
        socket.terminate();
        continue;
      }
      answered.delete(socket);
      socket.ping();
    }
  }, intervalMs);
  timer.unref();
  wsServer.once("close", () => clearInterval(timer));
}

/** Asks every socket to close with 1001; resolves once all are gone or `waitMs` passed (then cuts them). */
export async function closeSocketsGoingAway(wsServer: WebSocketServer, waitMs: number): Promise<void> {
  for (const socket of wsServer.clients) socket.close(SOCKET_GOING_AWAY_CODE, "Server shutting down");
  const deadline = Date.now() + waitMs;
  while (wsServer.clients.size > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (const socket of wsServer.clients) socket.terminate();
}
