/**
 * What the server says when a session has ended, and the client shows. A leaf of its own: the
 * client's network layer, on every first screen, needs it without auth.ts's zod forms.
 */

/** The spec's text, typo included. */
export const SESSION_ENDED_MESSAGE = "Ssession ended. Please re-log in.";

/** An operator changed the account's role: the tab's screens and stored role are the old role's. */
export const ROLE_CHANGED_MESSAGE = "Your role changed. Sign in again to continue.";
