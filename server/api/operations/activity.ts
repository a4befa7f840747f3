import { z } from "../../../shared/zod.ts";
import { isRefusal } from "../../../shared/refusal.ts";
import { activityApiQuerySchema } from "../../../shared/activity-log.ts";
import { sessionIdSchema } from "../../../shared/sessions.ts";
import { staff, operation, reply } from "../operation.ts";
import * as answers from "../openapi/responses.ts";
import { activityLine, signedInSession, signedOut } from "../openapi/activity-responses.ts";

/**
 * The team's activity log for administrators, and one's own signed-in sessions
 * (docs/decisions/029-activity-log-and-sessions.md). Sessions are named by their public id, never by
 * their token, and only one's own are listed or ended; an API token has no session of its own, so
 * these take a signed-in session only.
 */

const error = answers.errorBody;

export const activityTags: { name: string; description: string }[] = [
  { name: "Activity", description: "Who did what and when: sign-ins, roles, tokens, webhooks, exports… kept a year (docs/decisions/029)." },
  { name: "Sessions", description: "Your own signed-in devices, each to sign out (docs/decisions/029)." },
];

const sessionParams = z.object({ id: sessionIdSchema.describe("The session's public id.") });

export const activityOperations = [
  operation({
    method: "get",
    path: "/api/cms/activity",
    operationId: "listActivity",
    tag: "Activity",
    summary: "Read the activity log",
    description:
      "Newest first. `actor` is a user's id, or `name:` and the username a deleted account had; `action` one of the actions; `from` and `to` UTC days (inclusive). Lines older than a year are deleted.",
    access: staff("administration"),
    query: activityApiQuerySchema,
    answers: {
      200: { description: "A page of lines.", body: activityLine.array(), headers: ["X-Total-Count", "Link"] },
      400: { description: "A bad `actor`, `action`, `from`, `to`, `page` or `perPage`: `errors` names it.", body: error },
    },
    async handle({ query }, { services }) {
      const { page, perPage, ...filters } = query;
      const { lines, total } = await services.activityLog.list(filters, { page, perPage });
      const headers: Record<string, string> = { "X-Total-Count": String(total) };
      if (page * perPage < total) {
        const next = new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)), page: String(page + 1), perPage: String(perPage) });
        headers.Link = `</api/cms/activity?${next}>; rel="next"`;
      }
      return reply(lines, { headers });
    },
  }),
  operation({
    method: "get",
    path: "/api/cms/sessions",
    operationId: "listSessions",
    tag: "Sessions",
    summary: "List your signed-in sessions",
    description: "This device first (`current`), then the others by when they were last seen.",
    access: staff("cms"),
    answers: { 200: { description: "Your live sessions.", body: signedInSession.array() } },
    handle: (_input, { services, user, req }) => services.sessions.list(user!.id, services.auth.cookie.read(req.headers.cookie)),
  }),
  operation({
    method: "delete",
    path: "/api/cms/sessions/{id}",
    operationId: "endSession",
    tag: "Sessions",
    summary: "Sign out one of your sessions",
    description: "Its cookie stops working at once, on every instance. Another person's session is not found.",
    access: staff("cms"),
    params: sessionParams,
    answers: {
      204: { description: "Signed out." },
      400: { description: "The id is not a session id.", body: error },
      404: { description: "No such session of yours (ended already, or never yours).", body: error },
    },
    async handle({ params }, { services, user }) {
      const ended = await services.sessions.signOut(user!.id, params.id);
      return isRefusal(ended) ? ended : undefined;
    },
  }),
  operation({
    method: "post",
    path: "/api/cms/sessions/sign-out-others",
    operationId: "endOtherSessions",
    tag: "Sessions",
    summary: "Sign out everywhere else",
    description: "Every session of yours but the one of this request.",
    access: staff("cms"),
    answers: { 200: { description: "How many sessions ended.", body: signedOut } },
    handle: (_input, { services, user, req }) => services.sessions.signOutOthers(user!.id, services.auth.cookie.read(req.headers.cookie)),
  }),
];
