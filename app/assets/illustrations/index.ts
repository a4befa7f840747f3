// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import adminConsoleWide from "./admin-console-wide.svg";
import adminConsoleNarrow from "./admin-console-narrow.svg";
import aiAnswerWide from "./ai-answer-wide.svg";
import aiAnswerNarrow from "./ai-answer-narrow.svg";
import dashboardWide from "./dashboard-wide.svg";
import dashboardNarrow from "./dashboard-narrow.svg";
import featureGroupsWide from "./feature-groups-wide.svg";
import featureGroupsNarrow from "./feature-groups-narrow.svg";
import featuresOverviewWide from "./features-overview-wide.svg";
import featuresOverviewNarrow from "./features-overview-narrow.svg";
import industriesWide from "./industries-wide.svg";
import industriesNarrow from "./industries-narrow.svg";
import setupWide from "./setup-wide.svg";
import setupNarrow from "./setup-narrow.svg";

export const illustrationImages = {
  "admin-console": {
    alt: "Zuri workspace settings for administrators: single sign-on connected to the company’s identity provider, roles (Admin, Analyst, Viewer) with their members and access, and an audit log of who signed in, changed a role, connected a database or exported a dashboard, and when.",
    wide: { src: adminConsoleWide, width: 720, height: 480 },
    narrow: { src: adminConsoleNarrow, width: 360, height: 486 },
  },
  "ai-answer": {
    alt: "Zuri AI answering the question “Which regions missed target last quarter, and why?” with a short explanation, a chart of revenue against target by region, recommended next steps and the data sources it used.",
    wide: { src: aiAnswerWide, width: 720, height: 460 },
    narrow: { src: aiAnswerNarrow, width: 360, height: 528 },
  },
  "dashboard": {
    alt: "Zuri dashboard showing weekly revenue, gross margin and at-risk products, a revenue trend with a forecast, and a Zuri AI answer explaining which stores will run out of stock next week and what to do about it.",
    wide: { src: dashboardWide, width: 720, height: 480 },
    narrow: { src: dashboardNarrow, width: 360, height: 560 },
  },
  "feature-groups": {
    alt: "A Zuri workspace with its four feature groups at work: AI analytics answering “Why did returns rise in March?” with a recommended next step, a unified data hub with live sales, survey and spreadsheet sources joined on store ID, a supplier review form scored 82 out of 100, and a sales-by-region dashboard ready to share or export.",
    wide: { src: featureGroupsWide, width: 720, height: 510 },
    narrow: { src: featureGroupsNarrow, width: 360, height: 556 },
  },
  "features-overview": {
    alt: "Zuri features working together on a store-audit programme: a data hub joining a sales spreadsheet, a live orders database and audit form responses; a drag-and-drop audit form with a score of 86 out of 100; Zuri AI answering which stores score lowest on availability and what to do; and a live store-health dashboard shared with colleagues.",
    wide: { src: featuresOverviewWide, width: 720, height: 440 },
    narrow: { src: featuresOverviewNarrow, width: 360, height: 552 },
  },
  "industries": {
    alt: "Zuri with a workspace for each sector: a retail stock forecast showing Store 14 falling below its reorder point next week, a financial-services risk score of 72 out of 100 for a loan application, and a healthcare bed-occupancy forecast peaking at 94% on Thursday, with a Zuri AI recommendation to open extra beds.",
    wide: { src: industriesWide, width: 720, height: 480 },
    narrow: { src: industriesNarrow, width: 360, height: 580 },
  },
  "setup": {
    alt: "Zuri setup in three steps: a CSV file and an Excel workbook uploaded, a database connected and verified with live sync turned on, and a confirmation that the workspace is ready.",
    wide: { src: setupWide, width: 720, height: 440 },
    narrow: { src: setupNarrow, width: 360, height: 400 },
  },
} as const;
