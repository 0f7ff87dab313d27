import type { AppConfig } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { SqlReader } from "./db/reader.ts";
import type { SqlWriter } from "./db/writer.ts";
import type { MailOutbox } from "./mail/worker.ts";
import type { PubSub } from "./pubsub.ts";

/** What every request shares: built once per app. */
export interface Deps {
  db: Db;
  /** Hand-written reads with cached prepared statements, for the hot paths only. */
  sql: SqlReader;
  /** Hand-written write transactions on connections kept open, for the hot write paths only (bids, positions). */
  writer: SqlWriter;
  config: AppConfig;
  pubsub: PubSub;
  /** E-mail goes out through here only: features enqueue in their transaction (mail/service.ts). */
  mailOutbox: MailOutbox;
}
