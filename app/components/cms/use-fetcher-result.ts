import { useEffect, useRef } from "react";

/**
 * Calls `onResult` once for each new answer of a fetcher, when it is idle again (revalidation
 * done). Keyed on the answer itself, so re-renders (a new `navigate` function, a parent update)
 * never repeat a toast or a navigation.
 */
export function useFetcherResult<T>(fetcher: { state: string; data?: T }, onResult: (result: T) => void) {
  const handled = useRef<T | undefined>(undefined);
  const callback = useRef(onResult);
  useEffect(() => {
    callback.current = onResult;
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
