import { z } from "../../../../shared/zod.ts";
import { validate, type Refusal } from "../../../../shared/refusal.ts";
import { INSIGHTS_MAX_DAYS, INSIGHTS_PRESET_DAYS, type InsightsRange } from "../../../../shared/insights.ts";
import { paramsOf } from "../../../lib/query-params.ts";

/**
 * The Insights page's address (docs/decisions/071): `?range=7|30|90` for the last days up to today,
 * or `?from=YYYY-MM-DD&to=YYYY-MM-DD` for a custom range; nothing means the last 30 days. One schema
 * for the page and its CSV, so both refuse the same address with the same field messages (a 400 on
 * the page, like the dashboard's). Days are UTC calendar days, as in the report (shared/insights.ts).
 * Browser-safe: the page builds its links with `insightsHref`.
 */

export type InsightsPreset = (typeof INSIGHTS_PRESET_DAYS)[number];
export const DEFAULT_PRESET: InsightsPreset = 30;

export interface InsightsQuery {
  /** The preset the range came from, or null for a custom range. */
  preset: InsightsPreset | null;
  range: InsightsRange;
}

const DAY_MS = 86_400_000;
const RANGE_MESSAGE = `range must be one of ${INSIGHTS_PRESET_DAYS.join(", ")}`;

/** A form sends empty fields ("from=&to="): empty means not given. */
const blankAsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused, not rolled over). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const day = (name: "from" | "to") =>
  z.preprocess(
    blankAsMissing,
    z
      .string({ error: `${name} must be one date` })
      .refine(isCalendarDay, `${name} must be a date written YYYY-MM-DD`)
      .optional(),
  );

export const addDays = (value: string, days: number): string =>
  new Date(Date.parse(`${value}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** How many days a range covers, both ends included. */
export const daysIn = ({ from, to }: InsightsRange): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The schema for a given today (UTC day): a custom range may not end after it. */
export function insightsQuerySchema(today: string) {
  return z
    .object({
      range: z.preprocess(
        blankAsMissing,
        z
          .string({ error: RANGE_MESSAGE })
          .refine((value) => (INSIGHTS_PRESET_DAYS as readonly number[]).includes(Number(value)) && /^\d+$/.test(value), RANGE_MESSAGE)
          .transform((value) => Number(value) as InsightsPreset)
          .optional(),
      ),
      from: day("from"),
      to: day("to"),
    })
    .superRefine(({ range, from, to }, context) => {
      if (range !== undefined && (from !== undefined || to !== undefined)) {
        context.addIssue({ code: "custom", path: ["range"], message: "Choose either range or from and to, not both" });
      } else if (from !== undefined && to === undefined) {
        context.addIssue({ code: "custom", path: ["to"], message: "to is required with from" });
      } else if (to !== undefined && from === undefined) {
        context.addIssue({ code: "custom", path: ["from"], message: "from is required with to" });
      } else if (from !== undefined && to !== undefined) {
        if (from > to) context.addIssue({ code: "custom", path: ["from"], message: "from must be on or before to" });
        else if (to > today) context.addIssue({ code: "custom", path: ["to"], message: "to must not be after today" });
        else if (daysIn({ from, to }) > INSIGHTS_MAX_DAYS) {
          context.addIssue({ code: "custom", path: ["from"], message: `A custom range can cover at most ${INSIGHTS_MAX_DAYS} days` });
        }
      }
    })
    .transform(({ range, from, to }): InsightsQuery => {
      if (from !== undefined && to !== undefined) return { preset: null, range: { from, to } };
      const preset = range ?? DEFAULT_PRESET;
      return { preset, range: { from: addDays(today, 1 - preset), to: today } };
    });
}

/** The page's or the CSV's address read against today (the services' clock, UTC). */
export function readInsightsQuery(url: URL, now: Date): InsightsQuery | Refusal {
  return validate(insightsQuerySchema(now.toISOString().slice(0, 10)), paramsOf(url), "query");
}

/** The query string for a range, the default (30 days) left out; shared by the page and its CSV link. */
export function insightsSearch(query: InsightsQuery): string {
  if (query.preset === null) return `?${new URLSearchParams({ from: query.range.from, to: query.range.to })}`;
  return query.preset === DEFAULT_PRESET ? "" : `?range=${query.preset}`;
}

export const insightsHref = (query: InsightsQuery) => `/cms/insights${insightsSearch(query)}`;
export const insightsCsvHref = (query: InsightsQuery) => `/cms/insights.csv${insightsSearch(query)}`;
export const presetHref = (preset: InsightsPreset) => (preset === DEFAULT_PRESET ? "/cms/insights" : `/cms/insights?range=${preset}`);
