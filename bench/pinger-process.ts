/**
 * Asks GET `PING_URL` every 10 ms and notes how long each answer took: the longest is the longest
 * the server's event loop could not answer (a stall). Forked by bench/upload.ts; answers "report".
 */
const url = process.env.PING_URL!;
let worst = 0;
const samples: number[] = [];
let running = true;

async function loop() {
  while (running) {
    const started = performance.now();
    try {
      await (await fetch(url)).arrayBuffer();
    } catch {
      // a refused connection counts as a stall of its duration
    }
    const elapsed = performance.now() - started;
    samples.push(elapsed);
    worst = Math.max(worst, elapsed);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

process.on("message", (message: { type: string; id: number }) => {
  if (message.type === "reset") {
    worst = 0;
    samples.length = 0;
    process.send?.({ id: message.id });
  } else if (message.type === "report") {
    const sorted = [...samples].sort((a, b) => a - b);
    process.send?.({
      id: message.id,
      worstMs: worst,
      p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
      count: samples.length,
    });
  } else if (message.type === "stop") {
    running = false;
    process.send?.({ id: message.id });
    setTimeout(() => process.exit(0), 50);
  }
});
void loop();
process.send?.({ type: "ready" });
