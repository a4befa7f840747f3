import { useId, useRef, useState } from "react";
import { Upload, Wand2 } from "lucide-react";
import { slugify } from "../../../lib/slugify.ts";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../ui/card.tsx";
import { Checkbox } from "../../ui/checkbox.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { Textarea } from "../../ui/textarea.tsx";
import { IMAGE_ACCEPT } from "./image-dialog.tsx";
import { uploadImage } from "./post-api.ts";
import type { PostFormFields } from "./post-form.ts";

interface PostSettingsCardProps {
  fields: PostFormFields;
  onChange: (patch: Partial<PostFormFields>) => void;
}

/** SPEC §2 Post Settings: Slug with 'Generate from title', Excerpt (3 rows), Cover Image URL, Published. */
export function PostSettingsCard({ fields, onChange }: PostSettingsCardProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const uploadCover = async (file: File) => {
    setUploading(true);
    try {
      onChange({ coverImage: await uploadImage(file) });
    } catch (error) {
      toast({ title: "Upload failed", description: (error as Error).message, variant: "destructive" });
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  return (
    <Card>
      <CardHeader className="pb-4">
        <h2 className="text-lg leading-snug font-semibold tracking-tight">Post Settings</h2>
        <CardDescription>How the post is addressed and listed on the blog.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-slug`}>Slug</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-slug`}
              name="slug"
              value={fields.slug}
              placeholder="my-post-title"
              aria-describedby={`${id}-slug-hint`}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => onChange({ slug: event.target.value })}
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={`${id}-slug-hint`} className="text-xs text-muted-foreground">
              /blog/{fields.slug || "…"} · a–z, 0–9 and hyphens
            </p>
            <Button type="button" variant="outline" size="sm" onClick={() => onChange({ slug: slugify(fields.title) })}>
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
            onChange={(event) => onChange({ excerpt: event.target.value })}
          />
        </div>

        <div className="grid gap-2">
          <Label htmlFor={`${id}-cover`}>Cover Image URL</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-cover`}
              name="coverImage"
              type="url"
              inputMode="url"
              value={fields.coverImage}
              placeholder="https://… or upload"
              onChange={(event) => onChange({ coverImage: event.target.value })}
            />
            <Button
              type="button"
              variant="outline"
              disabled={uploading}
              onClick={() => fileInput.current?.click()}
              aria-label="Upload cover image"
              title="Upload cover image"
            >
              {uploading ? <Spinner /> : <Upload aria-hidden="true" />}
              <span className="hidden sm:inline xl:hidden 2xl:inline">Upload</span>
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_ACCEPT}
              className="hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void uploadCover(file);
              }}
            />
          </div>
          {fields.coverImage && (
            <img
              src={fields.coverImage}
              alt="Cover image preview"
              className="mt-1 max-h-40 w-full rounded-lg border border-border object-cover"
            />
          )}
        </div>

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
      </CardContent>
    </Card>
  );
}
