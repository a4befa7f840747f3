import { isRouteErrorResponse, Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { Button } from "../ui/button.tsx";
import { siteConfig } from "../../lib/site-config.ts";

export const notFoundTitle = "Page Not Found";
export const errorTitle = "Something went wrong";

export const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

/** The body of the 404 and error pages inside the site's header and footer (SPEC §2, decision 011). */
export function ErrorContent({ error }: { error: unknown }) {
  const notFound = isNotFound(error);
  return (
    <div className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-primary-strong uppercase">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
        {notFound ? notFoundTitle : errorTitle}
      </h1>
      <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">
        {notFound
          ? "The page you are looking for does not exist or has moved. Check the address, or head back to the home page."
          : "An unexpected error occurred on our side. Please try again in a moment."}
      </p>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to home
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href={`mailto:${siteConfig.mailboxes.support}`}>Contact support</a>
        </Button>
      </div>
    </div>
  );
}
