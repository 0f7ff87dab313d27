import { countEmail } from "../ops/metrics.ts";
import type { Mailer } from "./mailer-types.ts";

/** The same mailer, each send counted as sent or failed (the failure still reaches the caller). */
export function countedMailer(mailer: Mailer, transport: "smtp" | "outbox"): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        countEmail(transport, false);
        throw error;
      }
      countEmail(transport, true);
    },
    close: () => mailer.close(),
  };
}
