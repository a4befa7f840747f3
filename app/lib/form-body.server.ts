import { data } from "react-router";

/**
 * The body of a form post, read with a byte limit (413 the moment it is passed, whether or not the
 * request declared a Content-Length: a chunked body is counted as it arrives) and refused with 400
 * when it cannot be read as a form, so an action never turns bad input into a 500 or into memory.
 * The refusal asks the connection to close, so the rest of an oversized body is never read.
 */
export async function readFormBody(request: Request, maxBytes: number): Promise<FormData> {
  const body = await readBodyBytes(request, maxBytes);
  try {
    return await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw unreadable();
  }
}

/** The JSON body of a script's post (the landing-page editor's: docs/decisions/039), with the same limit and refusals. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const body = await readBodyBytes(request, maxBytes);
  try {
    return JSON.parse(new TextDecoder().decode(body)) as unknown;
  } catch {
    throw unreadable();
  }
}

const tooLarge = () => data({ ok: false, message: "Request body too large" }, { status: 413, headers: { Connection: "close" } });
const unreadable = () => data({ ok: false, message: "The form could not be read" }, { status: 400 });

async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= maxBytes)) throw tooLarge();

  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const next = await reader.read().catch(() => null);
    if (next === null) throw unreadable();
    if (next.done) break;
    received += next.value.byteLength;
    if (received > maxBytes) {
      void reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) body.set(chunk, (offset += chunk.byteLength) - chunk.byteLength);
  return body;
}
