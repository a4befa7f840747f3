import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";

/**
 * The browser side of two-step sign-in (docs/decisions/075-second-factor.md): JSON calls to
 * /api/login/second-factor and /api/cms/profile/second-factor, and the WebAuthn ceremonies through
 * @simplewebauthn/browser, loaded only when a passkey is used.
 */

export type ApiAnswer<T> = { ok: true; body: T } | { ok: false; status: number; message: string; errors?: Record<string, string> };

export async function callJson<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: "The server could not be reached. Check your connection and try again." };
  }
  const parsed = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
  if (response.ok) return { ok: true, body: parsed as T };
  return { ok: false, status: response.status, message: parsed.message ?? `Something went wrong (${response.status}).`, errors: parsed.errors };
}

/** A WebAuthn prompt the person closed or let time out: not an error worth a red toast. */
export const isCancelled = (error: unknown) => error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

export async function createPasskey(options: PublicKeyCredentialCreationOptionsJSON) {
  const { startRegistration } = await import("@simplewebauthn/browser");
  return startRegistration({ optionsJSON: options });
}

export async function signWithPasskey(options: PublicKeyCredentialRequestOptionsJSON) {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return startAuthentication({ optionsJSON: options });
}

export const passkeysSupported = () => typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
