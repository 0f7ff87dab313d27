export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one e-mail now (the outbox worker's transport). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}
