import { MessageSquareText, Send } from "lucide-react";
import type { PostRights } from "../../../../shared/post-access.ts";
import { formatInZone } from "../../../lib/site-time.ts";
import { useSiteTimeZone } from "../../../lib/site-details.ts";
import type { EditablePost } from "./post-api.ts";

/**
 * Where the post stands in review (docs/decisions/032), above the form: the editor's note it was sent
 * back with (until the writer submits again), that it waits for review, or why this writer cannot
 * change it (a published or scheduled post, for a contributor).
 */
export function ReviewCallout({ post, rights }: { post: EditablePost | null; rights: PostRights }) {
  const timeZone = useSiteTimeZone();
  if (!post) return null;
  const { note, submittedAt, submittedBy } = post.review;
  if (note) {
    return (
      <section aria-labelledby="review-note-title" className="mb-6 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
        <h2 id="review-note-title" className="flex items-center gap-2 font-semibold">
          <MessageSquareText className="size-4" aria-hidden="true" />
          Sent back{note.by ? ` by ${note.by.name}` : ""} <time dateTime={note.at}>{formatInZone(note.at, timeZone)}</time>
        </h2>
        <p className="mt-1 whitespace-pre-line">{note.text}</p>
        <p className="mt-2 text-xs text-amber-900">Make the changes, then submit it for review again.</p>
      </section>
    );
  }
  if (submittedAt) {
    return (
      <section aria-labelledby="review-waiting-title" className="mb-6 rounded-xl bg-violet-50 px-4 py-3 text-sm text-violet-950 ring-1 ring-violet-200">
        <h2 id="review-waiting-title" className="flex items-center gap-2 font-semibold">
          <Send className="size-4" aria-hidden="true" />
          In review: submitted{submittedBy ? ` by ${submittedBy.name}` : ""} <time dateTime={submittedAt}>{formatInZone(submittedAt, timeZone)}</time>
        </h2>
        <p className="mt-1">
          {rights.review ? "Approve it with Publish or Schedule, or send it back with a note." : rights.editRefusal}
        </p>
      </section>
    );
  }
  if (rights.editRefusal) {
    return <p className="mb-6 rounded-xl bg-subtle px-4 py-3 text-sm text-foreground ring-1 ring-border">{rights.editRefusal}</p>;
  }
  return null;
}
