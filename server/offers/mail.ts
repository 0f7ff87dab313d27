import type { Deps } from "../context.ts";

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
      const users = await deps.db.user.findMany({
        where: { id: { in: ids }, offerEmails: true },
        select: { email: true },
      });
      for (let index = 0; index < users.length; index += PARALLEL) {
        await Promise.all(
          users.slice(index, index + PARALLEL).map(async (user) => {
            await deps.mailer.send({ to: user.email, subject, text });
            sent++;
          }),
        );
      }
    }
    return sent;
  };
  return work().catch((error) => {
    console.error("offer e-mails failed", error);
    return 0;
  });
}
