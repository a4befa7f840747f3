import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENTS, WEBHOOK_URL_MAX, webhookEventLabels } from "../../../../shared/webhooks.ts";
import { CheckboxChoice } from "../shown-once.tsx";
import { FieldError, fieldErrorProps } from "../editor/field-error.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";

/** What the add and edit forms of /cms/webhooks post, as typed: kept to fill the form again after a refusal. */
export type WebhookFormValues = { url: string; events: string[]; description: string };

/**
 * The fields a webhook is made of (docs/decisions/073-webhooks.md), shared by the add form and each
 * webhook's edit form: endpoint URL, the event checkboxes, an optional description, each with its
 * message under it. `id` prefixes the field ids, so two forms on the page never share one.
 */
export function WebhookFields({
  id,
  values,
  errors,
}: {
  id: string;
  values: WebhookFormValues | undefined;
  errors: Record<string, string>;
}) {
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>Endpoint URL</Label>
        <Input
          id={`${id}-url`}
          name="url"
          type="url"
          inputMode="url"
          defaultValue={values?.url ?? ""}
          maxLength={WEBHOOK_URL_MAX}
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="https://hooks.example.com/zuri"
          {...fieldErrorProps(`${id}-url`, errors.url)}
        />
        <FieldError fieldId={`${id}-url`} message={errors.url} />
      </div>
      <fieldset className="grid gap-3" aria-describedby={errors.events ? `${id}-events-error` : undefined}>
        <legend className="mb-3 text-sm font-medium text-foreground">Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <CheckboxChoice
            key={event}
            id={`${id}-${event}`}
            name="events"
            value={event}
            {...webhookEventLabels[event]}
            defaultChecked={values?.events.includes(event) ?? false}
          />
        ))}
        <FieldError fieldId={`${id}-events`} message={errors.events} />
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>
          Description <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id={`${id}-description`}
          name="description"
          defaultValue={values?.description ?? ""}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          autoComplete="off"
          placeholder="e.g. HubSpot lead intake"
          {...fieldErrorProps(`${id}-description`, errors.description)}
        />
        <FieldError fieldId={`${id}-description`} message={errors.description} />
      </div>
    </>
  );
}
