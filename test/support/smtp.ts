import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The EHLO name the sender gave (`?name=` of its SMTP_URL): which instance sent it. */
  client: string;
  to: string[];
  raw: string;
  at: number;
}

export interface TestSmtpServer {
  /** SMTP_URL for an instance; `name` tells its deliveries apart. */
  url(name?: string): string;
  /** Every MAIL FROM seen, accepted or refused, with when it came. */
  attempts: { client: string; at: number; refused: boolean }[];
  received: ReceivedMail[];
  /** How many of the next messages to refuse with a temporary 451 (Infinity: all of them). */
  refuseNext: number;
  /** How long the server takes to accept each message's content (a slow server). */
  acceptAfterMs: number;
  /** Messages whose content is being received now. */
  receiving: number;
  /** Resolves once `count` messages were accepted (rejects after `timeoutMs`). */
  receivedCount(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that can refuse mail on demand. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const waiters: { count: number; resolve(): void }[] = [];
  const state: TestSmtpServer = {
    url: () => "",
    attempts: [],
    received: [],
    refuseNext: 0,
    acceptAfterMs: 0,
    receiving: 0,
    receivedCount: (count, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (state.received.length >= count) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`only ${state.received.length} of ${count} e-mails arrived`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // No reverse DNS of 127.0.0.1 per connection: it is what a send would wait on here.
    disableReverseLookup: true,
    onMailFrom(_address, session, callback) {
      const refused = state.refuseNext > 0;
      if (refused) state.refuseNext--;
      state.attempts.push({ client: session.hostNameAppearsAs, at: Date.now(), refused });
      if (!refused) return callback();
      const error = new Error("Mailbox busy, try again later") as Error & { responseCode: number };
      error.responseCode = 451;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      state.receiving++;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (state.acceptAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, state.acceptAfterMs));
        state.receiving--;
        state.received.push({
          client: session.hostNameAppearsAs,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        });
        for (const waiter of waiters.filter((candidate) => state.received.length >= candidate.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  state.url = (name = "freightway-test") => `smtp://127.0.0.1:${port}/?name=${encodeURIComponent(name)}`;
  return state;
}
