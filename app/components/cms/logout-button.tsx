import { useFetcher, useNavigate } from "react-router";
import { LogOut } from "lucide-react";
import { Button, type ButtonProps } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { toast } from "../../lib/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import { useFetcherResult } from "./use-fetcher-result.ts";

/** Posts to /cms/logout; a spinner while pending, then the docs/product.md §8 'Logged out' or 'Logout failed' toast. */
export function LogoutButton({ variant = "outline", size = "sm", className }: Pick<ButtonProps, "variant" | "size" | "className">) {
  const fetcher = useFetcher<ActionResult>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const pending = fetcher.state !== "idle";

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast({ title: "Logged out", description: "You have been logged out successfully." });
      void navigate("/cms/login", { replace: true });
    } else {
      toast({ title: "Logout failed", description: result.message, variant: "destructive" });
    }
  });

  return (
    <fetcher.Form method="post" action="/cms/logout">
      {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
      <Button type="submit" variant={variant} size={size} className={className} disabled={pending} aria-busy={pending}>
        {pending ? <Spinner /> : <LogOut aria-hidden="true" />}
        Logout
      </Button>
    </fetcher.Form>
  );
}
