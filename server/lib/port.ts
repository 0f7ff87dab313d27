/**
 * A lower domain's need that a higher one answers: the lower one declares the port, the
 * composition root (server/wiring.ts) plugs the owner's service in. So the two do not import each
 * other, and the call still runs in the caller's transaction (an event could not).
 */
export interface Port<Service> {
  plug(service: Service): void;
  readonly use: Service;
}

export function port<Service>(name: string): Port<Service> {
  let plugged: Service | undefined;
  return {
    plug(service) {
      plugged = service;
    },
    get use() {
      if (plugged === undefined) throw new Error(`${name} is not plugged in (server/wiring.ts)`);
      return plugged;
    },
  };
}
