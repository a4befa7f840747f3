/**
 * The activity log's actions (docs/decisions/027-staff-roles.md): what the log page filters by and
 * the CSV names. Browser-safe.
 */
export const ACTIVITY_ACTIONS = [
  "sign-in",
  "sign-in.failures",
  "post.publish",
  "post.unpublish",
  "post.schedule",
  "post.delete",
  "post.restore",
  "post.submit",
  "post.send-back",
  "user.role",
  "user.delete",
  "user.disable",
  "user.enable",
  "invitation.create",
  "invitation.accept",
  "invitation.revoke",
  "password.change",
  "password.reset-link",
  "password.reset",
  "token.create",
  "token.revoke",
  "webhook.create",
  "webhook.delete",
  "leads.export",
  "settings.change",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const activityActionLabels: Record<ActivityAction, string> = {
  "sign-in": "Signed in",
  "sign-in.failures": "Failed sign-ins",
  "post.publish": "Published a post",
  "post.unpublish": "Unpublished a post",
  "post.schedule": "Scheduled a post",
  "post.delete": "Deleted a post",
  "post.restore": "Restored a revision",
  "post.submit": "Submitted for review",
  "post.send-back": "Sent back with a note",
  "user.role": "Changed a role",
  "user.delete": "Deleted a user",
  "user.disable": "Disabled a user",
  "user.enable": "Enabled a user",
  "invitation.create": "Invited someone",
  "invitation.accept": "Accepted an invitation",
  "invitation.revoke": "Revoked an invitation",
  "password.change": "Changed their password",
  "password.reset-link": "Issued a password reset link",
  "password.reset": "Reset their password",
  "token.create": "Created an API token",
  "token.revoke": "Revoked an API token",
  "webhook.create": "Created a webhook",
  "webhook.delete": "Deleted a webhook",
  "leads.export": "Exported demo requests",
  "settings.change": "Changed a setting",
};

export const isActivityAction = (value: unknown): value is ActivityAction =>
  typeof value === "string" && (ACTIVITY_ACTIONS as readonly string[]).includes(value);
