import { z } from "zod";
import { dateTime } from "../http/rest-schemas.ts";
import { BID_STATUSES } from "./validation.ts";

/** The REST answers of the notifications domain (notifications/json.ts), as the OpenAPI document describes them. */

/**
 * `notificationJson`: a notification, with the `details` it was sent with beside its fields (for
 * a winner: acceptedBy, loadId, originCity, originState, destinationCity, destinationState,
 * startDateTime, endDateTime, distance, equipmentType, bidAmount).
 */
export const notificationSchema = z
  .looseObject({
    _id: z.string(),
    userId: z.string().describe("The recipient's database id."),
    title: z.string(),
    message: z.string(),
    type: z.string().describe("bid for bidding news; account, ... for other kinds."),
    isRead: z.boolean(),
    bidStatus: z.enum(BID_STATUSES).nullable(),
    createdAt: dateTime,
  })
  .meta({
    id: "Notification",
    description: "A notification; the details it was sent with (a won load's) sit beside its fields.",
  });
