/** The header's links, shared by the desktop bar and the mobile drawer (docs/product.md §2). */
export const productLinks = [
  { to: "/product", label: "Overview", description: "How Zuri turns your data into decisions" },
  { to: "/zuri-ai", label: "Zuri AI", description: "Ask questions of your data in plain English" },
] as const;

export const primaryLinks = [
  { to: "/industries", label: "Industries" },
  { to: "/enterprise", label: "Enterprise" },
  { to: "/blog", label: "Blog" },
] as const;
