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
const heading = (text: string) => `<h2>${text}</h2>`;
const subheading = (text: string) => `<h3>${text}</h3>`;
const bullets = (...items: string[]) => `<ul>${items.map((item) => `<li><p>${item}</p></li>`).join("")}</ul>`;
const steps = (...items: string[]) => `<ol>${items.map((item) => `<li><p>${item}</p></li>`).join("")}</ol>`;
const quote = (text: string) => `<blockquote><p>${text}</p></blockquote>`;

/** The author the posts are signed by: the administrator's public profile. */
export const authorProfile = {
  displayName: "Naomi Wanjiku",
  bio: "Head of decision science at Zuri. Ten years of forecasting for retail and logistics teams across East Africa and Europe.",
};

/**
 * Newest first is the blog's order; listed here in the order they are published, oldest first. Each body is as long
 * as a real post (about 600 to 1,300 words), so the cards show reading times as varied as a real blog's; they claim
 * nothing docs/product.md §1 does not, and their figures are the reader's own examples, not results.
 */
export const editorialPosts: EditorialPost[] = [
  {
    title: "From a CSV upload to a live dashboard in an afternoon",
    slug: "from-csv-upload-to-live-dashboard",
    excerpt: "The first afternoon with a new analytics tool decides whether a team keeps using it. Here is what ours looks like.",
    tags: ["Data integration"],
    daysAgo: 58,
    content:
      paragraphs(
        "Every analytics project has a first afternoon. Someone exports a file, opens a new tool and tries to get one useful answer before the next meeting. If that afternoon goes well, the tool gets a second week. If it goes badly, the file goes back into a spreadsheet and the project quietly stops.",
        "We designed Zuri around that afternoon. This post walks through it step by step, from the file you already have to a dashboard your team can open on Monday, and names the places where teams usually get stuck.",
      ) +
      heading("Start with the file you already have") +
      paragraphs(
        "Most teams do not start with a data warehouse. They start with an export: last quarter's sales, a stock count, a customer survey. Zuri takes it as a CSV or an Excel workbook, as it is, with its odd column names and the blank rows someone left at the bottom.",
        "While the file uploads, Zuri reads each column and names the ones it recognizes: dates, amounts, store codes, product names. It asks about the ones it does not. Answering those questions takes a minute, and it is the most valuable minute of the afternoon, because every chart after it depends on the answers.",
      ) +
      subheading("Three checks before the first chart") +
      bullets(
        "<strong>Dates are dates.</strong> A column of 03/04/2026 values can mean March or April. Say which once, and every weekly view after it is right.",
        "<strong>Amounts have one currency.</strong> If a file mixes currencies, split them or add a currency column before you compare regions.",
        "<strong>Every row has a key.</strong> A store code, an order number or a customer ID: whatever lets you join this file to the next one.",
      ) +
      heading("The first chart is rarely the one you want") +
      paragraphs(
        "By the time the upload finishes, the dashboard has a first chart. It is usually a total over time, because that is the safest thing to draw from a file nobody has explained yet. It is rarely the chart you want, and that is the point: the second question is where the work starts.",
        "Ask it in a sentence. \"Which stores sold less than last month?\" or \"Show revenue by region for the last 12 weeks.\" Zuri answers with a chart and the query behind it, so you can check what it counted before you share it.",
      ) +
      quote("A dashboard earns trust one checked answer at a time, not all at once on launch day.") +
      heading("Connect the second source") +
      paragraphs(
        "A single file answers a single question. The useful questions sit between sources: sales against stock, orders against survey scores, costs against the plan. Once the first file makes sense, add the second one, either as another upload or by connecting the database it came from.",
        "Zuri suggests a join when two sources share a key and shows the rows that did not match. Look at those rows. They are where the data disagrees with itself, and a join you cannot see into is a join nobody will trust.",
      ) +
      heading("Make it live") +
      paragraphs(
        "An uploaded file is a snapshot. For a dashboard people open every week, connect the source itself so the numbers refresh on their own. Live syncing means the Monday meeting looks at this week's figures, not the ones someone remembered to export on Friday. It is also what forecasting needs later: a forecast is only as current as the data under it.",
        "Then share it. Give the team a link, set who can see what with roles, and export the charts that need to go into a slide. The afternoon ends with a dashboard that will still be right next week, and a short list of questions for the next session.",
      ) +
      heading("A worked example") +
      paragraphs(
        "Take a regional retailer's weekly sales export: one row per store, product and week, with a store code, a product name, units sold and revenue. On upload, Zuri recognizes the week column as dates, asks whether revenue includes sales tax, and notices that four store codes appear in the sales file but not in the store list uploaded earlier.",
        "The first chart is total revenue by week. The second question, asked in a sentence, is \"Which ten products grew fastest over the last eight weeks?\" The answer comes back as a ranked table with the growth rate, the weeks compared and the filter it applied, which in this case excluded the four unknown stores until someone confirms what they are.",
        "That last detail is the whole afternoon in miniature. The answer was quick, it was useful, and it was honest about what it left out.",
      ) +
      heading("Where teams get stuck") +
      steps(
        "They clean the file in a spreadsheet first. Upload it as it is instead: the questions Zuri asks are the cleaning, and they are saved for the next upload.",
        "They build ten charts on day one. Build two that answer a question someone asked this week, and add more when people use them.",
        "They skip the unmatched rows. Read them: they are usually the most interesting part of the data.",
      ) +
      paragraphs(
        "None of this needs a data team. It needs one file, one real question and an afternoon without meetings. If you want to try it on your own data, book a demo and bring the export you already have.",
      ),
  },
  {
    title: "Scoring models operations leaders actually trust",
    slug: "scoring-models-operations-leaders-trust",
    excerpt: "A score nobody can explain is a score nobody acts on. Three habits that make supplier and store scores stick.",
    tags: ["Operations", "Risk"],
    daysAgo: 44,
    content:
      paragraphs(
        "Scores are everywhere in operations: supplier scores, store health scores, credit scores for customers on payment terms. Most of them are ignored. Not because they are wrong, but because nobody in the room can say why a number is what it is, and a number you cannot explain is a number you cannot defend to your manager.",
        "Over the last few years we have seen the same three habits separate the scores that change decisions from the ones that decorate dashboards. None of them is about the model. All of them are about how the score meets the people who use it.",
      ) +
      heading("Habit one: show the inputs next to the number") +
      paragraphs(
        "When a store scores 62, the first question is always why. Put the three inputs that moved it most beside the score, in the units the team already uses: days of stock cover, late deliveries this month, the share of orders picked on time. Not z-scores, not weights, not a feature-importance chart.",
        "This does two things. It lets a manager check the score against what they know about the store, which is how trust starts. And it tells them what to do next, because each input is something they can act on.",
      ) +
      quote("The score is the headline. The inputs are the story, and people act on stories.") +
      heading("Habit two: keep the weights stable") +
      paragraphs(
        "It is tempting to retrain a scoring model every week as new data arrives. Resist it. A model that changes every week teaches people to ignore it, because last week's 70 and this week's 70 no longer mean the same thing.",
        "Change the weights once a quarter, on a date people know about, and write down what changed and why. Between those dates, the score moves only when the business moves. That is the property that makes a trend line on a score worth reading.",
      ) +
      subheading("What to review each quarter") +
      bullets(
        "Did the scores rank the outcomes you care about in the right order? Compare last quarter's lowest scores with last quarter's actual problems.",
        "Did any input stop carrying signal, because a process changed or a field stopped being filled in?",
        "Did people ask for an input that is missing? Their questions are your feature list.",
      ) +
      heading("Habit three: let people disagree with it") +
      paragraphs(
        "Every score is wrong about something. The supplier with a poor score may have just fixed the problem; the store with a high one may be about to lose its manager. Give the people closest to the work a way to flag a score they disagree with, and a field to say why.",
        "Those flags are the most valuable data you will collect. They tell you where the model is blind, and they turn the people using the score into the people improving it. A score that can be challenged is a score people are willing to rely on.",
      ) +
      heading("A worked example: a store health score") +
      paragraphs(
        "Suppose an operations director wants one number per store that says where to visit next. A first version might combine four inputs the regional managers already track: days of stock cover on the top 100 products, the share of deliveries received late, staff hours against plan, and the store's sales against its own forecast.",
        "Each input is turned into a 0 to 100 scale against the store's region, so a rural store is not compared with a flagship. The four are weighted equally to begin with. The dashboard shows the score, the direction it moved since last week, and the one input that moved it most.",
        "In the first review, the regional managers will disagree with some scores. That is the point of the review. Perhaps a store scores poorly on staff hours because it is covering for a closed neighbor. The fix is not to change the weights but to add context: a note on the score, or a flag that excludes a known exception until it ends.",
      ) +
      subheading("Signs a score is working") +
      bullets(
        "Managers mention it in meetings without being asked to.",
        "People argue about the inputs rather than about the number.",
        "The stores at the bottom of the list change over a quarter, because someone acted on them.",
      ) +
      heading("Building it in Zuri") +
      paragraphs(
        "Zuri's scoring and assessment tools let you define a score from the columns you already have, weight them, and publish the result to a dashboard with the inputs shown beside each number. Enterprise teams can build custom scoring models and keep an audit log of every change to the weights, so the quarterly review has a record to start from.",
        "Start with one score, for one decision, for one team. When that team uses it without being reminded, build the next one.",
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
      paragraphs(
        "Ask a customer team what customers think and they will open the survey tool. Ask the finance team what customers buy and they will open the sales system. Ask either of them whether the customers who complain also buy less, and the honest answer is usually a shrug, followed by a ticket to the data team.",
        "The question is not hard. The data is simply in two places. This post is about putting it in one place without a months-long integration project, and about the questions that open up once you do.",
      ) +
      heading("Why the join matters") +
      paragraphs(
        "A satisfaction score on its own says how customers feel. Joined to their orders, it says which feelings cost money. You can see whether customers who rate delivery poorly order less often in the months that follow, whether a complaint about price comes before a smaller basket, and which segments are quietly drifting away while their scores still look fine.",
        "None of those answers lives in either system. They exist only in the join.",
      ) +
      heading("What a unified data hub actually holds") +
      bullets(
        "<strong>Surveys</strong>, from your survey tool or from Zuri's own drag-and-drop forms.",
        "<strong>Transactions</strong>, from the sales or order system, connected directly or exported.",
        "<strong>Spreadsheets</strong>, the planning files and price lists that never made it into a system.",
        "<strong>Databases</strong>, through connectors, with live syncing so the view stays current.",
      ) +
      heading("Joins you can see into") +
      paragraphs(
        "Zuri suggests the join key when two sources share one, such as a customer ID or an e-mail address, and it shows the rows that did not match. That second part matters more than it sounds. A join that silently drops a fifth of your customers will give confident answers about the other four fifths, and nobody will know.",
        "So look at the unmatched rows before you trust the result. Usually they point at something fixable: a survey that collected e-mail addresses in capitals, an export that trimmed leading zeros from customer numbers, a test account that should not be there.",
      ) +
      quote("The rows that do not match are not noise. They are the data telling you where it disagrees with itself.") +
      heading("Computed fields turn a join into an answer") +
      paragraphs(
        "Once the sources are joined, add the fields the question needs: margin from price and cost, days since last order, a flag for customers whose score fell by more than a point. Computed fields are defined once and recalculated as the data refreshes, so the dashboard built on them stays right without anyone rerunning a spreadsheet.",
        "Enterprise teams can go one step further with AI column generation, which fills a new column from a plain description, such as a theme for each free-text survey comment. Check a sample of what it produces before you chart it, as you would with any new source.",
      ) +
      heading("Who sees what") +
      paragraphs(
        "Joined data is more sensitive than either source on its own. A survey comment next to a customer's order history says more about that customer than either system did. Decide who needs the joined view before you share it. Role-based access control lets you give the customer team the comments and the finance team the totals, from the same hub, without copying data into separate files.",
        "For larger organizations, multi-team management keeps each team's sources and dashboards apart while the definitions they share, such as what counts as an active customer, stay in one place.",
      ) +
      heading("Where to start") +
      steps(
        "Pick one question that needs two sources, and write it down in a sentence.",
        "Bring both sources into Zuri as they are, and accept or correct the suggested join.",
        "Read the unmatched rows, and fix what can be fixed at the source.",
        "Add the one or two computed fields the question needs, and build a single chart that answers it.",
      ) +
      paragraphs(
        "When that chart changes a decision, add the next source. One view of the customer is built a question at a time.",
      ),
  },
  {
    title: "What natural-language queries change for finance teams",
    slug: "natural-language-queries-for-finance-teams",
    excerpt: "When a controller can ask a question in a sentence, the month-end queue for the data team gets shorter.",
    tags: ["Natural-language queries"],
    daysAgo: 19,
    content:
      paragraphs(
        "Finance teams ask the same shape of question every month: which cost center moved, against what, and why. Each one used to be a ticket. The controller writes it down, the data team writes the query, the answer comes back a day later, and by then there is a follow-up question.",
        "Natural-language queries change the shape of that loop. The controller asks in a sentence and gets an answer in the same minute, with the query that produced it.",
      ) +
      heading("The questions that used to wait") +
      bullets(
        "Which cost centers are more than 5% over budget this quarter?",
        "How did travel spend move against the same month last year?",
        "Which suppliers did we pay late in the last 90 days?",
        "What share of revenue came from our ten largest customers?",
      ) +
      paragraphs(
        "None of these is difficult. Each is a join, a filter and a sum. They wait because they sit in a queue behind harder work, and because the person who needs the answer cannot write the query.",
      ) +
      heading("An answer you can check") +
      paragraphs(
        "Asked in plain English, the answer arrives with the query that produced it, so the controller can check it and the data team can reuse it. This is the part that matters for finance. A number without its working is not an answer an auditor, or a CFO, will accept.",
        "If the question was ambiguous, for example whether \"this quarter\" means the calendar or the fiscal quarter, the answer says which one it used. Fix it once, and the correction is remembered for next time.",
      ) +
      quote("The goal is not to replace the data team. It is to stop using them as a query service.") +
      heading("How to ask a good question") +
      paragraphs(
        "Plain English does not mean vague English. The questions that get the best answers name three things: the measure, the slice and the period. \"Travel spend by cost center for the last three months\" will get a better first answer than \"How is travel looking?\" Both work, but the second will come back with a question of its own.",
      ) +
      bullets(
        "<strong>Name the measure</strong> the way your team defines it: net revenue, gross margin, operating spend.",
        "<strong>Name the slice</strong>: by cost center, by supplier, by region, by month.",
        "<strong>Name the period</strong>, and say whether it is calendar or fiscal when it matters.",
      ) +
      heading("Guardrails finance needs") +
      paragraphs(
        "Asking questions freely is only safe if the answers respect who may see what. Zuri applies the same role-based access to a question as it does to a dashboard, so a regional controller who asks about salaries sees their own region or nothing. Audit logs record who asked what and when, which is the record an auditor will ask for.",
        "Single sign-on means controllers use the account they already have, and access ends when it ends everywhere else. None of this slows down the question. It is what makes it acceptable to let more people ask.",
      ) +
      heading("What changes for the data team") +
      paragraphs(
        "When routine questions answer themselves, the data team's queue fills with the work only they can do: new data pipelines, the model behind a forecast, the definitions everyone else relies on. Those definitions become more important, not less, because every natural-language answer is built on them.",
        "It also changes what the data team hears about. Every question asked in Zuri is a signal of what the business wants to know. A month of questions is a better brief for the next dashboard than any requirements workshop, and it arrives without anyone having to write it.",
        "Start by writing down the ten terms finance uses most, such as revenue, gross margin and active customer, and make sure each has one agreed definition in Zuri. Then open the tool to the controllers.",
      ),
  },
  {
    title: "Month-end close, answered in plain English",
    slug: "month-end-close-in-plain-english",
    excerpt: "Five questions every controller asks at month end, and the answers Zuri gives with the numbers behind them.",
    tags: ["Natural-language queries", "Operations"],
    daysAgo: 12,
    content:
      paragraphs(
        "Month end is a deadline made of small questions. None of them is hard on its own, but there are dozens, they arrive at once, and each one waits for someone who can pull the numbers. We took five questions controllers ask at every close and asked them of a sample ledger in Zuri, in plain English, to show what the answers look like and where a person still needs to look.",
        "The ledger is an example we built for this post: a year of journal entries for a company with four cost centers and a few hundred suppliers. Your own will be larger and messier, which is exactly why the answers come with their working.",
      ) +
      heading("1. Which accounts moved by more than 10% this month?") +
      paragraphs(
        "This is the question controllers ask first, because it tells them where to look. Zuri answers with a table of accounts, this month's balance, last month's, and the change, sorted by the size of the change rather than the percentage, so a large account that moved 11% is not buried under a small one that doubled.",
        "Check the comparison period in the answer. \"Last month\" is clear; \"the same month last year\" is often the better comparison for seasonal accounts, and you can ask for it directly.",
      ) +
      heading("2. Which invoices are still unmatched to a purchase order?") +
      paragraphs(
        "Unmatched invoices hold up the close more than any other single item. Asked in a sentence, the answer lists them with supplier, amount and age, and the query shows which fields it used to decide that an invoice was unmatched.",
        "That last part matters. If your team records purchase order numbers in two different fields, the first answer will miss half the matches. Fix the definition once, and every later answer uses it.",
      ) +
      heading("3. What are the accruals we booked last month that have not reversed?") +
      paragraphs(
        "A classic source of errors, and a question that used to need a custom report. Zuri joins last month's accrual entries to this month's reversals and lists the ones with no partner, with the amount and the person who posted them.",
      ) +
      heading("4. How does operating spend compare with the budget, by cost center?") +
      paragraphs(
        "The answer is a chart and a table: actuals against budget for each cost center, with the variance. Ask a follow-up in the same conversation, such as \"which line items drove the variance in logistics?\", and the answer narrows to that cost center without starting again.",
      ) +
      quote("The first answer tells you where to look. The follow-up tells you why. Month end is mostly follow-ups.") +
      heading("5. Which of these numbers should I double-check?") +
      paragraphs(
        "The last question is the one a good analyst answers without being asked. Zuri's automated insights flag entries that look unusual against the account's own history, such as a round amount posted on a weekend or a supplier paid twice in a week, so the controller can review them before the numbers are signed off.",
        "These are prompts, not verdicts. Most flagged entries have a good explanation; the value is in seeing them before an auditor does.",
      ) +
      heading("A close calendar with the questions built in") +
      paragraphs(
        "The five questions are most useful when they are asked at the same point in every close. A simple calendar might look like this:",
      ) +
      steps(
        "<strong>Working day 1:</strong> accounts that moved by more than 10%, and accruals that have not reversed.",
        "<strong>Working day 2:</strong> unmatched invoices, with the owner of each one named in the answer.",
        "<strong>Working day 3:</strong> spend against budget by cost center, and the follow-ups it raises.",
        "<strong>Working day 4:</strong> the entries flagged as unusual, reviewed and either explained or corrected.",
      ) +
      paragraphs(
        "Save each question as part of a month-end dashboard, and the calendar runs itself: the answers are there when the day starts, refreshed from the ledger overnight. The controller's job becomes reading and deciding rather than fetching.",
      ) +
      heading("Sharing the answers") +
      paragraphs(
        "A close ends with a pack for the finance director. Export the charts and tables that go into it, or share the dashboard itself with the people who need to drill into a number. Drill-downs let a reader click from a cost center's variance to the entries behind it, which answers the question that usually follows a close pack: where did this come from?",
      ) +
      heading("Mistakes to avoid in the first close") +
      subheading("Trusting the first answer to an ambiguous question") +
      paragraphs(
        "\"Revenue this month\" can mean invoiced, recognized or collected. The first answer will say which it used; read that line before the number. If it is not the one you meant, correct it once and save the definition, so the whole team gets the same answer next month.",
      ) +
      subheading("Asking everything in one question") +
      paragraphs(
        "A question that asks for the variance, its cause and a recommendation in one sentence will get a long answer that is hard to check. Ask for the variance, then ask why. Short questions in sequence give answers you can verify one step at a time, and the conversation keeps each step's query for the record.",
      ) +
      subheading("Leaving the data team out") +
      paragraphs(
        "The controllers ask the questions; the data team owns the definitions underneath them. Invite someone from the data team to the first close. They will spot a definition that needs fixing in minutes, and they will see which questions come up often enough to deserve a dashboard of their own.",
      ) +
      heading("How to tell it is working") +
      bullets(
        "Fewer month-end tickets reach the data team, and the ones that do are harder and more interesting.",
        "The close pack is ready earlier, because the numbers in it were checked as they were pulled.",
        "Controllers ask a second and third question in the meeting, instead of writing them down for later.",
      ) +
      heading("What it takes") +
      bullets(
        "A ledger export or a connection to the finance system, refreshed at least daily during the close.",
        "Agreed definitions for the accounts and cost centers the team talks about.",
        "One controller willing to ask the questions in Zuri for one close, and note where the answers needed a correction.",
      ) +
      paragraphs(
        "After one close, the corrections are saved and the next close starts from better definitions. After three, the questions most teams used to queue for the data team are answered in the meeting where they are asked.",
      ),
  },
  {
    title: "Supplier risk without a data team",
    slug: "supplier-risk-without-a-data-team",
    excerpt: "Late suppliers rarely surprise the data. The signals are in the purchase orders you already keep.",
    tags: ["Risk", "Operations"],
    daysAgo: 6,
    content:
      paragraphs(
        "Late deliveries rarely come out of nowhere. The signals are in the purchase orders: confirmations that slip a day, then two; partial shipments that become the norm; a supplier who stops answering within the week. Buyers often sense it before any report shows it, but a sense is hard to act on and harder to escalate.",
        "This post is about turning those signals into an alert a buyer receives before a supplier misses a week, using data most distributors already have and no data-science team.",
      ) +
      heading("The five columns that carry the signal") +
      paragraphs("Purchase order data is noisy, but a handful of fields does most of the work:") +
      steps(
        "<strong>Promised date against confirmed date.</strong> A supplier who confirms later than you asked is telling you something before the goods are late.",
        "<strong>Confirmed date against received date.</strong> The classic lateness measure, best tracked as a trend rather than a single number.",
        "<strong>Quantity ordered against quantity received.</strong> Partial shipments often come before late ones.",
        "<strong>Days to confirm.</strong> How long a supplier takes to acknowledge an order is an early sign of capacity trouble.",
        "<strong>Share of orders changed after confirmation.</strong> Frequent changes suggest a supplier juggling commitments.",
      ) +
      heading("From columns to a risk score") +
      paragraphs(
        "Each of these columns becomes a weekly measure per supplier: the average slip in days, the share of partial shipments, the median time to confirm. Zuri computes them as fields on the purchase order data and combines them into a single supplier risk score, with the inputs shown beside it so a buyer can see why a supplier scored the way it did.",
        "Keep the score simple to begin with. Equal weights across three or four measures are easier to explain than a tuned model, and explainable is what gets acted on. You can refine the weights once you have a quarter of history to test them against.",
      ) +
      quote("A risk score is only useful if the buyer can explain it to the supplier on the phone.") +
      heading("The alert a buyer receives") +
      paragraphs(
        "A score on a dashboard waits for someone to look at it. An alert comes to them. Set a threshold, such as a supplier's score rising by a set amount in two weeks or crossing a level the team agrees on, and send the buyer a message with the supplier, the score, the inputs that moved and the open orders at risk.",
        "The last part is the one that turns an alert into action. \"Supplier X is at risk\" is interesting. \"Supplier X is at risk and holds three of your open orders due next week\" is a phone call the buyer makes today.",
        "With demand forecasting on the same data, the alert can also say which products those orders hold and whether the stock on hand will cover the delay.",
      ) +
      heading("Cleaning the purchase order data") +
      paragraphs(
        "Purchase order data is rarely clean, and it does not need to be perfect to be useful. A few problems come up in almost every export, and each has a simple fix:",
      ) +
      bullets(
        "<strong>Missing confirmed dates.</strong> Treat an order with no confirmation after a set number of days as a signal in its own right, not a gap to ignore.",
        "<strong>One supplier under several names.</strong> Map the variants to a single supplier ID once; Zuri keeps the mapping for every later upload.",
        "<strong>Orders split into several receipts.</strong> Sum the received quantity per order line before comparing it with the quantity ordered.",
      ) +
      heading("Talking to the supplier") +
      paragraphs(
        "An alert is the start of a conversation, not the end of one. The most effective buyers share the measures with the supplier: here is your confirmation time over the last quarter, here is the share of partial shipments, here is where it changed. Most suppliers know when they are struggling, and a buyer who brings the evidence calmly often hears the reason before it becomes a missed delivery.",
        "Export the supplier's view from Zuri as a one-page summary, or share a dashboard filtered to their orders. The same numbers, seen by both sides, turn a difficult call into a planning discussion.",
      ) +
      heading("Review after a quarter") +
      bullets(
        "Which suppliers did the score flag, and how many of them did go on to deliver late?",
        "Which late deliveries did the score miss, and which signal would have caught them?",
        "Did buyers act on the alerts, and if not, what would have made them useful?",
      ) +
      heading("What you do not need") +
      bullets(
        "A data warehouse. A weekly export of purchase orders is enough to start; connect the system later for live data.",
        "A machine-learning model. Simple measures, combined openly, catch most of what matters.",
        "Perfect data. Start with the suppliers that matter most and clean their records first.",
      ) +
      heading("Getting started") +
      paragraphs(
        "Export a year of purchase orders with the five columns above, upload them to Zuri and build the weekly measures for your twenty largest suppliers. Compare the scores with what your buyers already know. Where they agree, you have a tool that will scale. Where they disagree, one of them has found something, and it is worth finding out which.",
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
        "Every operations team plans a quarter ahead, and every plan is built on the quarter that just ended. That works until demand moves faster than the planning cycle, which in retail is most of the time: a warm week, a competitor's promotion, a product that finds an audience nobody expected.",
        "The fix is not a better annual model. It is a forecast you check every week against what actually sold, so you see the gap while it is still small enough to close. This post describes that weekly habit, what the forecast needs, and how to turn a warning into a decision a store manager can make the same day.",
      ) +
      heading("Why quarterly plans break") +
      paragraphs(
        "A quarterly plan is a set of assumptions frozen on a date. It assumes last quarter's mix of products, last quarter's promotions and last quarter's weather will roughly repeat. Each assumption is reasonable. Together they are almost always wrong somewhere, and the plan does not tell you where.",
        "The cost shows up in two places at once: stockouts on the products that sold better than planned, and excess stock on the ones that did not. Both are expensive, and both were visible in the weekly sales data weeks before they became a problem.",
      ) +
      heading("Three questions to ask every Monday") +
      steps(
        "Which products sold more than forecast last week, and in which stores?",
        "Which of them will run out before the next delivery at this rate?",
        "Where is there stock to move, and what would moving it cost?",
      ) +
      paragraphs(
        "Zuri answers the first two from the sales and stock data you already upload. The third needs one more file, the transfer costs between locations, and turns a warning into a recommendation a manager can act on the same day.",
      ) +
      quote("We stopped arguing about whose numbers were right and started arguing about what to do. That is a better argument to have.") +
      heading("What the forecast needs") +
      paragraphs(
        "A useful weekly forecast needs less than most teams expect. The essentials are two years of weekly sales by product and location, the current stock position, and a calendar of known events such as promotions and public holidays. More history helps seasonal products; more detail, such as daily sales, helps fast movers.",
        "What the forecast does not need is to be perfect. A forecast that is checked every week and corrected is more useful than a better one that is looked at once a quarter. The value is in the comparison: forecast against actual, every week, product by product.",
      ) +
      subheading("Reading the gap") +
      bullets(
        "<strong>A gap on one product in many stores</strong> usually means demand changed: a trend, a competitor, the weather.",
        "<strong>A gap on many products in one store</strong> usually means something local: a closure nearby, a new manager, a display that moved.",
        "<strong>A gap that grows for three weeks</strong> is no longer noise. Update the plan.",
      ) +
      heading("From a warning to a recommendation") +
      paragraphs(
        "Knowing a product will run out is useful. Knowing what to do about it is better. With stock levels and transfer costs in the same view, Zuri recommends where to move stock from, how much, and what the move costs against the sales it protects. The manager still decides; the recommendation saves them the hour of spreadsheets it used to take to get to the decision.",
        "Moving stock between nearby locations is often cheaper and faster than ordering more, and it uses inventory you have already paid for. The recommendation makes that option visible on the day it matters.",
      ) +
      heading("What this looks like in practice") +
      paragraphs(
        "In the one success story we publish, a growing retail and e-commerce business that put forecasting and recommendations at the center of its weekly planning saw a 37% increase in sales and 65% fewer stockouts. The change was not a new planning system. It was the same three questions, asked every week, with answers that arrived before the Monday meeting rather than after it.",
        "None of it needed a data team. It needed sales and stock data the business already had, a forecast checked against reality, and the habit of acting on the gap while it was small.",
      ) +
      heading("Measuring whether the forecast is good enough") +
      paragraphs(
        "Forecast accuracy is easy to over-engineer. For a weekly operations forecast, two measures are enough. The first is the average error as a share of sales, by product group, which tells you how far off the forecast usually is. The second is bias: whether the forecast is consistently too high or too low. A forecast with a moderate error and no bias is far more useful than one with a small error that always leans the same way, because bias compounds into stockouts or excess stock week after week.",
        "Track both on the same dashboard as the forecast itself, and review them monthly. When a product group's error rises, look for a cause in the business before you look for one in the model: a new range, a supplier change, a promotion that was not on the calendar.",
      ) +
      heading("Bringing the sources together") +
      paragraphs(
        "Sales sit in the point-of-sale system, stock in the warehouse system, promotions in a marketing calendar that is often a spreadsheet. A forecast needs all three. Zuri's data hub brings them into one place, through direct connectors where they exist and uploads where they do not, with live syncing for the sources that change daily.",
        "Start with what you have. A forecast built on sales and stock alone is already useful; adding the promotions calendar later improves it for the weeks that matter most.",
      ) +
      heading("Three objections we hear") +
      subheading("\"Our demand is too unpredictable to forecast.\"") +
      paragraphs(
        "Some of it is. Most of it is not: the bulk of volume in most businesses comes from products with steady, seasonal demand. Forecast those well and the team has time left for the genuinely unpredictable ones. The weekly check also shows which products are which, so the team stops spending effort on forecasts that cannot improve.",
      ) +
      subheading("\"We already have a planning system.\"") +
      paragraphs(
        "Keep it. The weekly forecast does not replace the plan; it tells you where the plan is drifting. Export the recommendations into the planning process you already run, or share the dashboard with the planners so they see the gap when the buyers do.",
      ) +
      subheading("\"Nobody will trust a number they cannot explain.\"") +
      paragraphs(
        "They should not. Every forecast in Zuri shows what it was built from and how it compared with the last few weeks of actual sales, product by product. Ask Zuri AI why a forecast changed and it answers in a sentence, with the data behind it. Trust comes from that comparison, checked every week, more than from any explanation of the model.",
      ) +
      heading("Who does what on Monday") +
      bullets(
        "<strong>The planner</strong> reviews the forecast against last week's sales before 9 a.m. and notes the three largest gaps.",
        "<strong>The buyers</strong> take the products at risk of running out and check the recommendations for stock moves or early orders.",
        "<strong>Store and warehouse managers</strong> receive the moves that affect them, with quantities and dates.",
        "<strong>The operations lead</strong> looks at one chart: forecast against actual for the whole business, and whether the gap is growing.",
      ) +
      paragraphs(
        "The meeting that follows is short, because everyone arrives with the same numbers and a proposal. The discussion is about what to do, not about whose spreadsheet is right.",
      ) +
      heading("Getting started before next quarter") +
      steps(
        "Upload two years of weekly sales and your current stock, as CSV or Excel, or connect the system they come from.",
        "Review the first forecast with the people who know the products, and note where it surprises them.",
        "Run the three Monday questions for four weeks before the quarter starts, and compare the answers with the plan.",
      ) +
      paragraphs(
        "By the first week of the quarter you will know where the plan is likely to break, and you will have a habit in place to catch it when it does.",
      ),
  },
];
