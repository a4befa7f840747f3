import { useEffect, useId, useRef, useState, type CSSProperties } from "react";
import { useSiteTimeZone } from "../../../lib/site-details.ts";
import { Link, useNavigate } from "react-router";
import { ArrowLeft, Copy, ExternalLink, Trash2 } from "lucide-react";
import type { SessionUser } from "../../../../shared/auth-schemas.ts";
import {
  landingPageFieldErrors,
  landingPageInputSchema,
  landingPagePath,
  PAGE_SLUG_MAX,
  PAGE_TITLE_MAX,
  publishProblems,
  type LandingBlock,
  type LandingPage,
  type LandingPageInput,
  type LandingPageRevision,
} from "../../../../shared/landing-pages.ts";
import { slugify } from "../../../../shared/slugify.ts";
import type { ReviewLink } from "../../../../shared/review-links.ts";
import { formatInZone } from "../../../lib/site-time.ts";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { Card, CardContent } from "../../ui/card.tsx";
import { Checkbox } from "../../ui/checkbox.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { CmsShell } from "../cms-shell.tsx";
import { PostStatusBadge } from "../post-status-badge.tsx";
import { ConflictDialog } from "../editor/conflict-dialog.tsx";
import { FieldError, fieldErrorProps } from "../editor/field-error.tsx";
import { LeaveDialog } from "../editor/leave-dialog.tsx";
import { ScheduleDialog } from "../editor/schedule-dialog.tsx";
import { SeoSettingsCard } from "../editor/seo-settings-card.tsx";
import { useLeaveGuard } from "../editor/use-leave-guard.ts";
import { useSaveShortcut } from "../editor/use-save-shortcut.ts";
import { BlockList } from "./block-list.tsx";
import { ImageField } from "./block-fields.tsx";
import { NoindexBadge } from "./noindex-badge.tsx";
import { usePageRequests, type PageEditorResult } from "./page-editor-requests.ts";
import { PageHistory } from "./page-history.tsx";
import { PagePreviewFrame } from "./page-preview-frame.tsx";
import { PageReviewLinks } from "./page-review-links.tsx";
import { SPLIT, SplitHandle, splitMax } from "./split-handle.tsx";

const emptyPage: LandingPageInput = { title: "", slug: "", blocks: [], metaTitle: "", metaDescription: "", ogImage: "", noindex: false };

const fieldsOf = (page: LandingPage): LandingPageInput => ({
  title: page.title,
  slug: page.slug,
  blocks: page.blocks,
  metaTitle: page.metaTitle,
  metaDescription: page.metaDescription,
  ogImage: page.ogImage,
  noindex: page.noindex,
});

type Errors = { page: Record<string, string>; blocks: Record<string, Record<string, string>> };
const noErrors: Errors = { page: {}, blocks: {} };

/** Messages keyed `blocks.{i}.{path}` (shared/landing-pages.ts) filed under their block's id, so they follow it when it moves. */
function filed(errors: Record<string, string>, blocks: readonly LandingBlock[]): Errors {
  const result: Errors = { page: {}, blocks: {} };
  for (const [key, message] of Object.entries(errors)) {
    const match = /^blocks\.(\d+)\.(.+)$/.exec(key);
    const block = match ? blocks[Number(match[1])] : undefined;
    if (match && block) (result.blocks[block.id] ??= {})[match[2]!] = message;
    else result.page[key] = message;
  }
  return result;
}

type Mode = "save" | "publish" | "schedule";

/**
 * The landing-page editor (docs/decisions/039-landing-page-editor.md): title and slug, the blocks, the SEO
 * card with the social image and the noindex switch, and a live preview at phone and desktop widths; Save
 * draft, Publish / Update, Schedule, Unpublish, History, review links, Duplicate and Delete. Every field is
 * checked here with the shared schema and its publish check before the server, which has the last word.
 */
export function LandingPageEditor({
  user,
  initialPage,
  revisions,
  reviewLinks,
}: {
  user: SessionUser;
  initialPage: LandingPage | null;
  revisions: LandingPageRevision[];
  reviewLinks: ReviewLink[];
}) {
  const id = useId();
  const timeZone = useSiteTimeZone();
  const navigate = useNavigate();
  const formRef = useRef<HTMLDivElement>(null);
  const [saved, setSaved] = useState(initialPage);
  const [fields, setFields] = useState<LandingPageInput>(() => (initialPage ? fieldsOf(initialPage) : emptyPage));
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(initialPage ? fieldsOf(initialPage) : emptyPage));
  // For a new page the slug follows the title until it is typed in (as the post editor's does).
  const [slugFollows, setSlugFollows] = useState(initialPage === null);
  const [errors, setErrors] = useState<Errors>(noErrors);
  const [errorsShown, setErrorsShown] = useState(0);
  // Bumped when the page is replaced from the server: rich-text blocks take the new text.
  const [revision, setRevision] = useState(0);
  const [conflict, setConflict] = useState<{ current: LandingPage; mode: Mode; at: string | null } | null>(null);
  const [busyMode, setBusyMode] = useState<string | null>(null);
  // The preview beside the editor, or large above it (docs/decisions/039, "The editor's layout").
  const [largePreview, setLargePreview] = useState(false);
  // The blocks column's width beside the preview, which the handle between them changes (split-handle.tsx).
  const [blocksWidth, setBlocksWidth] = useState<number>(SPLIT.initial);
  const [rowWidth, setRowWidth] = useState(0);
  const requests = usePageRequests(saved?.id ?? null);
  const dirty = JSON.stringify(fields) !== savedJson;
  const leave = useLeaveGuard(dirty);

  // After refused fields are shown, the first one takes the focus (docs/decisions/061's rule for posts).
  useEffect(() => {
    if (errorsShown === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"] [contenteditable="true"]')?.focus();
  }, [errorsShown]);

  const edit = (change: Partial<LandingPageInput>, clear: string[] = []) => {
    setFields((current) => ({ ...current, ...change }));
    if (clear.some((key) => errors.page[key])) setErrors((current) => ({ ...current, page: Object.fromEntries(Object.entries(current.page).filter(([key]) => !clear.includes(key))) }));
  };

  const showErrors = (messages: Record<string, string>, blocks: readonly LandingBlock[], title: string) => {
    setErrors(filed(messages, blocks));
    setErrorsShown((n) => n + 1);
    toast({ title, description: Object.values(messages)[0], variant: "destructive" });
  };

  /** The page from the server into the editor: what it now is, and what counts as saved. */
  const adopt = (page: LandingPage, replaceFields: boolean) => {
    setSaved(page);
    setSavedJson(JSON.stringify(fieldsOf(page)));
    if (replaceFields) {
      setFields(fieldsOf(page));
      setRevision((n) => n + 1);
    }
  };

  /** A refusal: messages under their fields, an edit conflict's dialog, or the message. */
  const refused = (result: Extract<PageEditorResult, { ok: false }>, sent: LandingPageInput, mode: Mode, at: string | null, title: string) => {
    if (result.page) adopt(result.page, false);
    if (result.current) return setConflict({ current: result.current, mode, at });
    if (result.errors && Object.keys(result.errors).length > 0) return showErrors(result.errors, sent.blocks, title);
    toast({ title, description: result.message, variant: "destructive" });
  };

  /** Save draft, Publish / Update, Schedule: checked here first, then sent. Resolves true when done. */
  const save = async (mode: Mode, at: string | null = null, version = saved?.version ?? null): Promise<boolean> => {
    const live = saved?.status === "published";
    const title = mode === "save" && !live ? "Save failed" : mode === "schedule" ? "Cannot schedule" : "Cannot publish";
    const parsed = landingPageInputSchema.safeParse(fields);
    if (!parsed.success) {
      showErrors(landingPageFieldErrors(fields, parsed.error.issues), fields.blocks, title);
      return false;
    }
    // What goes live must be complete: publishing, scheduling, and updating a live page.
    const problems = mode !== "save" || live ? publishProblems(parsed.data) : {};
    if (Object.keys(problems).length > 0) {
      showErrors(problems, fields.blocks, title);
      return false;
    }
    setErrors(noErrors);
    const sent = fields;
    setBusyMode(mode);
    const result = await requests.send(
      mode === "schedule" ? { intent: "schedule", page: parsed.data, version, at: at ?? "" } : { intent: mode, page: parsed.data, version },
    );
    setBusyMode(null);
    if (!result.ok) {
      refused(result, sent, mode, at, title);
      if (result.page && !saved) await openCreated(result.page);
      return false;
    }
    const page = result.page!;
    adopt(page, false);
    // The server's cleaned text (trimmed, sanitised) replaces what was sent, unless typing went on meanwhile.
    setFields((current) => (current === sent ? fieldsOf(page) : current));
    setSlugFollows(false);
    toast(savedToast(page, mode, live, timeZone));
    if (!saved) await openCreated(page);
    return true;
  };

  /** A new page, once created, moves to its own address with the editor kept (use-editor-session-key.ts). */
  const openCreated = (page: LandingPage) =>
    leave.allowingLeave(() => navigate(`/cms/pages/${page.id}`, { replace: true, preventScrollReset: true, state: { createdHere: true } }));

  const simple = async (intent: "unpublish" | "unschedule", done: string): Promise<boolean> => {
    setBusyMode(intent);
    const result = await requests.send({ intent });
    setBusyMode(null);
    if (!result.ok) {
      toast({ title: "Failed", description: result.message, variant: "destructive" });
      return false;
    }
    adopt(result.page!, false);
    toast({ title: done, description: `“${result.page!.title}” is a draft now.` });
    return true;
  };

  const duplicate = async () => {
    const result = await requests.send({ intent: "duplicate" });
    if (!result.ok) return toast({ title: "Duplicate failed", description: result.message, variant: "destructive" });
    toast({ title: "Page duplicated", description: `“${result.page!.title}” is a new draft.` });
    await navigate(`/cms/pages/${result.page!.id}`);
  };

  const restore = async (revisionId: number): Promise<boolean> => {
    const result = await requests.send({ intent: "restore", revisionId });
    if (!result.ok) {
      toast({ title: "Restore failed", description: result.message, variant: "destructive" });
      return false;
    }
    adopt(result.page!, true);
    setErrors(noErrors);
    toast({ title: "Version restored", description: "The version it replaced is kept in History." });
    return true;
  };

  const keepMine = async () => {
    if (!conflict) return;
    const { current, mode, at } = conflict;
    setConflict(null);
    await save(mode, at, current.version);
  };
  const loadTheirs = () => {
    if (!conflict) return;
    adopt(conflict.current, true);
    setErrors(noErrors);
    setConflict(null);
  };

  useEffect(() => {
    const row = formRef.current;
    if (!row) return;
    const observer = new ResizeObserver(([entry]) => setRowWidth(entry?.contentRect.width ?? 0));
    observer.observe(row);
    return () => observer.disconnect();
  }, []);

  useSaveShortcut(() => void save(saved?.status === "published" ? "publish" : "save"));

  const busy = requests.busy || busyMode !== null;
  const status = saved?.status ?? "draft";
  const actions = (
    <>
      <Button asChild variant="ghost">
        <Link to="/cms/pages">
          <ArrowLeft aria-hidden="true" />
          Back
        </Link>
      </Button>
      {saved && (
        <>
          <PageHistory revisions={revisions} unsavedChanges={dirty} busy={busy} onRestore={restore} />
          {status !== "published" && (
            <PageReviewLinks
              links={reviewLinks}
              unsavedChanges={dirty}
              busy={busy}
              onCreate={async () => {
                const result = await requests.send({ intent: "createReviewLink" });
                if (result.ok && result.link) return result.link;
                toast({ title: "Could not create the link", description: result.ok ? "" : result.message, variant: "destructive" });
                return null;
              }}
              onRevoke={async (linkId) => {
                const result = await requests.send({ intent: "revokeReviewLink", linkId });
                toast(result.ok ? { title: "Review link revoked" } : { title: "Revoke failed", description: result.message, variant: "destructive" });
                return result.ok;
              }}
            />
          )}
          <Button variant="outline" disabled={busy} onClick={() => void duplicate()}>
            <Copy aria-hidden="true" />
            Duplicate page
          </Button>
          <Button asChild variant="outline" className="text-red-700 hover:bg-red-50 hover:text-red-800">
            <Link to={`/cms/pages?delete=${saved.id}`}>
              <Trash2 aria-hidden="true" />
              Delete
            </Link>
          </Button>
        </>
      )}
      {status === "published" ? (
        <Button variant="outline" disabled={busy} onClick={() => void simple("unpublish", "Page unpublished")}>
          {busyMode === "unpublish" && <Spinner />}
          Unpublish
        </Button>
      ) : (
        <>
          {status === "draft" && (
            <Button variant="outline" disabled={busy} onClick={() => void save("save")}>
              {busyMode === "save" && <Spinner />}
              Save draft
            </Button>
          )}
          <ScheduleDialog
            of="page"
            scheduledAt={saved?.scheduledAt ?? null}
            disabled={busy}
            busy={busyMode === "schedule" || busyMode === "unschedule"}
            onSchedule={(at) => save("schedule", at)}
            onUnschedule={() => simple("unschedule", "Schedule removed")}
          />
        </>
      )}
      <Button disabled={busy} onClick={() => void save(status === "scheduled" ? "schedule" : "publish", status === "scheduled" ? saved!.scheduledAt : null)}>
        {(busyMode === "publish" || (status === "scheduled" && busyMode === "schedule")) && <Spinner />}
        {status === "published" ? "Update" : status === "scheduled" ? "Update scheduled" : "Publish"}
      </Button>
    </>
  );

  return (
    <CmsShell user={user} title={saved ? "Edit landing page" : "New landing page"} actions={actions} wide>
      <noscript>
        <p className="mb-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          The landing-page editor needs JavaScript: turn it on to compose, preview and publish pages. The list of pages, Duplicate and
          Delete work without it.
        </p>
      </noscript>
      <p className="-mt-2 mb-6 flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="page-status">
        <PostStatusBadge status={status} scheduledAt={saved?.scheduledAt ?? null} />
        {fields.noindex && <NoindexBadge />}
        {status === "published" && saved && (
          <a href={landingPagePath(saved.slug)} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium text-primary-strong underline-offset-4 hover:underline">
            View live at {landingPagePath(saved.slug)}
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
        {status === "scheduled" && saved?.scheduledAt && <span>Goes live {formatInZone(saved.scheduledAt, timeZone)}.</span>}
        <span aria-live="polite">{dirty ? "Unsaved changes" : saved ? `Saved ${formatInZone(saved.updatedAt, timeZone)}` : ""}</span>
        {!largePreview && (
          <a href="#page-preview" className="font-medium text-primary-strong underline-offset-4 hover:underline xl:hidden">
            Go to preview
          </a>
        )}
      </p>

      {/*
        Blocks closed to one line each leave a short editor column; the preview takes the rest of the (wide) screen, the
        handle between them moves, or, large, the preview takes the whole width above the editor (docs/decisions/039,
        "The editor's layout"). The blocks column's width never leaves the preview less than its least.
      */}
      <div
        ref={formRef}
        style={{ "--blocks-width": `${blocksWidth}px`, "--preview-min": `${SPLIT.previewMin}px` } as CSSProperties}
        className={
          largePreview
            ? "grid gap-6"
            : "grid gap-6 xl:grid-cols-[minmax(0,min(var(--blocks-width),100%-var(--preview-min)-3rem))_1.5rem_minmax(0,1fr)] xl:gap-x-3 [&[data-resizing]_iframe]:pointer-events-none"
        }
      >
        <div id={`${id}-blocks-column`} className="grid min-w-0 content-start gap-6">
          <Card>
            <CardContent className="grid gap-5 pt-6">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-title`}>Page title</Label>
                <Input
                  id={`${id}-title`}
                  value={fields.title}
                  maxLength={PAGE_TITLE_MAX}
                  placeholder="Spring campaign: retail forecasting"
                  className="h-12 text-lg font-semibold"
                  {...fieldErrorProps(`${id}-title`, errors.page.title)}
                  onChange={(event) => {
                    const title = event.target.value;
                    edit(slugFollows ? { title, slug: slugify(title).slice(0, PAGE_SLUG_MAX).replace(/-+$/, "") } : { title }, ["title", "slug"]);
                  }}
                />
                <FieldError fieldId={`${id}-title`} message={errors.page.title} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-slug`}>Slug</Label>
                <Input
                  id={`${id}-slug`}
                  value={fields.slug}
                  maxLength={PAGE_SLUG_MAX}
                  placeholder="spring-campaign"
                  autoCapitalize="none"
                  spellCheck={false}
                  {...fieldErrorProps(`${id}-slug`, errors.page.slug, `${id}-slug-hint`)}
                  onChange={(event) => {
                    setSlugFollows(false);
                    edit({ slug: event.target.value }, ["slug"]);
                  }}
                />
                <FieldError fieldId={`${id}-slug`} message={errors.page.slug} />
                <p id={`${id}-slug-hint`} className="text-xs text-muted-foreground">
                  <span className="wrap-anywhere">{landingPagePath(fields.slug || "…")}</span> · <span className="whitespace-nowrap">a–z, 0–9 and hyphens</span>
                </p>
              </div>
            </CardContent>
          </Card>

          <BlockList
            blocks={fields.blocks}
            errors={errors.blocks}
            listError={errors.page.blocks}
            revision={revision}
            onChange={(blocks) => edit({ blocks }, ["blocks"])}
            onBlockChange={(block, path) => {
              setFields((current) => ({ ...current, blocks: current.blocks.map((other) => (other.id === block.id ? block : other)) }));
              if (errors.blocks[block.id]?.[path]) {
                setErrors((current) => {
                  const { [path]: _, ...rest } = current.blocks[block.id] ?? {};
                  return { ...current, blocks: { ...current.blocks, [block.id]: rest } };
                });
              }
            }}
          />

          <SeoSettingsCard of="page" defaultOpen={false} fields={fields} errors={errors.page} onChange={(patch) => edit(patch, Object.keys(patch))}>
            <ImageField
              label="Social image"
              fid={`${id}-og-image`}
              value={fields.ogImage}
              error={errors.page.ogImage}
              max={200}
              hint="Shown when the page is shared; the site's default image when empty."
              onValue={(ogImage) => edit({ ogImage }, ["ogImage"])}
            />
            <div className="flex items-start gap-3 rounded-lg border border-border bg-subtle p-3">
              <Checkbox
                id={`${id}-noindex`}
                checked={fields.noindex}
                onCheckedChange={(checked) => edit({ noindex: checked === true })}
                aria-describedby={`${id}-noindex-hint`}
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor={`${id}-noindex`}>Hide from search engines (noindex)</Label>
                <p id={`${id}-noindex-hint`} className="text-xs text-muted-foreground">
                  For paid-campaign pages: search engines are asked not to list it, and it is left out of the sitemap.
                </p>
              </div>
            </div>
          </SeoSettingsCard>
        </div>
        {!largePreview && (
          <SplitHandle width={Math.min(blocksWidth, splitMax(rowWidth - 48))} max={splitMax(rowWidth - 48)} onWidth={setBlocksWidth} rowRef={formRef} controls={`${id}-blocks-column`} />
        )}
        <div className={largePreview ? "order-first min-w-0" : "min-w-0 xl:sticky xl:top-6 xl:self-start"}>
          <PagePreviewFrame page={fields} status={status} unsaved={dirty} large={largePreview} onLargeChange={setLargePreview} />
        </div>
      </div>

      <ConflictDialog
        noun="page"
        open={conflict !== null}
        theirUpdatedAt={conflict?.current.updatedAt ?? null}
        busy={null}
        onKeepMine={() => void keepMine()}
        onLoadTheirs={loadTheirs}
        onClose={() => setConflict(null)}
      />
      <LeaveDialog blocker={leave.blocker} description="This page has changes that are not saved. If you leave, they are lost." />
    </CmsShell>
  );
}

function savedToast(page: LandingPage, mode: Mode, wasLive: boolean, timeZone: string) {
  if (page.status === "scheduled" && page.scheduledAt) return { title: "Page scheduled", description: `“${page.title}” goes live ${formatInZone(page.scheduledAt, timeZone)}.` };
  if (page.status === "published") {
    return { title: wasLive ? "Page updated" : "Page published", description: `“${page.title}” is live at ${landingPagePath(page.slug)}.` };
  }
  return { title: mode === "save" ? "Draft saved" : "Page saved", description: `“${page.title}” is saved as a draft.` };
}
