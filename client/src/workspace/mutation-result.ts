import { fieldMessages } from "../lib/forms.ts";

/** What every workspace mutation hook calls back with. */
export interface MutationHandlers<Data> {
  onDone(data: Data): void;
  /** The server's message (null when there was no answer) and its per-field messages. */
  onFailed(message: string | null, fields: Record<string, string>): void;
}

interface MutationUnion<Data> {
  readonly data?: Data | null;
  readonly message?: string | null;
  readonly fields?: ReadonlyArray<{ readonly field: string; readonly message: string }> | null;
}

/** Reads a `Mutation...Success | Error` union into one callback. */
export function settle<Data>(result: MutationUnion<Data>, handlers: MutationHandlers<Data>): void {
  if (result.data) handlers.onDone(result.data);
  else handlers.onFailed(result.message ?? null, fieldMessages(result.fields));
}

/** A top-level failure (forbidden, network): the message of the error when it has one. */
export function failureMessage(error: Error): string | null {
  return error.message && !/^\[/.test(error.message) ? error.message : null;
}
