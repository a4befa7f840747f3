import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { LogoMark } from "../site/logo.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card.tsx";

/**
 * The public pages a single-use link opens (docs/decisions/028): accepting an invitation, setting a
 * new password. The login page's frame: the logo, a title, a card.
 */
export function LinkPage({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-subtle px-4 py-12">
      <div className="w-full max-w-md">
        <Link
          to="/"
          className="mb-6 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to the website
        </Link>
        <Card>
          <CardHeader className="items-center pb-2 text-center">
            <LogoMark className="mb-2 size-10" />
            <h1 className="text-2xl font-bold tracking-tight text-foreground">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent className="pt-4">{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}

/** Why a link does not work, with the way on: a sentence and a link to sign in. */
export function LinkRefused({ message }: { message: string }) {
  return (
    <div className="grid gap-4">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
        {message}
      </p>
      <Link to="/cms/login" className="text-center text-sm font-medium text-primary-strong underline underline-offset-2 hover:text-primary-hover">
        Go to the sign-in page
      </Link>
    </div>
  );
}

/** A form's refusal that is not about one field, shown above the fields. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
