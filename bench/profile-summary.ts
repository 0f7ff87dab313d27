/**
 * Where a V8 CPU profile spent its time: `npx tsx bench/profile-summary.ts <file.cpuprofile>
 * [last seconds | start-end]` (profiles come from CPU_PROF=1 with the benchmarks; start-end is a
 * window in process.hrtime nanoseconds, as bench/offer-fanout.ts prints it). Prints self time by
 * package or source folder, and the share of samples with a given package anywhere on the stack.
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  /** Microseconds on the monotonic clock process.hrtime reads. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

function area(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native)";
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  if (url.startsWith("node:")) return "node:internal";
  const source = /\/(server|bench|test|common)\/([^/]+)/.exec(url);
  return source ? `${source[1]}/${source[2]}` : url.split("/").slice(-2).join("/");
}

const profile = JSON.parse(readFileSync(process.argv[2], "utf8")) as Profile;
// An optional second argument: only the last N seconds (the measured load, not the start-up).
const window = /^(\d+)-(\d+)$/.exec(process.argv[3] ?? "");
const lastSeconds = window ? 0 : Number(process.argv[3] ?? 0);
if (window) {
  // Only the samples taken between two instants (the benchmark's measured phase).
  const [from, to] = [Number(window[1]) / 1000, Number(window[2]) / 1000];
  let at = profile.startTime;
  const kept = profile.samples.flatMap((sample, index) => {
    at += profile.timeDeltas[index];
    return at >= from && at <= to ? [[sample, profile.timeDeltas[index]]] : [];
  });
  profile.samples = kept.map(([sample]) => sample);
  profile.timeDeltas = kept.map(([, delta]) => delta);
} else if (lastSeconds > 0) {
  let kept = 0;
  let index = profile.timeDeltas.length;
  while (index > 0 && kept < lastSeconds * 1e6) kept += profile.timeDeltas[--index];
  profile.samples = profile.samples.slice(index);
  profile.timeDeltas = profile.timeDeltas.slice(index);
}
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const self = new Map<string, number>();
const onStack = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  total += delta;
  const node = byId.get(id)!;
  const own = area(node.callFrame.url, node.callFrame.functionName);
  self.set(own, (self.get(own) ?? 0) + delta);
  const seen = new Set<string>();
  for (let cursor: number | undefined = id; cursor !== undefined; cursor = parent.get(cursor)) {
    const frame = byId.get(cursor)!.callFrame;
    seen.add(area(frame.url, frame.functionName));
  }
  for (const name of seen) onStack.set(name, (onStack.get(name) ?? 0) + delta);
});
const idle = self.get("(idle)") ?? 0;
const busy = total - idle;
console.log(`busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled`);
const top = (map: Map<string, number>, label: string) => {
  console.log(label);
  for (const [name, time] of [...map]
    .filter(([name]) => name !== "(idle)")
    .sort((a, b) => b[1] - a[1])
    .slice(0, 18)) {
    console.log(`  ${((100 * time) / busy).toFixed(1).padStart(5)}%  ${name}`);
  }
};
top(self, "self time (share of busy time):");
const functions = new Map<string, number>();
profile.samples.forEach((id, index) => {
  const frame = byId.get(id)!.callFrame;
  const name = `${frame.functionName || "(anonymous)"} ${area(frame.url, frame.functionName)}`;
  functions.set(name, (functions.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
top(functions, "functions by self time:");
top(onStack, "on the stack (share of busy time):");
