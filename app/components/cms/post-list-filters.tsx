import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { Link, useNavigate } from "react-router";
import { Search, X } from "lucide-react";
import {
  CMS_STATUSES,
  cmsSortLabels,
  cmsStatusLabels,
  DASHBOARD_PER_PAGE,
  cmsListHref,
  effectiveSort,
  isFiltered,
  type CmsListQuery,
  type CmsSort,
  type CmsStatus,
} from "../../../shared/cms-listing.ts";
import { cn } from "../../lib/cn.ts";
import type { CmsTag } from "../../../server/services/tags.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";

/** How long the search waits after the last key before it reads the list (docs/decisions/036). */
const SEARCH_PAUSE_MS = 300;

const selectClass =
  "h-10 w-full min-w-0 rounded-lg border border-border-strong bg-white pr-8 pl-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30";

/**
 * The dashboard's search, status, tag and order (docs/decisions/045): a plain GET form, so it works
 * without JavaScript (Search applies everything); with JavaScript a changed select applies at once and
 * the search applies a short pause after typing (docs/decisions/036), the address keeping `q`.
 * A new search or filter starts again at page 1.
 */
export function PostListFilters({ query, tags }: { query: CmsListQuery; tags: CmsTag[] }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const sort = effectiveSort(query);
  // The search this form last sent: the address coming back with it must not overwrite what was typed since.
  const [sentQ, setSentQ] = useState<string | null>(null);
  const [q, setQ] = useAddressValue(query.q ?? "", sentQ);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const searchRef = useRef<HTMLInputElement>(null);
  useSearchShortcut(searchRef);
  // "Best match" only means something with search text.
  const sorts = (Object.keys(cmsSortLabels) as CmsSort[]).filter((value) => value !== "relevance" || query.q);
  /**
   * With JavaScript, the list's own short address (defaults left out), not every field as the plain
   * form sends it. An order left at its default stays the default, so a new search reads best match first.
   */
  const apply = ({ typed = false }: { typed?: boolean } = {}) => {
    clearTimeout(typing.current);
    if (!formRef.current) return;
    const form = new FormData(formRef.current);
    const value = (name: string) => String(form.get(name) ?? "").trim();
    // A pause after a space or a change back to the same words: nothing new to read.
    if (typed && value("q") === (query.q ?? "")) return;
    setSentQ(value("q"));
    const chosenSort = value("sort") as CmsSort;
    const next: Partial<CmsListQuery> = {
      q: value("q") || undefined,
      status: (value("status") || "all") as CmsStatus,
      tag: value("tag") || undefined,
      sort: query.sort === undefined && chosenSort === sort ? undefined : chosenSort,
      perPage: query.perPage,
    };
    // Typing replaces the history entry: Back leaves the search rather than stepping through its letters.
    void navigate(cmsListHref(next), { preventScrollReset: true, replace: typed });
  };
  // A tag in the address that no longer exists still shows as chosen, so the filter is visible.
  const tagOptions = query.tag && !tags.some((tag) => tag.slug === query.tag) ? [...tags, { slug: query.tag, name: query.tag, count: 0 }] : tags;

  return (
    <form
      ref={formRef}
      method="get"
      action="/cms/control"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      role="search"
      aria-label="Filter posts"
      className="grid gap-3 border-b border-border p-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end"
    >
      <div className="grid gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-foreground">
            Search posts
          </label>
          {/* Announced through aria-keyshortcuts on the field; shown to those who see and have a keyboard. */}
          <span aria-hidden="true" className="hidden text-xs text-muted-foreground sm:inline">
            Press <kbd className="rounded border border-border-strong bg-white px-1.5 font-mono text-[11px] text-foreground">/</kbd> to search
          </span>
        </div>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <Input
              ref={searchRef}
              id={`${id}-q`}
              type="search"
              aria-keyshortcuts="/"
              name="q"
              value={q}
              onChange={(event) => {
                setQ(event.target.value);
                clearTimeout(typing.current);
                typing.current = setTimeout(() => apply({ typed: true }), SEARCH_PAUSE_MS);
              }}
              placeholder="Title, text or slug"
              maxLength={200}
              className="pl-9"
            />
          </div>
          <Button type="submit">Search</Button>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <FilterSelect id={`${id}-status`} label="Status" name="status" value={query.status} onChange={() => apply()}>
          {CMS_STATUSES.map((status) => (
            <option key={status} value={status}>
              {cmsStatusLabels[status]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id={`${id}-tag`} label="Tag" name="tag" value={query.tag ?? ""} onChange={() => apply()}>
          <option value="">All tags</option>
          {tagOptions.map((tag) => (
            <option key={tag.slug} value={tag.slug}>
              {tag.name} ({tag.count})
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id={`${id}-sort`}
          label="Sort by"
          name="sort"
          value={sort}
          onChange={() => apply()}
          className="col-span-2 sm:col-span-1"
        >
          {sorts.map((value) => (
            <option key={value} value={value}>
              {cmsSortLabels[value]}
            </option>
          ))}
        </FilterSelect>
      </div>
      {query.perPage !== undefined && query.perPage !== DASHBOARD_PER_PAGE && (
        <input type="hidden" name="perPage" value={query.perPage} />
      )}
      {isFiltered(query) && (
        <p className="lg:col-span-2">
          <Link
            to="/cms/control"
            className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary-strong underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden="true" />
            Clear filters
          </Link>
        </p>
      )}
    </form>
  );
}

function FilterSelect({
  id,
  label,
  name,
  value,
  onChange,
  className,
  children,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: () => void;
  className?: string;
  children: ReactNode;
}) {
  const [selected, setSelected] = useAddressValue(value);
  return (
    <div className={cn("grid min-w-0 gap-1.5 lg:w-44", className)}>
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={selected}
        onChange={(event) => {
          setSelected(event.target.value);
          onChange();
        }}
        className={selectClass}
      >
        {children}
      </select>
    </div>
  );
}

/**
 * A field's value as typed, reset to the address's whenever that changes (back, forward, Clear
 * filters), except to `own`: the value this form itself sent, which would undo the keys typed while it
 * loaded. The field stays mounted, so focus stays where the keyboard left it.
 */
function useAddressValue(fromAddress: string, own: string | null = null): [string, (value: string) => void] {
  const [value, setValue] = useState(fromAddress);
  const [seen, setSeen] = useState(fromAddress);
  if (seen !== fromAddress) {
    setSeen(fromAddress);
    if (fromAddress !== own) setValue(fromAddress);
  }
  return [value, setValue];
}

/**
 * "/" anywhere on the dashboard, outside a field, puts the cursor in the search with its text selected
 * (as on GitHub and Ghost's lists; docs/decisions/036).
 */
function useSearchShortcut(searchRef: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])")) return;
      if (!searchRef.current) return;
      event.preventDefault();
      searchRef.current.focus();
      searchRef.current.select();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [searchRef]);
}
