import { type ReactNode, useEffect, useId, useRef } from "react";
import { Form, Link, useActionData, useFetcher, useNavigate, useNavigation } from "react-router";
import { GitMerge, Pencil, Plus, Tags as TagsIcon, Trash2 } from "lucide-react";
import type { Route } from "./+types/tags";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { field, noStoreHeaders, readCmsForm } from "../../lib/cms-form.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { isRefusal, refuse, validate } from "../../../shared/refusal.ts";
import { tagInputSchema, tagMergeSchema } from "../../../shared/tags.ts";
import { toast } from "../../lib/toast.ts";
import type { ActionResult } from "../../lib/enhanced-form.ts";
import type { CmsTag } from "../../../server/services/tags.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { ConfirmDelete } from "../../components/cms/confirm-delete.tsx";
import { useFetcherResult } from "../../components/cms/use-fetcher-result.ts";
import { FieldError, fieldErrorProps } from "../../components/cms/editor/field-error.tsx";
import { TagFields, emptyTagValues, type TagFormValues } from "../../components/cms/tags/tag-fields.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";

export function headers() {
  return noStoreHeaders;
}

/**
 * /cms/tags (docs/decisions/035-tag-management.md): editors and administrators see every tag with its
 * posts, create one, edit one (`?edit={slug}`), merge one into another (`?merge={slug}`) and delete one
 * (`?delete={slug}`). Plain form posts: every form works without JavaScript, and the action answers
 * with data (the page shows what happened or what was refused).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const tags = await context.get(servicesContext).tags.listAll();
  const params = new URL(request.url).searchParams;
  const at = (name: string) => tags.find((tag) => tag.slug === params.get(name)) ?? null;
  // The New tag form opens from the header's "New tag" (`?new=1`), so the list comes first (docs/decisions/069).
  return { user, tags, creating: params.get("new") === "1", editing: at("edit"), merging: at("merge"), confirmDelete: at("delete") };
}

type TagsResult = ActionResult & { intent?: string; slug?: string; values?: TagFormValues; into?: string };

const formValues = (form: FormData): TagFormValues => ({
  name: field(form, "name"),
  slug: field(form, "slug"),
  description: field(form, "description"),
  metaTitle: field(form, "metaTitle"),
  metaDescription: field(form, "metaDescription"),
  image: field(form, "image"),
  imageAlt: field(form, "imageAlt"),
  // A checkbox: sent only when ticked.
  imageDecorative: form.has("imageDecorative"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { form } = await readCmsForm(request);
  const { tagManagement } = context.get(servicesContext);
  const intent = field(form, "intent");
  const slug = field(form, "slug-before");
  if (intent === "create" || intent === "edit") {
    const values = formValues(form);
    const input = validate(tagInputSchema, values);
    const saved = isRefusal(input) ? input : intent === "create" ? await tagManagement.create(input) : await tagManagement.update(slug, input);
    if (isRefusal(saved)) return refusalData(saved, { intent, slug, values });
    return { ok: true as const, message: intent === "create" ? `Tag “${saved.name}” created.` : `Tag “${saved.name}” saved.` };
  }
  if (intent === "merge") {
    const into = field(form, "into");
    const input = validate(tagMergeSchema, { into });
    const merged = isRefusal(input) ? input : await tagManagement.merge(slug, input.into);
    if (isRefusal(merged)) return refusalData(merged, { intent, slug, into });
    return { ok: true as const, message: `Merged into “${merged.name}”: it has ${merged.count} posts now.` };
  }
  if (intent === "delete") {
    const removed = await tagManagement.remove(slug);
    if (isRefusal(removed)) return refusalData(removed);
    return { ok: true as const, message: "Tag deleted. Its posts keep their other tags." };
  }
  return refusalData(refuse("invalid", "Unknown tag action"));
}

export default function CmsTags({ loaderData }: Route.ComponentProps) {
  const { user, tags } = loaderData;
  const navigate = useNavigate();
  const posted = useActionData<TagsResult>();
  const deleteFetcher = useFetcher<ActionResult>({ key: "delete-tag" });
  const listHeading = useRef<HTMLHeadingElement>(null);
  const closeDialog = () => void navigate("/cms/tags", { replace: true, preventScrollReset: true });

  useFetcherResult(deleteFetcher, (result) => {
    toast(result.ok ? { title: "Tag deleted", description: result.message } : { title: "Delete failed", description: result.message, variant: "destructive" });
    if (result.ok) {
      closeDialog();
      requestAnimationFrame(() => listHeading.current?.focus());
    }
  });

  // A refused form comes back with what was typed, to the form it came from.
  const refused = posted && !posted.ok ? posted : undefined;
  const refusedOf = (intent: string) => (refused?.intent === intent ? refused : undefined);
  const tagOf = (slug: string | undefined) => tags.find((tag) => tag.slug === slug) ?? null;
  const editing = refusedOf("edit") ? tagOf(refused?.slug) : loaderData.editing;
  const merging = refusedOf("merge") ? tagOf(refused?.slug) : loaderData.merging;
  // A refusal about a tag gone meanwhile (or a delete's) has no card to show it: it goes to the top.
  const shownInCard = refused?.intent === "create" || (refused?.intent === "edit" && editing) || (refused?.intent === "merge" && merging);
  const creating = !editing && !merging && (loaderData.creating || refused?.intent === "create");
  const formOpen = Boolean(editing || merging || creating);

  return (
    <CmsShell
      user={user}
      title="Tags"
      actions={
        !creating && (
          <Button asChild>
            <Link to="/cms/tags?new=1">
              <Plus aria-hidden="true" />
              New tag
            </Link>
          </Button>
        )
      }
      description={
        <>
          Every tag on the blog, with the posts filed under it. Rename a tag, give its page a description, an image and
          search-result text, merge two tags that mean the same thing, or delete one. Changes show on the blog at once; an old address answers
          with a permanent redirect to the tag that has it now.
        </>
      }
    >
      {posted?.ok && (
        <p role="status" className="mb-6 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          {posted.message}
        </p>
      )}
      {refused && !shownInCard && (
        <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {refused.message}
        </p>
      )}
      {loaderData.confirmDelete && (
        <ConfirmDelete
          title="Delete tag"
          description={`Delete “${loaderData.confirmDelete.name}”? Its ${loaderData.confirmDelete.count} posts keep everything else; its tag page is gone. This cannot be undone.`}
          action="/cms/tags"
          cancelTo="/cms/tags"
          fields={{ intent: "delete", "slug-before": loaderData.confirmDelete.slug }}
          fetcher={deleteFetcher}
          onClose={closeDialog}
        />
      )}
      {/* The list is the page; a form, opened on purpose (New tag, Edit, Merge), sits above it. */}
      <div className="grid gap-6">
        {formOpen && (
          <div className="grid max-w-3xl content-start gap-6">
            {editing && <EditTagCard key={`edit-${editing.slug}`} tag={editing} refused={refusedOf("edit")} />}
            {merging && <MergeTagCard key={`merge-${merging.slug}`} tag={merging} tags={tags} refused={refusedOf("merge")} />}
            {creating && <TagCard refused={refusedOf("create")} />}
          </div>
        )}
        <section aria-labelledby="tags-heading" className="grid min-w-0 content-start gap-3">
          <h2
            id="tags-heading"
            ref={listHeading}
            tabIndex={-1}
            className="text-lg font-semibold tracking-tight text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            All tags{tags.length > 0 ? ` (${tags.length})` : ""}
          </h2>
          {tags.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
              <TagsIcon className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium text-foreground">No tags yet</p>
              <p className="max-w-sm text-sm text-muted-foreground">Create one with New tag, or give a post tags in the editor.</p>
            </Card>
          ) : (
            <Card className="overflow-hidden">
              <Table>
                <caption className="sr-only">Every tag by name, with its slug and posts</caption>
                {/* Below lg the rows stack into cards (docs/decisions/069); the header stays for screen readers. */}
                <TableHeader className="max-lg:sr-only">
                  <TableRow>
                    <TableHead>Name</TableHead>
                    <TableHead>Slug</TableHead>
                    <TableHead>Posts</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {tags.map((tag) => (
                    <TagRow key={tag.slug} tag={tag} />
                  ))}
                </TableBody>
              </Table>
            </Card>
          )}
        </section>
      </div>
    </CmsShell>
  );
}

/** Focuses a card's heading when it opens, so a keyboard user lands in its form. */
function useFocusOnOpen() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

const headingClass = "text-lg leading-snug font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring";

function SubmitButton({ intent, children }: { intent: string; children: ReactNode }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" disabled={pending} aria-busy={pending}>
      {pending && <Spinner />}
      {children}
    </Button>
  );
}

function FormAlert({ refused }: { refused: TagsResult | undefined }) {
  if (!refused || refused.ok) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {refused.message}
    </p>
  );
}

function TagCard({ refused }: { refused: TagsResult | undefined }) {
  const id = useId();
  const heading = useFocusOnOpen();
  return (
    <Card className="self-start border-primary/40">
      <CardHeader className="pb-4">
        <h2 ref={heading} tabIndex={-1} className={headingClass}>
          New tag
        </h2>
        <CardDescription>It has no page until a published post carries it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <FormAlert refused={refused} />
        <Form method="post" action="/cms/tags" className="grid gap-5" noValidate>
          <input type="hidden" name="intent" value="create" />
          <TagFields id={id} values={refused?.values ?? emptyTagValues} errors={(refused && !refused.ok && refused.errors) || {}} />
          <div className="flex justify-end gap-3 border-t border-border pt-5">
            <Button asChild variant="outline">
              <Link to="/cms/tags">Cancel</Link>
            </Button>
            <SubmitButton intent="create">
              <Plus aria-hidden="true" />
              Create tag
            </SubmitButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function EditTagCard({ tag, refused }: { tag: CmsTag; refused: TagsResult | undefined }) {
  const id = useId();
  const heading = useFocusOnOpen();
  const values: TagFormValues = refused?.values ?? {
    name: tag.name,
    slug: tag.slug,
    description: tag.description ?? "",
    metaTitle: tag.metaTitle ?? "",
    metaDescription: tag.metaDescription ?? "",
    image: tag.image ?? "",
    imageAlt: tag.imageAlt ?? "",
    imageDecorative: tag.imageDecorative,
  };
  return (
    <Card className="self-start border-primary/40">
      <CardHeader className="pb-4">
        <h2 ref={heading} tabIndex={-1} className={headingClass}>
          Edit “{tag.name}”
        </h2>
        <CardDescription>A new slug keeps the old address working: it redirects here.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <FormAlert refused={refused} />
        <Form method="post" action="/cms/tags" className="grid gap-5" noValidate>
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="slug-before" value={tag.slug} />
          <TagFields id={id} values={values} errors={(refused && !refused.ok && refused.errors) || {}} />
          <div className="flex justify-end gap-3 border-t border-border pt-5">
            <Button asChild variant="outline">
              <Link to="/cms/tags">Cancel</Link>
            </Button>
            <SubmitButton intent="edit">Save tag</SubmitButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function MergeTagCard({ tag, tags, refused }: { tag: CmsTag; tags: CmsTag[]; refused: TagsResult | undefined }) {
  const id = useId();
  const heading = useFocusOnOpen();
  const error = refused && !refused.ok ? refused.errors?.into : undefined;
  return (
    <Card className="self-start border-primary/40">
      <CardHeader className="pb-4">
        <h2 ref={heading} tabIndex={-1} className={headingClass}>
          Merge “{tag.name}”
        </h2>
        <CardDescription>
          Its {tag.count} posts are filed under the tag you choose, and “{tag.name}” is deleted; its address redirects there.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!error && <FormAlert refused={refused} />}
        <Form method="post" action="/cms/tags" className="grid gap-5" noValidate>
          <input type="hidden" name="intent" value="merge" />
          <input type="hidden" name="slug-before" value={tag.slug} />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-into`}>Merge into</Label>
            <select
              id={`${id}-into`}
              name="into"
              defaultValue={refused?.into ?? ""}
              className="h-10 w-full min-w-0 rounded-lg border border-border-strong bg-white pr-8 pl-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30"
              {...fieldErrorProps(`${id}-into`, error)}
            >
              <option value="">Choose a tag</option>
              {tags
                .filter((other) => other.slug !== tag.slug)
                .map((other) => (
                  <option key={other.slug} value={other.slug}>
                    {other.name} ({other.count})
                  </option>
                ))}
            </select>
            <FieldError fieldId={`${id}-into`} message={error} />
          </div>
          <div className="flex justify-end gap-3 border-t border-border pt-5">
            <Button asChild variant="outline">
              <Link to="/cms/tags">Cancel</Link>
            </Button>
            <SubmitButton intent="merge">
              <GitMerge aria-hidden="true" />
              Merge tag
            </SubmitButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function TagRow({ tag }: { tag: CmsTag }) {
  const action = (param: string, Icon: typeof Pencil, label: string, className?: string) => (
    <Button asChild variant="ghost" size="sm" className={className}>
      <Link to={`?${param}=${tag.slug}`} preventScrollReset={param === "delete"}>
        <Icon aria-hidden="true" />
        {label}
        <span className="sr-only"> {tag.name}</span>
      </Link>
    </Button>
  );
  return (
    <TableRow className="max-lg:flex max-lg:flex-wrap max-lg:items-center max-lg:gap-x-3 max-lg:gap-y-2 max-lg:px-4 max-lg:py-4 max-lg:[&>td]:p-0">
      <TableCell className="max-lg:w-full">
        <span className="block font-medium break-words text-foreground">{tag.name}</span>
        {tag.description && <span className="block text-xs text-muted-foreground">{tag.description}</span>}
      </TableCell>
      <TableCell className="min-w-0 max-lg:w-full">
        {/* A long slug is cut with an ellipsis, never broken mid-word; the whole slug is its title. */}
        <code title={tag.slug} className="block truncate font-mono text-xs text-muted-foreground max-lg:w-0 max-lg:min-w-full lg:max-w-48">
          {tag.slug}
        </code>
      </TableCell>
      <TableCell className="text-sm whitespace-nowrap text-muted-foreground max-lg:w-full">
        {tag.publishedCount} published <span aria-hidden="true">·</span> {tag.count} in all
      </TableCell>
      <TableCell className="text-right whitespace-nowrap max-lg:w-full max-lg:text-left">
        {action("edit", Pencil, "Edit")}
        {action("merge", GitMerge, "Merge")}
        {action("delete", Trash2, "Delete", "text-red-700 hover:bg-red-50 hover:text-red-800")}
      </TableCell>
    </TableRow>
  );
}
