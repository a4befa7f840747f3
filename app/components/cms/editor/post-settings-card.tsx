import { useId } from "react";
import { Wand2 } from "lucide-react";
import { formatBlogDate } from "../../../lib/blog.ts";
import { Button } from "../../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../ui/card.tsx";
import { Checkbox } from "../../ui/checkbox.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Textarea } from "../../ui/textarea.tsx";
import { FieldError, fieldErrorProps } from "./field-error.tsx";
import type { FieldErrors } from "./post-api.ts";
import type { PostFormFields } from "./post-form.ts";
import { ImageField } from "../image-field.tsx";

interface PostSettingsCardProps {
  fields: PostFormFields;
  onChange: (patch: Partial<PostFormFields>) => void;
  /** 'Generate from title' (docs/product.md §5): the slug from the title, following it again on a post never live. */
  onGenerateSlug: () => void;
  errors: FieldErrors;
  /** The first publication of a draft that was published before: publishing again keeps it unless… */
  firstPublishedAt: string | null;
  /** …'Publish as new' is ticked (docs/decisions/062). */
  publishAsNew: boolean;
  onPublishAsNewChange: (checked: boolean) => void;
  /** False for a role that cannot publish this post (docs/decisions/032): no Published box to tick. */
  canPublish?: boolean;
}

/**
 * docs/product.md §2 Post Settings: Slug with 'Generate from title', Excerpt (3 rows), Cover Image URL with its
 * alt text, Published, and for a draft published before, 'Publish as new'.
 */
export function PostSettingsCard({
  fields,
  onChange,
  onGenerateSlug,
  errors,
  firstPublishedAt,
  publishAsNew,
  onPublishAsNewChange,
  canPublish = true,
}: PostSettingsCardProps) {
  const id = useId();
  return (
    <Card>
      <CardHeader className="pb-4">
        <h2 className="text-lg leading-snug font-semibold tracking-tight">Post Settings</h2>
        <CardDescription>How the post is addressed and listed on the blog.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-slug`}>Slug</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-slug`}
              name="slug"
              value={fields.slug}
              placeholder="my-post-title"
              {...fieldErrorProps(`${id}-slug`, errors.slug, `${id}-slug-hint`)}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => onChange({ slug: event.target.value })}
            />
          </div>
          <FieldError fieldId={`${id}-slug`} message={errors.slug} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            {/* The address may break anywhere (a long slug has no spaces); the rule between words only (docs/decisions/061). */}
            <p id={`${id}-slug-hint`} className="min-w-0 text-xs text-muted-foreground">
              <span className="wrap-anywhere">/blog/{fields.slug || "…"}</span> · <span className="whitespace-nowrap">a–z, 0–9 and hyphens</span>
            </p>
            <Button type="button" variant="outline" size="sm" onClick={onGenerateSlug}>
              <Wand2 aria-hidden="true" />
              Generate from title
            </Button>
          </div>
        </div>

        <div className="grid gap-2">
          <Label htmlFor={`${id}-excerpt`}>Excerpt</Label>
          <Textarea
            id={`${id}-excerpt`}
            name="excerpt"
            rows={3}
            value={fields.excerpt}
            placeholder="A short summary for the blog list"
            {...fieldErrorProps(`${id}-excerpt`, errors.excerpt)}
            onChange={(event) => onChange({ excerpt: event.target.value })}
          />
          <FieldError fieldId={`${id}-excerpt`} message={errors.excerpt} />
        </div>

        <ImageField
          id={`${id}-cover`}
          value={{ url: fields.coverImage, alt: fields.coverImageAlt, decorative: fields.coverImageDecorative }}
          onChange={(patch) =>
            onChange({
              ...(patch.url !== undefined && { coverImage: patch.url }),
              ...(patch.alt !== undefined && { coverImageAlt: patch.alt }),
              ...(patch.decorative !== undefined && { coverImageDecorative: patch.decorative }),
            })
          }
          names={{ url: "coverImage", alt: "coverImageAlt", decorative: "coverImageDecorative" }}
          errors={errors}
          noun="cover image"
          urlHint="Shown above the post, on its card in the blog and when it is shared. A wide picture (16:9) works best."
          previewAlt="Cover image preview"
          empty="No cover: the blog draws one from the title and tags."
          removed="Cover image removed."
        />

        {canPublish && (
        <div className="flex items-start gap-3 rounded-lg border border-border bg-subtle p-3">
          <Checkbox
            id={`${id}-published`}
            checked={fields.published}
            onCheckedChange={(checked) => onChange({ published: checked === true })}
            aria-describedby={`${id}-published-hint`}
            className="mt-0.5"
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-published`}>Published</Label>
            <p id={`${id}-published-hint`} className="text-xs text-muted-foreground">
              Used when saving with Ctrl+S. Save Draft and Publish set it for you.
            </p>
          </div>
        </div>
        )}

        {firstPublishedAt && (
          <div className="flex items-start gap-3 rounded-lg border border-border bg-subtle p-3">
            <Checkbox
              id={`${id}-publish-as-new`}
              checked={publishAsNew}
              onCheckedChange={(checked) => onPublishAsNewChange(checked === true)}
              aria-describedby={`${id}-publish-as-new-hint`}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-publish-as-new`}>Publish as new (today's date)</Label>
              <p id={`${id}-publish-as-new-hint`} className="text-xs text-muted-foreground">
                Otherwise it returns to the blog under its first date,{" "}
                {formatBlogDate({ publishedAt: firstPublishedAt, createdAt: firstPublishedAt })}.
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
