import { toast } from "./toasts.ts";

/**
 * "Copy link" on a post (docs/decisions/046): the server renders it disabled and hidden from everyone
 * (it needs the Clipboard API); here it becomes a real button that copies the post's canonical address and
 * says so in a toast.
 */
export function enhanceCopyLinks(doc: Document = document) {
  for (const button of doc.querySelectorAll<HTMLButtonElement>("button[data-copy-link]")) {
    button.disabled = false;
    button.removeAttribute("aria-hidden");
    button.addEventListener("click", async () => {
      const url = button.dataset.copyLink ?? location.href;
      try {
        await navigator.clipboard.writeText(url);
        toast({ title: "Link copied", description: "The address of this post is on your clipboard." });
      } catch {
        // No clipboard (an old browser, a denied permission): the address to copy by hand.
        toast({ variant: "destructive", title: "Could not copy the link", description: url });
      }
    });
  }
}
