import { useEffect } from "react";
import { documentTitleOf } from "../lib/breadcrumbs.ts";

/** Sets the browser tab's title while the screen is shown ('L-1 · Load · ILA · Freightway'). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitleOf(title);
  }, [title]);
}
