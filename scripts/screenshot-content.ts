/**
 * The blog `npm run screenshots` (scripts/screenshots.ts) shows: posts a marketing team would publish, with their
 * own titles, excerpts, bodies, tags and dates, some with an uploaded cover and some with the generated art
 * (docs/decisions/059). A design review judges the pages by what they hold, so the screenshots hold realistic
 * content rather than the measurement commands' numbered posts (scripts/bench-server.ts).
 */

export interface EditorialPost {
  title: string;
  slug: string;
  excerpt: string;
  tags: string[];
  /** Days before the shot that it was published: the blog shows a history, not one day's batch. */
  daysAgo: number;
  /** An illustration (app/assets/illustrations/{name}-wide.svg) uploaded as the cover; none: the generated art. */
  cover?: string;
  coverAlt?: string;
  content: string;
}

const paragraphs = (...texts: string[]) => texts.map((text) => `<p>${text}</p>`).join("");

/** The author the posts are signed by: the administrator's public profile. */
export const authorProfile = {
  displayName: "Naomi Wanjiku",
  bio: "Head of decision science at Zuri. Ten years of forecasting for retail and logistics teams across East Africa and Europe.",
};

/** Newest first is the blog's order; listed here in the order they are published, oldest first. */
export const editorialPosts: EditorialPost[] = [
  {
    title: "From a CSV upload to a live dashboard in an afternoon",
    slug: "from-csv-upload-to-live-dashboard",
    excerpt: "The first afternoon with a new analytics tool decides whether a team keeps using it. Here is what ours looks like.",
    tags: ["Data integration"],
    daysAgo: 58,
    content:
      "<h2>Start with the file you already have</h2>" +
      paragraphs(
        "Most teams do not start with a data warehouse. They start with an export: last quarter's sales, a stock count, a survey. Zuri reads it as it is, names the columns it recognises and asks about the ones it does not.",
        "By the time the upload finishes, the dashboard has a first chart. It is rarely the chart you want, and that is the point: the second question is where the work starts.",
      ),
  },
  {
    title: "Scoring models operations leaders actually trust",
    slug: "scoring-models-operations-leaders-trust",
    excerpt: "A score nobody can explain is a score nobody acts on. Three habits that make supplier and store scores stick.",
    tags: ["Operations", "Risk"],
    daysAgo: 44,
    content:
      "<h2>Show the inputs next to the number</h2>" +
      paragraphs(
        "When a store scores 62, the first question is always why. Put the three inputs that moved it most beside the score, in the units the team already uses.",
        "Then keep the weights stable for a quarter. A model that changes every week teaches people to ignore it.",
      ),
  },
  {
    title: "One view of surveys, transactions and spreadsheets",
    slug: "one-view-of-surveys-transactions-spreadsheets",
    excerpt: "Customer feedback lives in one tool and revenue in another. Joining them answers questions neither can alone.",
    tags: ["Data integration", "Customer analytics"],
    daysAgo: 31,
    cover: "data-hub",
    coverAlt: "Three data sources joined into one table with a computed margin column",
    content:
      "<h2>Why the join matters</h2>" +
      paragraphs(
        "A satisfaction score on its own says how customers feel. Joined to their orders, it says which feelings cost money: the customers who rate delivery poorly order 30% less often in the next quarter.",
        "Zuri suggests the join key when two sources share one, and shows the rows that did not match, so nobody has to trust a join they cannot see.",
      ),
  },
  {
    title: "What natural-language queries change for finance teams",
    slug: "natural-language-queries-for-finance-teams",
    excerpt: "When a controller can ask a question in a sentence, the month-end queue for the data team gets shorter.",
    tags: ["Natural-language queries"],
    daysAgo: 19,
    content:
      "<h2>The questions that used to wait</h2>" +
      paragraphs(
        "Finance teams ask the same shape of question every month: which cost centre moved, against what, and why. Each one used to be a ticket.",
        "Asked in plain English, the answer arrives with the query that produced it, so the controller can check it and the data team can reuse it.",
      ),
  },
  {
    title: "Month-end close, answered in plain English",
    slug: "month-end-close-in-plain-english",
    excerpt: "Five questions every controller asks at month end, and the answers Zuri gives with the numbers behind them.",
    tags: ["Natural-language queries", "Operations"],
    daysAgo: 12,
    content: paragraphs(
      "Month end is a deadline made of small questions. We asked five of them of a sample ledger and kept the answers, the queries and the time each took.",
      "The slowest took 40 seconds, most of it reading a 2 million row export. The fastest was the one controllers ask first: which accounts moved by more than 10%.",
    ),
  },
  {
    title: "Supplier risk without a data team",
    slug: "supplier-risk-without-a-data-team",
    excerpt: "A mid-sized distributor spotted late suppliers three weeks earlier using data it already had.",
    tags: ["Risk", "Operations"],
    daysAgo: 6,
    content: paragraphs(
      "Late deliveries rarely come out of nowhere. The signals are in the purchase orders: confirmations that slip a day, then two, partial shipments that become the norm.",
      "We walk through the five columns that carried most of the signal, and the alert a buyer now receives before a supplier misses a week.",
    ),
  },
  {
    title: "Forecasting demand before the quarter starts",
    slug: "forecasting-demand-before-the-quarter-starts",
    excerpt:
      "Quarterly plans are made on last quarter's numbers. A weekly forecast, checked against what happened, tells you where that plan will break.",
    tags: ["Forecasting", "Operations"],
    daysAgo: 2,
    cover: "dashboard",
    coverAlt: "Weekly revenue against its forecast, with at-risk products and a recommendation from Zuri AI",
    content:
      paragraphs(
        "Every operations team plans a quarter ahead, and every plan is built on the quarter that just ended. That works until demand moves faster than the planning cycle, which in retail is most of the time.",
        "The fix is not a better annual model. It is a forecast you check every week against what actually sold, so you see the gap while it is still small enough to close.",
      ) +
      "<h2>Three questions to ask every Monday</h2>" +
      "<ol><li><p>Which products sold more than forecast last week, and in which stores?</p></li>" +
      "<li><p>Which of them will run out before the next delivery at this rate?</p></li>" +
      "<li><p>Where is there stock to move, and what would moving it cost?</p></li></ol>" +
      paragraphs(
        "Zuri answers the first two from the sales and stock data you already upload. The third needs one more file, the transfer costs between locations, and turns a warning into a recommendation a manager can act on the same day.",
      ) +
      "<blockquote><p>We stopped arguing about whose numbers were right and started arguing about what to do. That is a better argument to have.</p></blockquote>" +
      "<h2>What changed for one retailer</h2>" +
      paragraphs(
        "A grocery chain with 40 stores ran the Monday check for a quarter. Stockouts on its top 200 products fell by a third, mostly by moving stock between nearby stores rather than ordering more.",
        "None of it needed a data team. It needed the same three questions, asked every week, with answers that arrived before the Monday meeting rather than after it.",
      ),
  },
];
