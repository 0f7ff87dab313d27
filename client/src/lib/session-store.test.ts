import { describe, expect, it, vi } from "vitest";
import { createSessionStore, ROLE_KEY, TOKEN_KEY } from "./session-store.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const tokenFor = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub })).toString("base64url")}.s`;

describe("session store", () => {
  it("starts from what local storage holds (spec: accessToken and userRole)", () => {
    const store = createSessionStore(memoryStorage({ [TOKEN_KEY]: "t", [ROLE_KEY]: "ADMIN" }));
    expect(store.getState()).toMatchObject({ token: "t", role: "ADMIN", notice: null });
  });

  it("signs in and out, bumping the epoch for each user change", () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.signIn("t1", "CARRIER");
    expect(storage.values.get(TOKEN_KEY)).toBe("t1");
    expect(store.getState().epoch).toBe(1);
    store.replaceToken("t2");
    expect(store.getState()).toMatchObject({ token: "t2", epoch: 1 });
    store.end({ message: "bye", kind: "dialog", severity: "warning" });
    expect(storage.values.size).toBe(0);
    expect(store.getState()).toMatchObject({ token: null, role: null, epoch: 2, notice: { message: "bye" } });
    store.end();
    expect(store.getState().epoch).toBe(2);
    store.dismissNotice();
    expect(store.getState().notice).toBeNull();
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it("keeps a notice given before signing in (the replaced-session message)", () => {
    const store = createSessionStore(memoryStorage());
    store.notify({ message: "replaced", kind: "snackbar", severity: "info" });
    store.signIn("t", "CARRIER");
    expect(store.getState().notice?.message).toBe("replaced");
  });

  it("drops the replaced-session notice on logout", () => {
    const store = createSessionStore(memoryStorage());
    store.notify({ message: "replaced", kind: "snackbar", severity: "info" });
    store.signIn("t", "CARRIER");
    store.end();
    expect(store.getState().notice).toBeNull();
  });

  it("ignores token refreshes once signed out and trusts the server's role", () => {
    const store = createSessionStore(memoryStorage());
    store.replaceToken("late");
    expect(store.getState().token).toBeNull();
    store.signIn("t", "CARRIER");
    store.confirmRole("ADMIN");
    expect(store.getState().role).toBe("ADMIN");
  });

  it("follows other tabs: same user keeps the store, another user gets a new one", () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.signIn(tokenFor("u1"), "CARRIER");
    storage.setItem(TOKEN_KEY, `${tokenFor("u1")}x`);
    store.reloadFromStorage();
    expect(store.getState().epoch).toBe(1);
    storage.setItem(TOKEN_KEY, tokenFor("u2"));
    store.reloadFromStorage();
    expect(store.getState().epoch).toBe(2);
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(ROLE_KEY);
    store.reloadFromStorage();
    expect(store.getState()).toMatchObject({ token: null, epoch: 3 });
  });
});
