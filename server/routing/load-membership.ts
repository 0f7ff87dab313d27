import type { Db } from "../db/client.ts";
import { port } from "../lib/port.ts";

/** A load as the routing screens move it between routes. */
export interface RouteMemberLoad {
  id: string;
  loadId: string;
  routeId: string | null;
  routeNumber: string | null;
  assignedUserId: string | null;
  /** The carrier company the load was awarded (or assigned) to. */
  carrierId: string | null;
}

export interface MemberLoadStop {
  loadId: string;
  sequence: number;
  type: string;
  nassCodeId: string | null;
  pickupDate: Date | null;
}

type LoadAccess = Pick<Db, "load">;

/**
 * How routing reads and moves loads: the loads domain owns the Load table and answers
 * (loads/route-membership.ts, plugged in server/wiring.ts). Loads name their route by number
 * through routing (route-numbers.ts), so routing does not import loads.
 */
export interface LoadMembership {
  findLoadsByReference(
    db: LoadAccess,
    references: string[],
  ): Promise<{ loads: RouteMemberLoad[]; unknown: string[] }>;
  putLoadsOnRoute(
    db: LoadAccess,
    route: { id: string; routeNumber: string },
    loadIds: string[],
  ): Promise<void>;
  releaseLoadsFromRoute(db: LoadAccess, routeId: string, keep: string[]): Promise<number>;
  stopsOfLoads(db: LoadAccess, loadIds: string[]): Promise<MemberLoadStop[]>;
  /** The loads on a route now. */
  loadsOnRoute(db: LoadAccess, routeId: string): Promise<RouteMemberLoad[]>;
}

export const loadMembership = port<LoadMembership>("routing's load membership");
