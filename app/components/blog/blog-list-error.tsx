import { useLocation } from "react-router";
import { RotateCw } from "lucide-react";
import { Button } from "../ui/button.tsx";

/**
 * docs/product.md §2 blog list, error state, for every listing of posts (/blog, a search, a tag page): the
 * message and a Retry link that reloads the same address, with or without JavaScript.
 */
export function BlogListError() {
  const location = useLocation();
  return (
    <div className="container-page py-16">
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-red-200 bg-red-50 px-6 py-12 text-center">
        <p className="text-lg font-semibold text-red-800">Failed to load blog posts. Please try again later.</p>
        <Button asChild className="mt-6">
          {/* A real link reloads the page, with or without JavaScript. */}
          <a href={`${location.pathname}${location.search}`}>
            <RotateCw aria-hidden="true" />
            Retry
          </a>
        </Button>
      </div>
    </div>
  );
}
