import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";

const env = { DATABASE_URL: "postgresql://db/freightway", JWT_SECRET: "secret" };

describe("drain and keep-alive settings", () => {
  it("defaults to a 5 s delay, a 25 s grace and 30 s pings", () => {
    expect(loadConfig(env)).toMatchObject({
      shutdownDelaySeconds: 5,
      shutdownGraceSeconds: 25,
      wsPingSeconds: 30,
    });
  });

  it("reads fractions of seconds, and a delay of 0", () => {
    expect(
      loadConfig({
        ...env,
        SHUTDOWN_DELAY_SECONDS: "0",
        SHUTDOWN_GRACE_SECONDS: "0.5",
        WS_PING_SECONDS: "2.5",
      }),
    ).toMatchObject({ shutdownDelaySeconds: 0, shutdownGraceSeconds: 0.5, wsPingSeconds: 2.5 });
  });

  it("refuses to start with a value that is not a duration", () => {
    expect(() => loadConfig({ ...env, SHUTDOWN_DELAY_SECONDS: "-1" })).toThrow(
      "SHUTDOWN_DELAY_SECONDS must be a number of seconds.",
    );
    expect(() => loadConfig({ ...env, SHUTDOWN_GRACE_SECONDS: "0" })).toThrow(
      "SHUTDOWN_GRACE_SECONDS must be a number of seconds above 0.",
    );
    expect(() => loadConfig({ ...env, WS_PING_SECONDS: "soon" })).toThrow(
      "WS_PING_SECONDS must be a number of seconds above 0.",
    );
  });
});
