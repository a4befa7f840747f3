/**
 * When a document's JavaScript starts (docs/decisions/016-public-pages-hydrate-after-load.md).
 *
 * A layout route declares `export const handle = hydrateAfterLoad;` for pages whose first paint
 * must owe nothing to JavaScript: the public site. Their HTML then carries no module preloads, and
 * React Router's module script starts after the load event, when the browser is idle, or at once on
 * the visitor's first interaction. Pages that declare nothing (the CMS) load their scripts at once.
 */
export interface HydrationHandle {
  hydration: "after-load";
}

export const hydrateAfterLoad: HydrationHandle = { hydration: "after-load" };

export function hydratesAfterLoad(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as Partial<HydrationHandle> | undefined)?.hydration === "after-load");
}

/** The id of the inert copy of React Router's module script, started by `startHydrationScript`. */
export const HYDRATION_SCRIPT_ID = "hydration-modules";

/**
 * Runs the inert module script as a real one once the page has loaded *and* painted its first content
 * (then when idle, at most 2 s later; 3 s after load at the latest, e.g. in a background tab that never
 * paints), or on the first pointer, key or focus event, whichever comes first. Waiting for the paint
 * matters: on this machine `load` came 30–90 ms before the first paint, and scripts requested before
 * the paint count against it in Lighthouse (measured: LCP 1.5–1.66 s without the wait).
 * The new script carries the same text, so the page's CSP allows it by the same nonce or hash. The
 * start is marked `hydration-start` in the Performance timeline (the budget test reads it).
 */
export const startHydrationScript = `(function(w,d){var started=false,events=["pointerdown","keydown","focusin","touchstart"];function start(){if(started)return;started=true;events.forEach(function(e){d.removeEventListener(e,start,true)});w.performance.mark("hydration-start");var inert=d.getElementById(${JSON.stringify(HYDRATION_SCRIPT_ID)});d.body.appendChild(Object.assign(d.createElement("script"),{type:"module",nonce:inert.nonce,textContent:inert.textContent}))}function idle(){w.requestIdleCallback?w.requestIdleCallback(start,{timeout:2000}):setTimeout(start,1)}function afterPaint(){var P=w.PerformanceObserver;if(!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return idle();var o=new P(function(list){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();idle()}});o.observe({type:"paint",buffered:true});setTimeout(idle,3000)}events.forEach(function(e){d.addEventListener(e,start,{capture:true,passive:true})});d.readyState==="complete"?afterPaint():w.addEventListener("load",afterPaint,{once:true})})(window,document)`;
