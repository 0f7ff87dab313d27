// Drives demo routes through the real API, point by point along their stops:
//   npm run simulate:tracking -- --routes 5 --speed 60
// --speed is the time multiplier (60: one simulated minute per real second). Other options:
// --url (http://localhost:4000), --email/--password (the demo admin), --interval seconds between
// points (2), --mph the trucks' road speed (55).
import { parseArgs } from "node:util";
import { greatCircleMiles, type LatLng } from "../common/geo.ts";
import { routePath } from "../common/route-path.ts";

const { values } = parseArgs({
  options: {
    routes: { type: "string", default: "5" },
    speed: { type: "string", default: "60" },
    url: { type: "string", default: process.env.FREIGHTWAY_URL ?? "http://localhost:4000" },
    email: { type: "string", default: process.env.SIM_EMAIL ?? "admin@freightway.test" },
    password: { type: "string", default: process.env.SIM_PASSWORD ?? "Freightway!2026" },
    interval: { type: "string", default: "2" },
    mph: { type: "string", default: "55" },
  },
});

const routeCount = Number(values.routes);
const speed = Number(values.speed);
const intervalSeconds = Number(values.interval);
const mph = Number(values.mph);
if (![routeCount, speed, intervalSeconds, mph].every((value) => Number.isFinite(value) && value > 0)) {
  console.error(
    "usage: npm run simulate:tracking -- --routes N --speed X [--interval S] [--mph M] [--url U]",
  );
  process.exit(2);
}

interface TrackingStop {
  sequence: number;
  nass: { location: LatLng | null };
  arrivedAt: string | null;
}
interface TrackingData {
  routeNumber: string;
  eta: number | null;
  lastPosition: LatLng | null;
  stops: TrackingStop[];
}

let token = "";
async function login(): Promise<void> {
  const response = await fetch(`${values.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: values.email, password: values.password, platform: "mobile" }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  token = ((await response.json()) as { token: string }).token;
}

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const send = () =>
    fetch(`${values.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  let response = await send();
  if (response.status === 401) {
    await login();
    response = await send();
  }
  return response;
}

interface Truck {
  routeNumber: string;
  path: LatLng[];
  next: number;
}

function startIndex(path: LatLng[], from: LatLng | null): number {
  if (!from) return 0;
  let best = 0;
  path.forEach((point, index) => {
    if (greatCircleMiles(point, from) < greatCircleMiles(path[best], from)) best = index;
  });
  return best + 1;
}

await login();
const listed = await call("GET", `/tracking?scope=trackable&limit=${Math.min(500, routeCount * 4)}`);
if (!listed.ok) throw new Error(`route list failed: ${listed.status} ${await listed.text()}`);
const candidates = ((await listed.json()) as TrackingData[]).filter((route) => route.eta !== 0);
const stepMiles = (mph * intervalSeconds * speed) / 3600;
const trucks: Truck[] = candidates.slice(0, routeCount).flatMap((route) => {
  const stops = [...route.stops]
    .sort((a, b) => a.sequence - b.sequence)
    .flatMap((stop) => stop.nass.location ?? []);
  if (stops.length === 0) return [];
  const path = routePath(stops, stepMiles);
  return [{ routeNumber: route.routeNumber, path, next: startIndex(path, route.lastPosition) }];
});
if (trucks.length === 0) {
  console.error(
    "No route with located stops to drive (start the server with SEED_DEMO=1, or create routes).",
  );
  process.exit(1);
}
console.log(
  `Driving ${trucks.length} truck(s) at ${mph} mph x${speed}: a point every ${intervalSeconds}s, ${stepMiles.toFixed(2)} mi apart.`,
);

const timer = setInterval(async () => {
  const moving = trucks.filter((truck) => truck.next < truck.path.length);
  if (moving.length === 0) {
    clearInterval(timer);
    console.log("Every truck reached its last stop.");
    return;
  }
  await Promise.all(
    moving.map(async (truck) => {
      const point = truck.path[truck.next];
      const previous = truck.path[truck.next - 1];
      truck.next += 1;
      const parked = previous !== undefined && previous.lat === point.lat && previous.lng === point.lng;
      const response = await call("POST", `/tracking/${encodeURIComponent(truck.routeNumber)}/positions`, {
        positions: [{ ...point, recordedAt: new Date().toISOString(), speedMph: parked ? 0 : mph }],
      });
      const result = (await response.json()) as { etaMinutes?: number | null; message?: string };
      const eta = result.etaMinutes ?? null;
      console.log(
        `${truck.routeNumber} ${truck.next}/${truck.path.length} ${response.status} ${eta === null ? (result.message ?? "") : `ETA ${eta} min`}`,
      );
    }),
  );
}, intervalSeconds * 1000);
