import { launchBrowser } from "../test/support/browser.ts";
import { startServerProcess } from "./processes.ts";

const server = await startServerProcess("first-screen-server.ts");
const b = await launchBrowser();
const { token, role } = await server.ask<{ token: string; role: string }>("login", { role: "ADMIN" });
const c = await b.newContext();
await c.addInitScript(
  ([t, r]) => {
    localStorage.setItem("accessToken", t);
    localStorage.setItem("userRole", r);
  },
  [token, role],
);
const p = await c.newPage();
const d = await c.newCDPSession(p);
d.on("Network.requestWillBeSent", (e: any) => {
  const i = e.initiator;
  const frame = i.stack?.callFrames?.[0]?.url ?? i.stack?.parent?.callFrames?.[0]?.url;
  console.log(
    e.type,
    e.request.url.replace(server.url, "").slice(0, 50),
    "<-",
    i.type,
    (i.url ?? "").replace(server.url, ""),
    (frame ?? "").replace(server.url, ""),
  );
});
await d.send("Network.enable");
await p.goto(`${server.url}/admin/ila/load`);
await p.waitForTimeout(4000);
await b.close();
await server.stop();
