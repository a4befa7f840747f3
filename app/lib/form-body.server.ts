import { data } from "react-router";

/**
 * The body of a form post, read with a byte limit (413 the moment it is passed, whether or not the
 * request declared a Content-Length: a chunked body is counted as it arrives) and refused with 400
 * when it cannot be read as a form, so an action never turns bad input into a 500 or into memory.
 * The refusal asks the connection to close, so the rest of an oversized body is never read.
 */
export async function readFormBody(request: Request, maxBytes: number): Promise<FormData> {
  const tooLarge = () => data({ ok: false, message: "Request body too large" }, { status: 413, headers: { Connection: "close" } });
  const unreadable = () => data({ ok: false, message: "The form could not be read" }, { status: 400 });
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
  try {
    const body = new Uint8Array(received);
    let offset = 0;
    for (const chunk of chunks) body.set(chunk, (offset += chunk.byteLength) - chunk.byteLength);
    return await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw unreadable();
  }
}
