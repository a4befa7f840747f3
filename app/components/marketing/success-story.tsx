const results = [
  { value: "37%", label: "increase in sales" },
  { value: "65%", label: "fewer stockouts" },
];

const story = [
  {
    title: "The challenge",
    text: "A growing retail and e-commerce business kept running out of its best-selling lines while slow movers filled the stockroom. Sales, stock and supplier data sat in separate spreadsheets, and by the time anyone had combined them, the moment to act had passed.",
  },
  {
    title: "What changed",
    text: "The team connected its sales and inventory sources into one hub, set up a real-time stock dashboard and let Zuri AI forecast demand by product and location. Each week, buyers and store managers get a plain-English list of what to reorder, move or discount.",
  },
];

/**
 * The one success story the site may claim (docs/product.md §1): a 37% sales increase and 65% fewer stockouts.
 * The business is described by type only until a named, consented case study replaces it.
 */
export function SuccessStory({ headingId }: { headingId: string }) {
  return (
    <div className="overflow-hidden rounded-3xl border border-border bg-background shadow-card">
      <div className="grid gap-8 p-6 sm:p-10 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:items-end lg:gap-16 lg:p-12">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary-strong uppercase">
            Success story · <span className="whitespace-nowrap">Retail and e-commerce</span>
          </p>
          <h2 id={headingId} className="mt-3 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
            More sales, fewer empty shelves
          </h2>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4">
          {results.map((result) => (
            <div key={result.label} className="flex flex-col rounded-2xl bg-brand-950 px-5 py-5 sm:px-6 sm:py-6">
              <dt className="mt-1 text-sm font-medium text-brand-100 sm:text-base">{result.label}</dt>
              <dd className="order-first text-4xl font-bold tracking-tight text-white sm:text-5xl">{result.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="grid border-t border-border md:grid-cols-2">
        {story.map((part, index) => (
          <div key={part.title} className={index === 1 ? "border-t border-border p-6 sm:p-10 md:border-t-0 md:border-l lg:p-12" : "p-6 sm:p-10 lg:p-12"}>
            <h3 className="text-base font-semibold text-foreground">{part.title}</h3>
            <p className="mt-2 leading-7 text-muted-foreground">{part.text}</p>
          </div>
        ))}
      </div>
    </div>
  );
}
