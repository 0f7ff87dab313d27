import { readClaims } from "./jwt.ts";

/**
 * The browser session (spec section 3): accessToken and userRole in local storage, plus what the
 * UI must tell the user about it. Relay's network layer and React read the same store.
 */

export const TOKEN_KEY = "accessToken";
export const ROLE_KEY = "userRole";

export interface SessionNotice {
  message: string;
  /** A dialog asks for acknowledgement (session ended); a snackbar just informs. */
  kind: "dialog" | "snackbar";
  severity: "info" | "success" | "warning" | "error";
}

export interface SessionState {
  token: string | null;
  role: string | null;
  /** Bumped whenever the signed-in user changes, so per-user caches (the Relay store) start over. */
  epoch: number;
  notice: SessionNotice | null;
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  signIn(token: string, role: string): void;
  /** A refreshed access token for the same session. */
  replaceToken(token: string): void;
  /** The server's word on the role wins over a stored (possibly edited) one. */
  confirmRole(role: string): void;
  /**
   * Forgets the credentials; the guards then send the visitor to /login. A notice from the
   * session that ends (e.g. "your other session was replaced") goes with it; `notice` replaces it.
   */
  end(notice?: SessionNotice | null): void;
  notify(notice: SessionNotice): void;
  dismissNotice(): void;
  /** Another tab changed the stored credentials. */
  reloadFromStorage(): void;
}

export function createSessionStore(storage: KeyValueStorage): SessionStore {
  const read = () => ({ token: storage.getItem(TOKEN_KEY), role: storage.getItem(ROLE_KEY) });
  let state: SessionState = { ...read(), epoch: 0, notice: null };
  const listeners = new Set<() => void>();

  function set(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(token, role) {
      storage.setItem(TOKEN_KEY, token);
      storage.setItem(ROLE_KEY, role);
      set({ token, role, epoch: state.epoch + 1, notice: state.notice });
    },
    replaceToken(token) {
      if (!state.token) return;
      storage.setItem(TOKEN_KEY, token);
      set({ ...state, token });
    },
    confirmRole(role) {
      if (!state.token || state.role === role) return;
      storage.setItem(ROLE_KEY, role);
      set({ ...state, role });
    },
    end(notice = null) {
      storage.removeItem(TOKEN_KEY);
      storage.removeItem(ROLE_KEY);
      const signedOut = state.token === null && state.role === null;
      if (signedOut && !notice) return;
      set({
        token: null,
        role: null,
        epoch: signedOut ? state.epoch : state.epoch + 1,
        notice,
      });
    },
    notify(notice) {
      set({ ...state, notice });
    },
    dismissNotice() {
      if (state.notice) set({ ...state, notice: null });
    },
    reloadFromStorage() {
      const stored = read();
      if (stored.token === state.token && stored.role === state.role) return;
      const sameUser =
        stored.token !== null &&
        state.token !== null &&
        stored.role === state.role &&
        readClaims(stored.token)?.sub === readClaims(state.token)?.sub;
      set({ ...state, ...stored, epoch: sameUser ? state.epoch : state.epoch + 1 });
    },
  };
}
