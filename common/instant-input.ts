import { z } from "zod";
import { dateProblemMessage, readInstant } from "./date-time.ts";

// Apart from date-time.ts, so the client's date formatting does not bring zod along.
/** The zod rule of an instant input (see readInstant): text, epoch milliseconds or a Date -> Date. */
export function instantInput(label: string) {
  return z
    .union([z.string(), z.number(), z.date()], { error: dateProblemMessage("format", label) })
    .transform((value, context) => {
      const instant = readInstant(value);
      if (instant instanceof Date) return instant;
      context.addIssue({ code: "custom", message: dateProblemMessage(instant, label) });
      return z.NEVER;
    });
}
