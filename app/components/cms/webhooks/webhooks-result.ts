import type { ActionResult } from "../../../lib/enhanced-form.ts";
import type { CreatedWebhook } from "../../../../shared/webhooks.ts";
import type { WebhookFormValues } from "./webhook-fields.tsx";

/**
 * What the /cms/webhooks action answers. `created`: the new webhook with its secret (shown once);
 * `values`: a refused form's fields, to fill it again; `editId`: the refusal belongs to that webhook's
 * edit form, not to the add form.
 */
export type WebhooksResult = ActionResult & { created?: CreatedWebhook; values?: WebhookFormValues; editId?: number };

/** The ids the page's focus moves between: a webhook's card, its Edit link, its edit form's fields. */
export const cardId = (id: number) => `webhook-${id}`;
export const editLinkId = (id: number) => `webhook-${id}-edit`;
export const editFieldsId = (id: number) => `webhook-${id}-form`;
