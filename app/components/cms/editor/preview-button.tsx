import { useRef } from "react";
import { Eye } from "lucide-react";
import { PREVIEW_FIELDS_FIELD, PREVIEW_PATH, PREVIEW_POST_ID_FIELD } from "../../../../shared/post-preview.ts";
import { Button } from "../../ui/button.tsx";
import type { PostFormFields } from "./post-form.ts";

/**
 * Preview (docs/decisions/034-preview-what-you-see.md): posts the editor's fields as they are now, unsaved
 * changes included, to /cms/preview in a new tab, which renders them as the post page does. A plain form
 * submission: the browser opens the tab itself, so no popup blocker stands in the way and nothing waits for
 * a save. The fields are written into the form when it is sent, not on every keystroke.
 */
export function PreviewButton({ postId, fields }: { postId: number | null; fields: PostFormFields }) {
  const fieldsInput = useRef<HTMLInputElement>(null);
  return (
    <form
      method="post"
      action={PREVIEW_PATH}
      target="_blank"
      rel="noopener"
      encType="multipart/form-data"
      className="contents"
      onSubmit={() => {
        if (fieldsInput.current) fieldsInput.current.value = JSON.stringify(fields);
      }}
    >
      <input type="hidden" name={PREVIEW_POST_ID_FIELD} value={postId ?? ""} />
      <input ref={fieldsInput} type="hidden" name={PREVIEW_FIELDS_FIELD} defaultValue="" />
      <Button type="submit" variant="outline" title="Preview" className="max-sm:px-3">
        <Eye aria-hidden="true" />
        <span className="max-sm:sr-only">Preview</span>
        <span className="sr-only">(opens in a new tab, unsaved changes included)</span>
      </Button>
    </form>
  );
}
