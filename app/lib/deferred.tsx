import { lazy, Suspense, type ComponentType } from "react";

/**
 * A component whose code stays off the first paint. The server renders it in place like any other
 * (documents are sent complete); in the browser its chunk is not preloaded with the page's but
 * fetched when hydration reaches it. Until it arrives React keeps the server's HTML, which does
 * not respond yet (a click on it then is lost, as any click before hydration is).
 */
export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<Props>;
  return function Deferred(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
