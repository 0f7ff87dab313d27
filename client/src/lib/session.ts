import { createSessionStore } from "./session-store.ts";

/** The app's one session store, over the browser's local storage. */
export const session = createSessionStore(window.localStorage);

window.addEventListener("storage", (event) => {
  if (event.key === null || event.key === "accessToken" || event.key === "userRole")
    session.reloadFromStorage();
});
