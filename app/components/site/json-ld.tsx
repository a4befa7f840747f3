import { useNonce } from "../../lib/nonce.tsx";

/**
 * A script of JSON the browser reads itself (structured data, Speculation Rules), with the CSP nonce.
 * `<` is escaped so the JSON can never close the script.
 */
export function JsonScript({ type, data }: { type: string; data: Record<string, unknown> }) {
  const nonce = useNonce();
  return (
    <script
      type={type}
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}

/** Structured data for search engines. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <JsonScript type="application/ld+json" data={data} />;
}
