import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";

const base = { DATABASE_URL: "postgresql://db/freightway", JWT_SECRET: "secret" };

describe("METRICS_TOKEN and METRICS_PORT", () => {
  it("are off unless set", () => {
    expect(loadConfig(base)).toMatchObject({ metricsToken: undefined, metricsPort: undefined });
    expect(loadConfig({ ...base, METRICS_TOKEN: "t", METRICS_PORT: "9464" })).toMatchObject({
      metricsToken: "t",
      metricsPort: 9464,
    });
  });

  it("refuse a port that is not one, or a port without a token", () => {
    expect(() => loadConfig({ ...base, METRICS_TOKEN: "t", METRICS_PORT: "metrics" })).toThrow(
      /METRICS_PORT/,
    );
    expect(() => loadConfig({ ...base, METRICS_TOKEN: "t", METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ ...base, METRICS_PORT: "9464" })).toThrow(/METRICS_TOKEN/);
  });
});
