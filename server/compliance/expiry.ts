import { addDays, EXPIRY_WARNING_DAYS } from "../../common/compliance.ts";
import { carrierLabels } from "../carriers/lookup.ts";
import type { Deps } from "../deps.ts";
import { complianceDocumentsOf, insuranceExpiringBetween } from "../documents/carrier-service.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import {
  announceNotifications,
  insertNotifications,
  type StoredNotification,
} from "../notifications/service.ts";
import { logger } from "../ops/logger.ts";
import { activeOperatorIds, userIdsOfCarrier } from "../users/marketplace-reads.ts";
import { utcDay } from "./service.ts";
import { claimWarning, warnedDocumentIds } from "./store.ts";

/** Certificates looked at per sweep (the rest wait for the next one). */
const SWEEP_BATCH = 200;

export const COMPLIANCE_SWEEP_MS = 60_000;

/** The warning's texts: the carrier's users and the operators get the same one. */
export function expiryWarningText(carrierName: string, expiresOn: string) {
  return {
    title: `Insurance expiring: ${carrierName}`,
    message: `The insurance certificate of ${carrierName} expires on ${expiresOn}. Upload a current certificate before then: with an expired certificate the carrier cannot bid or be awarded loads.`,
  };
}

/**
 * Warns once per certificate and threshold when a carrier's current insurance certificate (its
 * newest) expires within EXPIRY_WARNING_DAYS: the carrier company's users and the active
 * operators each get a notification. The claim is a ComplianceWarning row whose unique key is
 * (documentId, thresholdDays), inserted in the notifications' transaction: several instances
 * sweeping together insert it once, and the losers' transactions (their notifications with them)
 * roll back. Answers the certificates warned about by this call.
 */
export async function warnExpiringInsurance(
  deps: Pick<Deps, "db" | "writer" | "pubsub">,
  now = new Date(),
): Promise<string[]> {
  const today = utcDay(now);
  const due = await insuranceExpiringBetween(
    deps.db,
    today,
    addDays(today, EXPIRY_WARNING_DAYS),
    SWEEP_BATCH,
  );
  if (due.length === 0) return [];
  const warned = await warnedDocumentIds(
    deps.db,
    due.map((doc) => doc.id),
    EXPIRY_WARNING_DAYS,
  );
  const open = due.filter((doc) => !warned.has(doc.id));
  if (open.length === 0) return [];
  const carrierIds = [...new Set(open.map((doc) => doc.carrierId))];
  const newest = new Map<string, string>();
  for (const doc of await complianceDocumentsOf(deps.db, carrierIds)) {
    if (doc.type === "INSURANCE_CERTIFICATE" && !newest.has(doc.carrierId)) newest.set(doc.carrierId, doc.id);
  }
  const names = new Map((await carrierLabels(deps.db, carrierIds)).map((row) => [row.id, row.carrierName]));
  const operators = await activeOperatorIds(deps.db);
  const sent: string[] = [];
  for (const doc of open) {
    if (newest.get(doc.carrierId) !== doc.id || !doc.insuranceExpiresOn) continue;
    const expiresOn = doc.insuranceExpiresOn;
    const text = expiryWarningText(names.get(doc.carrierId) ?? "A carrier", expiresOn);
    try {
      const receivers = [...new Set([...(await userIdsOfCarrier(deps.db, doc.carrierId)), ...operators])];
      const stored: StoredNotification[] = await deps.db.$transaction(async (tx) => {
        await claimWarning(tx, {
          carrierId: doc.carrierId,
          documentId: doc.id,
          thresholdDays: EXPIRY_WARNING_DAYS,
          expiresOn,
        });
        return insertNotifications(
          tx,
          deps.writer.provider,
          receivers.map((userId) => ({
            userId,
            ...text,
            details: { carrierId: doc.carrierId, documentId: doc.id, insuranceExpiresOn: expiresOn },
          })),
        );
      });
      sent.push(doc.id);
      announceNotifications(deps, stored);
    } catch (error) {
      if (isUniqueViolation(error) || isUniqueViolation((error as { cause?: unknown })?.cause)) continue;
      logger.error({ err: error, documentId: doc.id }, "insurance expiry warning failed");
    }
  }
  return sent;
}

/** Runs the warning sweep every minute on every instance (the claim makes it once in all). */
export function startComplianceClock(
  deps: Pick<Deps, "db" | "writer" | "pubsub">,
  intervalMs = COMPLIANCE_SWEEP_MS,
): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    warnExpiringInsurance(deps)
      .catch((error) => logger.error({ err: error }, "compliance sweep failed"))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
