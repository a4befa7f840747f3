import type {
  QUOTE_SOURCES} from "../../../../shared/landing-pages.ts";
import {
  FEATURE_ICONS,
  HERO_ILLUSTRATIONS,
  blockLabels,
  landingBlockSchema,
  type BlockType,
  type LandingBlock,
} from "../../../../shared/landing-pages.ts";

/**
 * What the landing-page editor shows of each block type (docs/decisions/039-landing-page-editor.md): a line
 * for the Add block menu and the fields of its card, in order. Limits are read from the shared schema
 * (shared/landing-pages.ts), so the counters and the server agree.
 */
export const blockDescriptions: Record<BlockType, string> = {
  hero: "The page's opening: headline, text, up to two buttons, and an image or a product illustration.",
  logos: "A row of customer names or logos.",
  features: "Up to six features, each with an icon, a title and a line of text.",
  stats: "Two to four figures with a label each.",
  testimonials: "Up to three quotes with their names; samples are marked as samples on the page.",
  faq: "Questions and answers, also given to search engines.",
  richText: "Formatted text: headings, lists, links and images.",
  cta: "A band with a headline, a line of text and one button.",
  demoForm: "The demo request form; requests name this page as their source.",
};

export type FieldSpec =
  | { kind: "text"; path: string; label: string; multiline?: boolean; hint?: string }
  | { kind: "link"; path: string; label: string }
  | { kind: "image"; path: string; label: string }
  | { kind: "select"; path: string; label: string; options: readonly { value: string; label: string }[] }
  | { kind: "richText"; path: string; label: string }
  | { kind: "visual" }
  | { kind: "list"; path: string; label: string; item: string; fields: FieldSpec[]; seed: () => object };

const button = (path: string, label: string): FieldSpec[] => [
  { kind: "text", path: `${path}.label`, label: `${label} label` },
  { kind: "link", path: `${path}.href`, label: `${label} link` },
];

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, " ");

export const illustrationOptions = HERO_ILLUSTRATIONS.map((name) => ({ value: name, label: capitalised(name) }));
const iconOptions = FEATURE_ICONS.map((name) => ({ value: name, label: capitalised(name) }));
/** docs/brand.md: sample quotes carry a visible "Sample quote" mark; only approved, consented quotes go without. */
const quoteSourceOptions = [
  { value: "sample", label: "Samples: each shows a “Sample quote” mark" },
  { value: "customer", label: "Customers' own words, approved for use" },
] satisfies { value: (typeof QUOTE_SOURCES)[number]; label: string }[];

export const blockFields: Record<BlockType, FieldSpec[]> = {
  hero: [
    { kind: "text", path: "eyebrow", label: "Eyebrow", hint: "A few words above the headline." },
    { kind: "text", path: "headline", label: "Headline" },
    { kind: "text", path: "text", label: "Text", multiline: true },
    ...button("primary", "Button"),
    ...button("secondary", "Second button"),
    { kind: "visual" },
  ],
  logos: [
    { kind: "text", path: "heading", label: "Heading" },
    {
      kind: "list",
      path: "logos",
      label: "Logos",
      item: "Logo",
      seed: () => ({ name: "", image: "" }),
      fields: [
        { kind: "text", path: "name", label: "Name", hint: "Shown as a wordmark, or as the logo's alt text." },
        { kind: "image", path: "image", label: "Logo" },
      ],
    },
  ],
  features: [
    { kind: "text", path: "heading", label: "Heading" },
    { kind: "text", path: "intro", label: "Introduction", multiline: true },
    {
      kind: "list",
      path: "items",
      label: "Features",
      item: "Feature",
      seed: () => ({ icon: FEATURE_ICONS[0], title: "", text: "" }),
      fields: [
        { kind: "select", path: "icon", label: "Icon", options: iconOptions },
        { kind: "text", path: "title", label: "Title" },
        { kind: "text", path: "text", label: "Text", multiline: true },
      ],
    },
  ],
  stats: [
    { kind: "text", path: "heading", label: "Heading" },
    {
      kind: "list",
      path: "items",
      label: "Stats",
      item: "Stat",
      seed: () => ({ value: "", label: "" }),
      fields: [
        { kind: "text", path: "value", label: "Value", hint: "e.g. 38% or 2.4×" },
        { kind: "text", path: "label", label: "Label" },
      ],
    },
  ],
  testimonials: [
    { kind: "text", path: "heading", label: "Heading" },
    { kind: "select", path: "source", label: "The quotes are", options: quoteSourceOptions },
    {
      kind: "list",
      path: "items",
      label: "Testimonials",
      item: "Testimonial",
      seed: () => ({ quote: "", name: "", role: "", company: "" }),
      fields: [
        { kind: "text", path: "quote", label: "Quote", multiline: true },
        { kind: "text", path: "name", label: "Name" },
        { kind: "text", path: "role", label: "Role" },
        { kind: "text", path: "company", label: "Organization", hint: "Its name, or the kind of organization for a sample." },
      ],
    },
  ],
  faq: [
    { kind: "text", path: "heading", label: "Heading" },
    {
      kind: "list",
      path: "items",
      label: "Questions",
      item: "Question",
      seed: () => ({ question: "", answer: "" }),
      fields: [
        { kind: "text", path: "question", label: "Question" },
        { kind: "text", path: "answer", label: "Answer", multiline: true },
      ],
    },
  ],
  richText: [{ kind: "richText", path: "html", label: "Text" }],
  cta: [{ kind: "text", path: "headline", label: "Headline" }, { kind: "text", path: "text", label: "Text", multiline: true }, ...button("button", "Button")],
  demoForm: [
    { kind: "text", path: "heading", label: "Heading" },
    { kind: "text", path: "text", label: "Text", multiline: true },
  ],
};

/** What a new block of each type starts with: its lists with the items its publish check asks for, empty. */
const seeds: Record<BlockType, object> = {
  hero: { primary: {}, secondary: {}, visual: { kind: "none" } },
  logos: { logos: [{}, {}] },
  features: { items: [{ icon: FEATURE_ICONS[0] }] },
  stats: { items: [{}, {}] },
  testimonials: { items: [{}] },
  faq: { items: [{}] },
  richText: {},
  cta: { button: {} },
  demoForm: {},
};

/** An id no other block of the page has (the schema: 1 to 40 of A-Z a-z 0-9 _ -). */
export function newBlockId(taken: readonly { id: string }[]): string {
  for (;;) {
    const id = `b${Math.random().toString(36).slice(2, 10)}`;
    if (!taken.some((block) => block.id === id)) return id;
  }
}

export const newBlock = (type: BlockType, taken: readonly { id: string }[]): LandingBlock =>
  landingBlockSchema.parse({ id: newBlockId(taken), type, ...seeds[type] });

export const blockLabel = (block: Pick<LandingBlock, "type">) => blockLabels[block.type];

/** The value at a dotted path (`primary.label`, `items.2.title`). */
export function valueAt(value: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((at, key) => (at === null || typeof at !== "object" ? undefined : (at as Record<string, unknown>)[key]), value);
}

/** A copy of `value` with `path` set to `next`; arrays stay arrays. */
export function withValueAt<T>(value: T, path: string, next: unknown): T {
  const [key, ...rest] = path.split(".");
  const target = value as unknown as Record<string, unknown> | unknown[];
  const inner = rest.length === 0 ? next : withValueAt((target as Record<string, unknown>)[key!], rest.join("."), next);
  if (Array.isArray(target)) return target.map((item, index) => (String(index) === key ? inner : item)) as unknown as T;
  return { ...target, [key!]: inner } as T;
}

type SchemaNode = { _zod: { def: { type: string; checks?: { _zod: { def: { check: string; maximum?: number } } }[] } } };

/** The innermost schema under defaults and wrappers. */
function unwrapped(schema: unknown): SchemaNode & Record<string, unknown> {
  let node = schema as SchemaNode & { unwrap?: () => unknown };
  while (typeof node.unwrap === "function" && ["default", "optional", "nullable", "prefault"].includes(node._zod.def.type)) {
    node = node.unwrap() as typeof node;
  }
  return node as SchemaNode & Record<string, unknown>;
}

const blockSchemaOf = (type: BlockType) =>
  (landingBlockSchema as unknown as { options: { shape: { type: { value: string } } }[] }).options.find((option) => option.shape.type.value === type);

/**
 * A field's or a list's limit from the shared schema: `maxOf("hero", "primary.label")` is 30,
 * `maxOf("features", "items")` is 6. Undefined when the schema sets none.
 */
export function maxOf(type: BlockType, path: string): number | undefined {
  let node: unknown = blockSchemaOf(type);
  for (const key of path.split(".")) {
    if (/^\d+$/.test(key)) continue;
    const current = unwrapped(node);
    if (current._zod.def.type === "array") node = unwrapped((current as unknown as { element: unknown }).element);
    const object = unwrapped(node) as unknown as { shape?: Record<string, unknown>; options?: { shape?: Record<string, unknown> }[] };
    // A union (the hero's visual): the option that has the field.
    node = object.shape?.[key] ?? object.options?.find((option) => option.shape?.[key] !== undefined)?.shape?.[key];
    if (node === undefined) return undefined;
  }
  const leaf = unwrapped(node);
  if (typeof leaf.maxLength === "number") return leaf.maxLength;
  return leaf._zod.def.checks?.find((check) => check._zod.def.check === "max_length")?._zod.def.maximum;
}
