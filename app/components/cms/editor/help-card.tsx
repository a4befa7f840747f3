import { CircleHelp } from "lucide-react";
import { Card, CardContent } from "../../ui/card.tsx";
import { Disclosure } from "./disclosure.tsx";

/**
 * docs/product.md §2: drafts are saved but not public; published posts appear on the blog. Closed until opened, so
 * the settings panel stays short (docs/decisions/061, "The editor's layout").
 */
export function HelpCard() {
  return (
    <Card>
      <CardContent className="pt-4 pb-4">
        <Disclosure summary={<h2 className="text-base leading-snug font-semibold tracking-tight">Help</h2>} icon={<CircleHelp className="size-4 text-primary" aria-hidden="true" />}>
        <div className="grid gap-3 text-sm text-slate-700">
        <p>
          <strong className="font-semibold text-foreground">Save Draft</strong> stores the post without making it public.
          Only people signed in to the CMS can preview it.
        </p>
        <p>
          <strong className="font-semibold text-foreground">Share preview</strong> makes a link for reviewers: anyone who
          has it can read the unpublished post without signing in, until it expires or you revoke it.
        </p>
        <p>
          <strong className="font-semibold text-foreground">Publish</strong> puts the post on the blog at once, where anyone
          can read it.
        </p>
        <p className="text-muted-foreground">
          Your unsaved text is kept on this device as you type, and a private copy is saved to the server a few
          seconds after you stop, so a crash, a reload or another device does not lose it. A published post changes only
          when you click Update Published.
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <dt><kbd className="font-sans font-semibold text-foreground">Ctrl+S</kbd></dt>
          <dd>Save</dd>
          <dt><kbd className="font-sans font-semibold text-foreground">Ctrl+K</kbd></dt>
          <dd>Add a link</dd>
          <dt><kbd className="font-sans font-semibold text-foreground">Alt+F10</kbd></dt>
          <dd>Go to the formatting toolbar</dd>
        </dl>
        </div>
        </Disclosure>
      </CardContent>
    </Card>
  );
}
