import { siteSettingsSchema } from "../../../shared/team.ts";
import { siteDetailsSchema } from "../../../shared/site-details.ts";
import { operation, staff } from "../operation.ts";
import * as answers from "../openapi/responses.ts";
import * as team from "../openapi/team-responses.ts";

/**
 * The site's settings, for administrators: whether anyone may register (docs/decisions/028) and the
 * site's details, the company, mailboxes, links, time zone and sharing image every page and e-mail
 * reads (docs/decisions/054-site-details.md).
 */

const error = answers.errorBody;
const SETTINGS = "Settings";

export const settingsTags: { name: string; description: string }[] = [
  {
    name: SETTINGS,
    description: "Site settings administrators change: whether anyone may register (docs/decisions/028), and the site's details (docs/decisions/054).",
  },
];

export const settingsOperations = [
  operation({
    method: "get",
    path: "/api/cms/settings",
    operationId: "getSiteSettings",
    tag: SETTINGS,
    summary: "The site's settings",
    access: staff("administration"),
    answers: { 200: { description: "The settings.", body: team.siteSettings } },
    handle: (_input, { services }) => services.siteSettings.read(),
  }),
  operation({
    method: "put",
    path: "/api/cms/settings",
    operationId: "updateSiteSettings",
    tag: SETTINGS,
    summary: "Change the site's settings",
    description: "`registrationOpen: false` closes POST /api/register and the Register tab: only invitations make accounts.",
    access: staff("administration"),
    body: { kind: "json", schema: siteSettingsSchema, required: true },
    answers: {
      200: { description: "The settings as saved.", body: team.siteSettings },
      400: { description: "`registrationOpen` is missing or not true or false.", body: error },
    },
    handle: ({ body }, { services, user }) => services.siteSettings.update(user!, body),
  }),
  operation({
    method: "get",
    path: "/api/cms/settings/site",
    operationId: "getSiteDetails",
    tag: SETTINGS,
    summary: "The site's details",
    description: "Company name, registered office, company number, mailboxes, social links, the Spreadsheet Analyzer's address, the time zone and the default sharing image. Until set, the placeholders.",
    access: staff("administration"),
    answers: { 200: { description: "The details.", body: team.siteDetails } },
    handle: (_input, { services }) => services.siteSettings.details(),
  }),
  operation({
    method: "put",
    path: "/api/cms/settings/site",
    operationId: "updateSiteDetails",
    tag: SETTINGS,
    summary: "Change the site's details",
    description:
      "Every field, each checked on its own (`errors` names each one that breaks its rule). Every public page, feed and e-mail shows the new details on its next request, on every instance.",
    access: staff("administration"),
    body: { kind: "json", schema: siteDetailsSchema, required: true },
    answers: {
      200: { description: "The details as saved.", body: team.siteDetails },
      400: { description: "A field breaks its rule: `errors` has one message per field.", body: error },
    },
    handle: ({ body }, { services, user }) => services.siteSettings.updateDetails(user!, body),
  }),
];
