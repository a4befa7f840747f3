import { createContext, RouterContextProvider } from "react-router";
import type { Logger } from "pino";
import type { Services } from "../server/services.ts";
import type { SessionDevice } from "../server/services/auth.ts";

/** What the HTTP layer knows about the current request, for loaders, actions and the document. */
export interface RequestInfo {
  requestId: string;
  /** Per-request CSP nonce, given to every script React Router renders. */
  nonce: string;
  log: Logger;
  /** The visitor's address as Express sees it (honours TRUST_PROXY), e.g. for rate limits. */
  clientIp?: string;
  /** What a session started by this request remembers of the device (server/security/client-place.ts). */
  device?: SessionDevice;
  /** Called when a loader reads the session: the answer is then this visitor's alone, never stored (decision 005). */
  onSessionRead?: () => void;
}

export const servicesContext = createContext<Services>();
export const requestInfoContext = createContext<RequestInfo>();

/**
 * NOTE: the server entry and the built bundle load separate copies of this module, so the
 * context keys must be used from the bundle's copy. entry.server.tsx re-exports this function
 * and the HTTP layer calls it through the build (docs/architecture.md, known gotchas).
 */
export function createLoadContext(services: Services, info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestInfoContext, info);
  return context;
}
