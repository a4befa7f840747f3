import { Form } from "react-router";
import { Search } from "lucide-react";
import { SEARCH_QUERY_MAX } from "../../lib/blog-discovery.ts";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";

/**
 * 'Search the blog': a plain GET form to /blog?q=… (docs/decisions/043), so it works before and
 * without JavaScript; once the page has hydrated, React Router submits it without a full reload.
 * `defaultValue` is the search shown, and keys the field so it follows client-side navigations.
 */
export function BlogSearchForm({
  id = "blog-search",
  defaultValue = "",
  label = "Search the blog",
  hideLabel = false,
  className,
}: {
  id?: string;
  defaultValue?: string;
  label?: string;
  /** The label for screen readers only, where the band around the form already says what it is. */
  hideLabel?: boolean;
  className?: string;
}) {
  return (
    <Form method="get" action="/blog" role="search" className={cn("w-full max-w-xl", className)}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-semibold text-foreground"}>
        {label}
      </label>
      <div className={cn("flex gap-2", !hideLabel && "mt-2")}>
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            key={defaultValue}
            id={id}
            type="search"
            name="q"
            defaultValue={defaultValue}
            maxLength={SEARCH_QUERY_MAX}
            required
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Search posts"
            className="h-11 pl-9 text-base sm:text-sm"
          />
        </div>
        <Button type="submit" className="h-11 px-5">
          Search
        </Button>
      </div>
    </Form>
  );
}
