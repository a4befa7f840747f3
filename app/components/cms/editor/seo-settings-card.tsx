import { useId, useState, type ReactNode } from "react";
import * as Collapsible from "@radix-ui/react-collapsible";
import { ChevronDown, Search } from "lucide-react";
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from "../../../../shared/post-schema.ts";
import { Card, CardContent } from "../../ui/card.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Textarea } from "../../ui/textarea.tsx";
import { TooltipProvider } from "../../ui/tooltip.tsx";
import { Disclosure } from "./disclosure.tsx";
import { FieldTooltip } from "./field-tooltip.tsx";
import { FieldError, fieldErrorProps } from "./field-error.tsx";
import { LengthCounter } from "./length-counter.tsx";
import type { FieldErrors } from "./post-api.ts";
import type { PostFormFields } from "./post-form.ts";

/** docs/product.md §5, §9: the suggested ranges within the hard limits. */
const META_TITLE_SUGGESTED: [number, number] = [55, 60];
const META_DESCRIPTION_SUGGESTED: [number, number] = [150, 160];

const bestPractices = [
  "Put the main keyword near the start of the meta title.",
  "Write the meta description as a promise: what the reader will learn.",
  "Keep each post to one clear topic and one slug.",
  "Give every image a short alternative text.",
  "Link to related posts and to the product pages they mention.",
];

/** The fields the card edits: a post has all four, a landing page only the meta title and description. */
type SeoFields = Pick<PostFormFields, "metaTitle" | "metaDescription"> & Partial<Pick<PostFormFields, "keywords" | "canonicalUrl">>;

interface SeoSettingsCardProps {
  fields: SeoFields;
  onChange: (patch: Partial<SeoFields>) => void;
  errors: FieldErrors;
  /** Whose settings they are, for the hints: a blog post's (the default) or a landing page's (docs/decisions/039). */
  of?: "post" | "page";
  /** Below the fields: a post's search and social previews; a landing page's social image and noindex switch. */
  children?: ReactNode;
  /** Whether the card starts open (a post's does; a landing page's starts closed, docs/decisions/039). */
  defaultOpen?: boolean;
}

const hints = {
  post: {
    subtitle: "Optimize your post for search engines",
    metaTitle: "The title search engines show as the link. Aim for 55–60 characters; the post title is used when empty.",
    metaDescription: "The summary under the link in search results. Aim for 150–160 characters; the excerpt is used when empty.",
  },
  page: {
    subtitle: "Optimize your page for search engines and sharing",
    metaTitle: "The title search engines show as the link. Aim for 55–60 characters; the page title is used when empty.",
    metaDescription: "The summary under the link in search results and on social cards. Aim for 150–160 characters.",
  },
};

// A landing page's social image is in the card too (its `children`).
const seoFields = ["metaTitle", "metaDescription", "keywords", "canonicalUrl", "ogImage"] as const;

/**
 * docs/product.md §2: the collapsible SEO Settings card with live counters and a tooltip on every field, and previews
 * of the post as a search result and as a social card.
 */
export function SeoSettingsCard({ fields, onChange, errors, of = "post", children, defaultOpen = true }: SeoSettingsCardProps) {
  const [expanded, setExpanded] = useState(defaultOpen);
  // A refused field is never hidden in a collapsed card.
  const open = expanded || seoFields.some((field) => errors[field]);
  const id = useId();
  return (
    <TooltipProvider>
      <Card>
        <Collapsible.Root open={open} onOpenChange={setExpanded}>
          <h2>
            <Collapsible.Trigger asChild>
              <button
                type="button"
                className="flex w-full items-start justify-between gap-4 rounded-2xl p-6 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
              >
                <span className="grid gap-1.5">
                  <span className="flex items-center gap-2 text-lg leading-snug font-semibold tracking-tight text-foreground">
                    <Search className="size-4 text-primary" aria-hidden="true" />
                    SEO Settings
                  </span>
                  <span className="text-sm font-normal text-muted-foreground">{hints[of].subtitle}</span>
                </span>
                <ChevronDown
                  className={`mt-1 size-5 shrink-0 text-muted-foreground transition-transform ${open ? "rotate-180" : ""}`}
                  aria-hidden="true"
                />
              </button>
            </Collapsible.Trigger>
          </h2>
          <Collapsible.Content>
            <CardContent className="grid gap-5">
              <div className="grid gap-2">
                <LabelWithTip htmlFor={`${id}-meta-title`} label="Meta Title">
                  {hints[of].metaTitle}
                </LabelWithTip>
                <Input
                  id={`${id}-meta-title`}
                  name="metaTitle"
                  value={fields.metaTitle}
                  maxLength={META_TITLE_MAX}
                  {...fieldErrorProps(`${id}-meta-title`, errors.metaTitle, `${id}-meta-title-count`)}
                  onChange={(event) => onChange({ metaTitle: event.target.value })}
                />
                <FieldError fieldId={`${id}-meta-title`} message={errors.metaTitle} />
                <LengthCounter
                  id={`${id}-meta-title-count`}
                  length={fields.metaTitle.length}
                  max={META_TITLE_MAX}
                  suggested={META_TITLE_SUGGESTED}
                />
              </div>

              <div className="grid gap-2">
                <LabelWithTip htmlFor={`${id}-meta-description`} label="Meta Description">
                  {hints[of].metaDescription}
                </LabelWithTip>
                <Textarea
                  id={`${id}-meta-description`}
                  name="metaDescription"
                  rows={3}
                  value={fields.metaDescription}
                  maxLength={META_DESCRIPTION_MAX}
                  {...fieldErrorProps(`${id}-meta-description`, errors.metaDescription, `${id}-meta-description-count`)}
                  onChange={(event) => onChange({ metaDescription: event.target.value })}
                />
                <FieldError fieldId={`${id}-meta-description`} message={errors.metaDescription} />
                <LengthCounter
                  id={`${id}-meta-description-count`}
                  length={fields.metaDescription.length}
                  max={META_DESCRIPTION_MAX}
                  suggested={META_DESCRIPTION_SUGGESTED}
                />
              </div>

              {fields.keywords !== undefined && (
              <div className="grid gap-2">
                <LabelWithTip htmlFor={`${id}-keywords`} label="Keywords">
                  A few phrases readers would search for, separated by commas, e.g. demand forecasting, stockouts.
                </LabelWithTip>
                <Input
                  id={`${id}-keywords`}
                  name="keywords"
                  value={fields.keywords}
                  placeholder="decision intelligence, forecasting"
                  {...fieldErrorProps(`${id}-keywords`, errors.keywords)}
                  onChange={(event) => onChange({ keywords: event.target.value })}
                />
                <FieldError fieldId={`${id}-keywords`} message={errors.keywords} />
              </div>
              )}

              {fields.canonicalUrl !== undefined && (
              <div className="grid gap-2">
                <LabelWithTip htmlFor={`${id}-canonical`} label="Canonical URL">
                  Only when this post first appeared elsewhere: the original address, so search engines credit it. Leave empty otherwise.
                </LabelWithTip>
                <Input
                  id={`${id}-canonical`}
                  name="canonicalUrl"
                  type="url"
                  inputMode="url"
                  value={fields.canonicalUrl}
                  placeholder="https://…"
                  {...fieldErrorProps(`${id}-canonical`, errors.canonicalUrl)}
                  onChange={(event) => onChange({ canonicalUrl: event.target.value })}
                />
                <FieldError fieldId={`${id}-canonical`} message={errors.canonicalUrl} />
              </div>
              )}

              {children}

              {of === "post" && (
              <Disclosure className="rounded-xl bg-primary-soft px-4 py-3" summary={<h3 className="text-sm font-semibold text-primary-strong">SEO best practices</h3>}>
                <ul className="grid list-disc gap-1.5 pl-5 text-sm text-slate-700 marker:text-brand-400">
                  {bestPractices.map((tip) => (
                    <li key={tip}>{tip}</li>
                  ))}
                </ul>
              </Disclosure>
              )}
            </CardContent>
          </Collapsible.Content>
        </Collapsible.Root>
      </Card>
    </TooltipProvider>
  );
}

function LabelWithTip({ htmlFor, label, children }: { htmlFor: string; label: string; children: string }) {
  return (
    <div className="flex items-center gap-1">
      <Label htmlFor={htmlFor}>{label}</Label>
      <FieldTooltip field={label}>{children}</FieldTooltip>
    </div>
  );
}
