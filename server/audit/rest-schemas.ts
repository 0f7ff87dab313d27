import { z } from "zod";
import { dateTime } from "../http/rest-schemas.ts";

/** `auditJson`: an audit trail row as the REST list answers it. */
export const auditEntrySchema = z
  .object({
    _id: z.string(),
    createdAt: dateTime,
    action: z.string().describe("What happened, e.g. load.update or auth.login."),
    entityType: z.string(),
    entityId: z.string().nullable(),
    record: z
      .object({
        label: z.string().describe("What the record is called on screen."),
        path: z.string().nullable().describe("The client path of the record's screen."),
      })
      .nullable(),
    actor: z
      .object({ id: z.string(), email: z.string(), fullName: z.string().nullable(), role: z.string() })
      .nullable()
      .describe("Who did it; null for the system or an anonymous caller."),
    changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
    details: z.unknown().describe("The entry's details as recorded (JSON), or null."),
    ip: z.string().nullable(),
  })
  .meta({ id: "AuditEntry", description: "An audit trail entry." });
