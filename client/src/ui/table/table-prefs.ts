import { useCallback, useState } from "react";
import { readClaims } from "../../lib/jwt.ts";
import { session } from "../../lib/session.ts";

/**
 * How a user likes the lists: row density (one choice for every list) and hidden columns (per
 * list). Kept in this browser's localStorage under the signed-in user's id, so two operators
 * sharing a browser keep their own choices; nothing goes to the server.
 */
export type Density = "comfortable" | "compact";

interface Stored {
  density: Density;
  hidden: readonly string[];
}

function userKey(): string {
  return readClaims(session.getState().token)?.sub ?? "anonymous";
}

const densityKey = () => `freightway.lists.${userKey()}.density`;
const hiddenKey = (table: string) => `freightway.lists.${userKey()}.hidden.${table}`;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the choice lasts until the page closes.
  }
}

function readStored(table: string, hideable: readonly string[], hiddenByDefault: readonly string[]): Stored {
  const density = read(densityKey()) === "compact" ? "compact" : "comfortable";
  let hidden: string[] = [];
  try {
    const parsed: unknown = JSON.parse(read(hiddenKey(table)) ?? JSON.stringify(hiddenByDefault));
    if (Array.isArray(parsed)) hidden = parsed.filter((id): id is string => hideable.includes(id));
  } catch {
    hidden = [];
  }
  return { density, hidden };
}

/** A list's density and hidden columns, remembered per user. */
export function useTablePrefs(
  table: string,
  hideable: readonly string[],
  hiddenByDefault: readonly string[] = [],
) {
  const [prefs, setPrefs] = useState(() => readStored(table, hideable, hiddenByDefault));
  const setDensity = useCallback((density: Density) => {
    write(densityKey(), density);
    setPrefs((current) => ({ ...current, density }));
  }, []);
  const toggleColumn = useCallback(
    (id: string) => {
      setPrefs((current) => {
        const hidden = current.hidden.includes(id)
          ? current.hidden.filter((other) => other !== id)
          : [...current.hidden, id];
        write(hiddenKey(table), JSON.stringify(hidden));
        return { ...current, hidden };
      });
    },
    [table],
  );
  return { density: prefs.density, hidden: prefs.hidden, setDensity, toggleColumn };
}
