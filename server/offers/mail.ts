import { enqueueEmails } from "../mail/service.ts";
import { offerEmailRecipients } from "../users/marketplace-reads.ts";

/** Recipients read per statement (bind-parameter limits). */
const BATCH = 1000;

type OfferMailTx = Parameters<typeof offerEmailRecipients>[0] & Parameters<typeof enqueueEmails>[0];

/**
 * Queues the new offer's e-mail to the notified carriers who opted in on My Account, in the
 * offer's transaction: an offer that does not open mails nobody. Returns how many were queued.
 */
export async function queueOfferEmails(
  tx: OfferMailTx,
  notified: { userId: string }[],
  subject: string,
  text: string,
): Promise<number> {
  let queued = 0;
  for (let start = 0; start < notified.length; start += BATCH) {
    const ids = notified.slice(start, start + BATCH).map((row) => row.userId);
    const emails = await offerEmailRecipients(tx, ids);
    await enqueueEmails(
      tx,
      emails.map((to) => ({ kind: "offer" as const, to, subject, text })),
    );
    queued += emails.length;
  }
  return queued;
}
