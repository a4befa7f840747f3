import { useId, useState } from "react";
import { redirect, useActionData, useFetcher } from "react-router";
import { ExternalLink, ImageUp, Info, Save, Trash2 } from "lucide-react";
import type { Route } from "./+types/profile";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { field, readCmsForm } from "../../lib/cms-form.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { isRefusal, validate } from "../../../shared/refusal.ts";
import { BIO_MAX, DISPLAY_NAME_MAX, profileSchema } from "../../../shared/author-schema.ts";
import { authorPath, isRealDisplayName, TEAM_AUTHOR_NAME, type OwnProfile } from "../../../shared/authors.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import { formatBlogDate } from "../../lib/blog.ts";
import { toast } from "../../lib/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { useFetcherResult } from "../../components/cms/use-fetcher-result.ts";
import { FieldError, fieldErrorProps } from "../../components/cms/editor/field-error.tsx";
import { PostByline } from "../../components/blog/post-byline.tsx";
import { AuthorAvatar } from "../../components/blog/author-avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { TwoStepSettings } from "../../components/cms/second-factor/two-step-settings.tsx";
import { ChangePasswordCard } from "../../components/cms/change-password-card.tsx";
import { changePasswordAction } from "../../lib/password-form.server.ts";
import { SignedInSessions } from "../../components/cms/signed-in-sessions.tsx";
import { ImageUploadButton } from "../../components/cms/image-upload-button.tsx";

/**
 * /cms/profile: the signed-in administrator's own author profile (docs/decisions/044): the display
 * name and bio posts are signed with, and an avatar uploaded through the media pipeline (decision 060).
 * The form posts without JavaScript too (the avatar upload needs it); the same schema and service as
 * `PUT /api/cms/profile` decide.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const { authors, secondFactor: secondFactors, sessions: sessionList, auth } = context.get(servicesContext);
  const profile = await authors.ownProfile(user.id);
  if (isRefusal(profile)) throw redirect("/cms/login");
  // Two-step sign-in (docs/decisions/075): the section below reads and changes it through the JSON API.
  const secondFactor = await secondFactors.status(user.id);
  // One's signed-in devices, each to sign out (docs/decisions/029-activity-log-and-sessions.md).
  const sessions = await sessionList.list(user.id, auth.cookie.read(request.headers.get("cookie")));
  // Whether the author page exists yet (it needs a published post, docs/decisions/068).
  const published = profile.authorSlug ? await authors.countPublishedBy(profile.authorSlug) : 0;
  // The byline preview's date: today, fixed by the server so the page hydrates as it was rendered.
  return { user, profile, published, secondFactor, sessions, today: new Date().toISOString() };
}

type ProfileValues = Pick<OwnProfile, "displayName" | "bio" | "avatar">;

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const { form, enhanced } = await readCmsForm(request);
  // The password card (docs/decisions/028).
  if (field(form, "intent") === "password") return changePasswordAction(request, context, form, enhanced);
  const sent = { displayName: field(form, "displayName"), bio: field(form, "bio"), avatar: field(form, "avatar") };
  // What was typed comes back with a refusal, so a form posted without JavaScript keeps it.
  const values: ProfileValues = { displayName: sent.displayName, bio: sent.bio, avatar: sent.avatar || null };
  const input = validate(profileSchema, sent);
  if (isRefusal(input)) return refusalData(input, { values });
  const saved = await context.get(servicesContext).authors.updateProfile(user.id, input);
  if (isRefusal(saved)) return refusalData(saved, { values });
  if (!enhanced) throw redirect("/cms/profile");
  return { ok: true as const, message: "Your profile has been saved." };
}

type ProfileResult = ActionResult & { values?: ProfileValues };

export default function CmsProfile({ loaderData }: Route.ComponentProps) {
  const { user, profile, published, secondFactor, sessions, today } = loaderData;
  const fetcher = useFetcher<ProfileResult>({ key: "profile" });
  // Without JavaScript the form is a plain post: its refusal comes back as the page's action data.
  const posted = useActionData<ProfileResult>();
  // The password card's answers are its own (app/components/cms/change-password-card.tsx).
  const result = fetcher.data ?? (posted && !("form" in posted) ? posted : undefined);
  // A display name that is not a real one (unset, or the username) shows as an empty field: saving it empty keeps
  // the posts signed with the team's name (docs/decisions/068).
  const saved = { ...profile, displayName: isRealDisplayName(profile.username, profile.displayName) ? profile.displayName : "" };
  const start = result && !result.ok && result.values ? result.values : saved;
  const errors = result && !result.ok ? (result.errors ?? {}) : {};

  const id = useId();
  const hydrated = useHydrated();
  const [displayName, setDisplayName] = useState(start.displayName);
  const [bio, setBio] = useState(start.bio ?? "");
  const [avatar, setAvatar] = useState(start.avatar);
  const [uploading, setUploading] = useState(false);
  const saving = fetcher.state !== "idle";

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) toast({ title: "Profile saved", description: answer.message });
    else toast({ title: "Save failed", description: answer.message, variant: "destructive" });
  });

  // Until the display name is a real one (not the username), visitors see the team's name (docs/decisions/068).
  const needsName = !isRealDisplayName(profile.username, profile.displayName);
  const previewName = isRealDisplayName(profile.username, displayName) ? displayName.trim() : TEAM_AUTHOR_NAME;
  const previewAuthor = { slug: profile.authorSlug ?? "", name: previewName, avatar };
  const bioLength = Array.from(bio).length;

  return (
    <CmsShell
      user={user}
      title="Your profile"
      description="How readers see you on the blog, and how you sign in. Only your display name, avatar and bio are ever public; your username never is."
    >
      {result && !result.ok && !hydrated && (
        <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {result.message}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardHeader className="pb-4">
            <h2 className="text-lg leading-snug font-semibold tracking-tight">Author profile</h2>
            <CardDescription>Signed in as @{profile.username}. Your username cannot be changed.</CardDescription>
          </CardHeader>
          <CardContent>
            <fetcher.Form method="post" className="grid gap-6" noValidate>
              {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
              {needsName && (
                <div role="note" aria-labelledby={`${id}-needs-name`} className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
                  <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
                  <div>
                    <p id={`${id}-needs-name`} className="font-semibold">Add the name readers should see</p>
                    <p className="mt-0.5">
                      Until you set a display name, your posts are signed “{TEAM_AUTHOR_NAME}”. Your username is never shown.
                    </p>
                  </div>
                </div>
              )}
              <input type="hidden" name="avatar" value={avatar ?? ""} />

              <fieldset className="grid gap-3">
                <legend className="text-sm font-medium text-foreground">Avatar</legend>
                <div className="flex items-center gap-4">
                  <div className="shrink-0">
                    <AuthorAvatar author={previewAuthor} size="lg" />
                  </div>
                  <div className="grid min-w-0 gap-2">
                    <div className="flex flex-wrap gap-2">
                      <ImageUploadButton
                        onUploaded={setAvatar}
                        onBusy={setUploading}
                        disabled={!hydrated}
                        icon={ImageUp}
                        aria-describedby={errors.avatar ? `${id}-avatar-hint ${id}-avatar-error` : `${id}-avatar-hint`}
                      >
                        {avatar ? "Replace image" : "Upload image"}
                      </ImageUploadButton>
                      {avatar && (
                        <Button type="button" variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => setAvatar(null)}>
                          <Trash2 aria-hidden="true" />
                          Remove
                        </Button>
                      )}
                    </div>
                    <p id={`${id}-avatar-hint`} className="text-xs text-muted-foreground">
                      A square PNG, JPEG, GIF or WebP works best. Without one, your initials are shown.
                    </p>
                    <FieldError fieldId={`${id}-avatar`} message={errors.avatar} />
                  </div>
                </div>
              </fieldset>

              <div className="grid gap-2">
                <Label htmlFor={`${id}-name`}>Display name</Label>
                <Input
                  id={`${id}-name`}
                  name="displayName"
                  value={displayName}
                  maxLength={DISPLAY_NAME_MAX}
                  placeholder="Your name, as readers should see it"
                  autoComplete="name"
                  {...fieldErrorProps(`${id}-name`, errors.displayName, `${id}-name-hint`)}
                  onChange={(event) => setDisplayName(event.target.value)}
                />
                <FieldError fieldId={`${id}-name`} message={errors.displayName} />
                <p id={`${id}-name-hint`} className="text-xs text-muted-foreground">
                  Shown on your posts and your author page, up to {DISPLAY_NAME_MAX} characters. Leave it empty to appear as
                  “{TEAM_AUTHOR_NAME}”.
                </p>
              </div>

              <div className="grid gap-2">
                <Label htmlFor={`${id}-bio`}>Bio</Label>
                <Textarea
                  id={`${id}-bio`}
                  name="bio"
                  rows={4}
                  value={bio}
                  placeholder="A sentence or two about what you work on and write about."
                  {...fieldErrorProps(`${id}-bio`, errors.bio, `${id}-bio-count`)}
                  onChange={(event) => setBio(event.target.value)}
                />
                <FieldError fieldId={`${id}-bio`} message={errors.bio} />
                <p id={`${id}-bio-count`} className="flex justify-between gap-3 text-xs text-muted-foreground">
                  <span>Plain text, optional.</span>
                  <span className={bioLength > BIO_MAX ? "font-semibold text-destructive tabular-nums" : "tabular-nums"}>
                    {bioLength}/{BIO_MAX}
                  </span>
                </p>
              </div>

              <div className="flex justify-end border-t border-border pt-5">
                <Button type="submit" disabled={saving || uploading}>
                  {saving ? <Spinner /> : <Save aria-hidden="true" />}
                  Save profile
                </Button>
              </div>
            </fetcher.Form>
          </CardContent>
        </Card>

        <aside aria-label="How readers see you" className="grid content-start gap-6 lg:sticky lg:top-6 lg:self-start">
          <Card>
            <CardHeader className="pb-2">
              <h2 className="text-lg leading-snug font-semibold tracking-tight">On your posts</h2>
              <CardDescription>The byline under each post's title.</CardDescription>
            </CardHeader>
            <CardContent>
              <div className="rounded-lg border border-border bg-subtle px-4 pt-1 pb-4">
                <PostByline author={previewAuthor} date={today} dateLabel={formatBlogDate({ publishedAt: today, createdAt: today })} />
              </div>
              <p className="mt-4 text-sm text-muted-foreground">
                Your author page lists your published posts with your bio:
              </p>
              {profile.authorSlug && (
              <a
                href={authorPath(profile.authorSlug)}
                target="_blank"
                rel="noopener"
                className="mt-1 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium break-all text-primary-strong underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {authorPath(profile.authorSlug)}
                <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
              )}
              {published === 0 && <p className="mt-1 text-xs text-muted-foreground">It appears once you have a published post.</p>}
            </CardContent>
          </Card>
        </aside>

        <TwoStepSettings initial={secondFactor} username={profile.username} />
        <ChangePasswordCard />

        <div className="lg:col-span-2">
          <SignedInSessions sessions={sessions} now={today} />
        </div>
      </div>
    </CmsShell>
  );
}
