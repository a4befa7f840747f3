import type { PublicAuthorProfile } from "../../../shared/authors.ts";
import { CtaBand } from "../marketing/cta-band.tsx";
import { AuthorBio } from "./author-bio.tsx";
import type { PostCardData } from "./post-card.tsx";
import { PostNeighbours, type NeighbourLink } from "./post-neighbours.tsx";
import { RelatedPosts } from "./related-posts.tsx";
import { ShareLinks } from "./share-links.tsx";

/** What the post page's loader reads for the end of a post (server/services/related-posts.ts). */
export interface PostEndData {
  /** The canonical address of the post, absolute: what is shared and copied. */
  shareUrl: string;
  related: PostCardData[];
  previous: NeighbourLink | null;
  next: NeighbourLink | null;
  /** The author's profile when they wrote a bio: the box at the end of the post (docs/decisions/059). */
  author: (PublicAuthorProfile & { bio: string }) | null;
}

/**
 * The end of every post (docs/decisions/046, 059): the author's bio, share links, the previous/next posts and
 * the related posts, all in the article's column, then the closing call to action to /book-demo. Plain links throughout: all of it works before and without JavaScript (decision 016).
 */
export function PostEnd({ title, end }: { title: string; end: PostEndData }) {
  return (
    <>
      <div className="container-page max-w-[52rem]">
        {end.author && <AuthorBio author={end.author} className="mb-10" />}
        <ShareLinks url={end.shareUrl} title={title} className="border-t border-border pt-6" />
        <PostNeighbours previous={end.previous} next={end.next} className="mt-10" />
        <RelatedPosts posts={end.related} className="pt-14 sm:pt-16" />
      </div>
      <CtaBand
        id="post-cta"
        title="Turn your own data into decisions"
        description="Book a personalized demo: a tour of the platform, insights specific to your industry, and time with a product expert for your questions."
      />
    </>
  );
}
