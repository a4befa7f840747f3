import { CtaBand } from "../marketing/cta-band.tsx";

/** The call to action closing every list of posts: the blog, a tag's and an author's (docs/product.md §1: to /book-demo). */
export function BlogCta() {
  return (
    <CtaBand
      id="blog-cta"
      title="Put these ideas to work on your data"
      description="Book a short demo and we will help you connect your first sources and ask your first questions."
    />
  );
}
