import Box from "@mui/material/Box";
import { lazy, Suspense, startTransition, useEffect, useRef, useState } from "react";
import { useAfterFirstScreen } from "../app/layout/useAfterFirstScreen.ts";
import { SearchBox } from "../ui/SearchBox.tsx";
import { useShortcuts } from "../ui/shortcuts.ts";

const PLACEHOLDER = "Search loads, routes, carriers…  /";

// MUI's Autocomplete (and Popper) are a fifth of the frame's code: they load once the first screen
// is up, or at once when the user goes for the box.
const HeaderSearch = lazy(() =>
  import("./HeaderSearch.tsx").then((module) => ({ default: module.HeaderSearch })),
);

/**
 * The header search's place: a plain box of the same look until HeaderSearch's code is in, then
 * HeaderSearch with what was typed and the focus. The swap runs in a transition, so the plain box
 * stays (focused, with its text) until the real one can show.
 */
export function HeaderSearchSlot() {
  const slot = useRef<HTMLDivElement>(null);
  const afterFirstScreen = useAfterFirstScreen();
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [text, setText] = useState("");

  // Through the one shortcut registry: a list screen's own '/' (its search box) wins while shown.
  useShortcuts([
    {
      key: "/",
      description: "Search loads, routes, carriers, invoices and bills",
      group: "General",
      run: () => slot.current?.querySelector("input")?.focus(),
    },
  ]);

  useEffect(() => {
    if (afterFirstScreen || wanted) startTransition(() => setLoaded(true));
  }, [afterFirstScreen, wanted]);

  const input = slot.current?.querySelector("input");
  const standIn = (
    <Box role="search" sx={{ flex: 1, minWidth: 0, maxWidth: 420 }}>
      <SearchBox
        label="Search"
        placeholder={PLACEHOLDER}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onFocus={() => setWanted(true)}
      />
    </Box>
  );
  return (
    <Box ref={slot} sx={{ display: "contents" }}>
      <Suspense fallback={standIn}>
        {loaded ? (
          <HeaderSearch
            initialText={text}
            autoFocus={input !== undefined && input !== null && input === document.activeElement}
          />
        ) : (
          standIn
        )}
      </Suspense>
    </Box>
  );
}
