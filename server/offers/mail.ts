import type { Deps } from "../deps.ts";
import { logger } from "../ops/logger.ts";
import { offerEmailRecipients } from "../users/marketplace-reads.ts";

const BATCH = 1000;
const PARALLEL = 4;

/**
 * E-mails a new offer to the notified carriers who opted in on My Account, in the background:
 * the offer is open whatever the mail server does; failures are logged.
 */
export function mailOfferToOptedIn(
  deps: Pick<Deps, "db" | "mailer">,
  notified: { userId: string }[],
  subject: string,
  text: string,
): Promise<number> {
  const work = async () => {
    let sent = 0;
    for (let start = 0; start < notified.length; start += BATCH) {
      const ids = notified.slice(start, start + BATCH).map((row) => row.userId);
      const emails = await offerEmailRecipients(deps.db, ids);
      for (let index = 0; index < emails.length; index += PARALLEL) {
        await Promise.all(
          emails.slice(index, index + PARALLEL).map(async (to) => {
            await deps.mailer.send({ to, subject, text });
            sent++;
          }),
        );
      }
    }
    return sent;
  };
  return work().catch((error) => {
    logger.error({ err: error }, "offer e-mails failed");
    return 0;
  });
}
