import { enhanceMenus } from "./menus.ts";
import { enhanceToasts } from "./toasts.ts";
import { enhanceDemoForm } from "./demo-form.ts";
import { enhanceCopyLinks } from "./copy-link.ts";
import { enhanceEmbeds } from "./embeds.ts";
import { startPageViews } from "./page-views.ts";

/**
 * The public pages' script (docs/decisions/019-public-pages-are-documents.md). The page is server HTML
 * that works as it is shown (links, forms, <details> menus, and the cookie consent of the inline <head>
 * script); this adds behaviour to the elements already there and never re-renders or replaces them, so
 * nothing a visitor typed or opened before it arrived is lost. It marks <html data-enhanced> when done
 * (CSS reveals the controls that need it; browser tests wait for the mark).
 */
function enhance() {
  enhanceToasts();
  enhanceMenus();
  enhanceDemoForm();
  enhanceCopyLinks();
  enhanceEmbeds();
  startPageViews();
  document.documentElement.dataset.enhanced = "";
}

// React puts an async script in <head> and it may run before the body is parsed (from the cache, say):
// then it waits for the document, whose controls already work on their own meanwhile.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", enhance, { once: true });
else enhance();
