import { Link2 } from "lucide-react";
import { buttonVariants } from "../ui/button.tsx";
import { LinkedInIcon, XIcon } from "../site/social-icons.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * The networks' own share addresses (docs/decisions/046): plain links, so sharing needs no script,
 * no image and no request to the network until the reader chooses it.
 */
export function shareUrls(url: string, title: string) {
  const encodedUrl = encodeURIComponent(url);
  return {
    x: `https://x.com/intent/post?url=${encodedUrl}&text=${encodeURIComponent(title)}`,
    linkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`,
  };
}

const shareControl = cn(buttonVariants({ variant: "outline", size: "sm" }), "[&_svg]:size-4");

/**
 * Share this post (docs/product.md §2 blog post; docs/decisions/046): X and LinkedIn open their share pages in
 * a new tab; Copy link puts `url` (the canonical address) on the clipboard and says so in a toast.
 */
export function ShareLinks({ url, title, className }: { url: string; title: string; className?: string }) {
  const share = shareUrls(url, title);
  return (
    <section aria-labelledby="share-post-heading" className={cn("flex flex-wrap items-center gap-x-4 gap-y-3", className)}>
      <h2 id="share-post-heading" className="text-sm font-semibold text-foreground">
        Share this post
      </h2>
      <ul className="flex flex-wrap gap-2">
        <li>
          <a href={share.x} target="_blank" rel="noopener noreferrer" className={shareControl}>
            <XIcon />
            <span className="sr-only">Share on </span>X<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={share.linkedIn} target="_blank" rel="noopener noreferrer" className={shareControl}>
            <LinkedInIcon />
            <span className="sr-only">Share on </span>LinkedIn<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <CopyLinkButton url={url} />
        </li>
      </ul>
    </section>
  );
}

/**
 * Needs the Clipboard API, so it is a control only once the page's script has set it up
 * (app/site/copy-link.ts). Until then (and without JavaScript) it keeps its place invisibly: disabled,
 * out of the tab order and the accessibility tree, never a dead button, and nothing moves when it
 * appears (docs/decisions/019).
 */
function CopyLinkButton({ url }: { url: string }) {
  return (
    <button type="button" data-copy-link={url} data-needs-script="" disabled aria-hidden="true" className={shareControl}>
      <Link2 aria-hidden="true" />
      Copy link
    </button>
  );
}
