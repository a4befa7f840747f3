const results = [
  { value: "37%", label: "increase in sales" },
  { value: "65%", label: "fewer stockouts" },
];

/**
 * The one success story the site may claim (docs/product.md §1): a 37% sales increase and 65% fewer stockouts.
 * The business is described by type only until a named, consented case study replaces it.
 */
export function SuccessStory({ headingId }: { headingId: string }) {
  return (
    <div className="overflow-hidden rounded-3xl border border-border bg-background shadow-card lg:grid lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
      <div className="p-8 sm:p-12">
        <p className="text-sm font-semibold tracking-wide text-primary-strong uppercase">Success story · Retail & E-commerce</p>
        <h2 id={headingId} className="mt-3 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
          More sales, fewer empty shelves
        </h2>
        <div className="mt-6 space-y-4 text-lg leading-8 text-muted-foreground">
          <p>
            A growing retail and e-commerce business kept running out of its best-selling lines while slow movers filled the
            stockroom. Sales, stock and supplier data lived in separate spreadsheets, and by the time anyone had combined them the
            moment to act had passed.
          </p>
          <p>
            With Zuri, the team connected its sales and inventory sources into one hub, set up a real-time stock dashboard and
            let Zuri AI forecast demand by product and location. Each week, buyers and store managers get a plain-English list of
            what to reorder, move or discount.
          </p>
        </div>
      </div>
      <dl className="grid content-center divide-y divide-white/10 bg-brand-950 sm:grid-cols-2 sm:divide-x sm:divide-y-0 lg:grid-cols-1 lg:divide-x-0 lg:divide-y">
        {results.map((result) => (
          <div key={result.label} className="flex flex-col px-8 py-10 sm:px-12">
            <dt className="text-base font-medium text-brand-100">{result.label}</dt>
            <dd className="order-first text-5xl font-bold tracking-tight text-white sm:text-6xl">{result.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
