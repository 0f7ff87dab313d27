/** Who made an audited change, and from which client address (null when not known). */
export interface AuditActor {
  id: string | null;
  ip: string | null;
}

/** The client address audit rows record for a request: none when the peer is unknown. */
export function auditIpOf(clientAddress: string): string | null {
  return clientAddress && clientAddress !== "unknown" ? clientAddress : null;
}

interface ActingContext {
  viewer: { id: string } | null;
  meta: { auditIp: string | null };
}

/** The actor of a request: the signed-in viewer unless `id` names someone else (or nobody). */
export function auditActor(ctx: ActingContext): AuditActor;
export function auditActor<Id extends string | null>(ctx: ActingContext, id: Id): AuditActor & { id: Id };
export function auditActor(ctx: ActingContext, id: string | null = ctx.viewer?.id ?? null): AuditActor {
  return { id, ip: ctx.meta.auditIp };
}
