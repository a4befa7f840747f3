import { useEffect } from "react";
import { useLatest } from "./use-latest.ts";

/** Ctrl/Cmd+S calls `save` (the editor saves with the Published checkbox's value: docs/product.md §4, no explicit choice). */
export function useSaveShortcut(save: () => void) {
  const saveRef = useLatest(save);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [saveRef]);
}
