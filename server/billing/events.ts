import type { Ledger } from "../../common/billing.ts";
import type { Deps } from "../deps.ts";

/** Published after the change committed; subscribers re-read the entry through the schema. */
export function announceLedgerChange(deps: Pick<Deps, "pubsub">, ledger: Ledger, id: string): void {
  deps.pubsub.publish("billing", { ledger, id });
}
