import { createHash, randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { DatabaseHandle, Db } from "../db/connect.ts";
import type { InvitationsTable } from "../db/schema.ts";
import { toIso } from "../db/rows.ts";
import type { Logger } from "../logger.ts";
import { isRefusal, refuse, type Refusal } from "../../shared/refusal.ts";
import { roleLabels, type Role } from "../../shared/roles.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import {
  INVITATION_DAYS,
  INVITATION_EXPIRED,
  INVITATION_MEMBER_EXISTS,
  INVITATION_NOT_FOUND,
  INVITATION_REVOKED,
  INVITATION_UNKNOWN,
  INVITATION_USED,
  type AcceptInvitationInput,
  type CreatedInvitation,
  type Invitation,
  type InvitationInput,
} from "../../shared/team.ts";
import { recordActivity } from "./activity-log.ts";
import { hashPassword, USERNAME_TAKEN, type AuthService, type SessionDevice, type SignedIn } from "./auth.ts";
import type { TeamMail } from "./team-mail.ts";

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
const DAY_MS = 24 * 60 * 60 * 1000;

/** Thrown inside a transaction to undo what it wrote and answer the refusal instead. */
class Undo extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

type InvitationRow = Selectable<InvitationsTable> & { invited_by_name: string | null };

/** What an invitation link says about itself to whoever opens it: who is invited, as what. */
export interface InvitationPreview {
  email: string;
  role: Role;
  expiresAt: string;
}

/**
 * Invitations (docs/decisions/028-invitations-passwords-and-registration.md): an administrator
 * invites an e-mail address with a role; the link (a 256-bit random token, only its SHA-256 kept)
 * works once, for INVITATION_DAYS. Accepting it makes the account with that role and address and a
 * session, and marks it accepted, in one transaction.
 */
export function createInvitationService({
  database,
  logger,
  clock,
  siteUrl,
  mail,
  auth,
}: {
  database: DatabaseHandle;
  logger: Logger;
  clock: () => Date;
  siteUrl: string;
  mail: TeamMail;
  auth: Pick<AuthService, "createSession">;
}) {
  const { db } = database;
  const linkFor = (token: string) => `${siteUrl}/cms/invitation/${token}`;

  const selectRows = () =>
    db
      .selectFrom("invitations")
      .leftJoin("users", "users.id", "invitations.invited_by")
      .selectAll("invitations")
      .select("users.username as invited_by_name");

  const toInvitation = (row: InvitationRow): Invitation => ({
    id: Number(row.id),
    email: row.email,
    role: row.role,
    invitedBy: row.invited_by_name,
    createdAt: toIso(row.created_at),
    expiresAt: toIso(row.expires_at),
    status: Date.parse(toIso(row.expires_at)) <= clock().getTime() ? "expired" : "pending",
  });

  /** Why a link cannot be used, or null when it can. */
  function unusable(row: Pick<InvitationRow, "accepted_at" | "revoked_at" | "expires_at"> | undefined): Refusal | null {
    if (!row) return refuse("not-found", INVITATION_UNKNOWN);
    if (row.accepted_at !== null) return refuse("not-found", INVITATION_USED);
    if (row.revoked_at !== null) return refuse("not-found", INVITATION_REVOKED);
    if (Date.parse(toIso(row.expires_at)) <= clock().getTime()) return refuse("not-found", INVITATION_EXPIRED);
    return null;
  }

  const findByToken = (token: string, executor: Db = db) =>
    executor.selectFrom("invitations").selectAll().where("token_hash", "=", sha256(token)).executeTakeFirst();

  return {
    /** Invitations neither accepted nor revoked, newest first; expired ones too, marked so. */
    async listPending(): Promise<Invitation[]> {
      const rows = await selectRows()
        .where("invitations.accepted_at", "is", null)
        .where("invitations.revoked_at", "is", null)
        .orderBy("invitations.created_at", "desc")
        .orderBy("invitations.id", "desc")
        .execute();
      return rows.map(toInvitation);
    },

    /**
     * A new invitation, its link shown once and e-mailed when SMTP is configured. A pending
     * invitation to the same address is revoked by it: one link works per address.
     */
    async create(actor: SessionUser, input: InvitationInput): Promise<CreatedInvitation | Refusal> {
      const token = randomBytes(32).toString("hex");
      const now = clock();
      const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
      const created = await db.transaction().execute(async (trx) => {
        const member = await trx.selectFrom("users").select("username").where("email", "=", input.email).executeTakeFirst();
        if (member) return refuse("conflict", `${INVITATION_MEMBER_EXISTS}: ${member.username}.`, { fields: { email: INVITATION_MEMBER_EXISTS } });
        const replaced = await trx
          .updateTable("invitations")
          .set({ revoked_at: now.toISOString() })
          .where("email", "=", input.email)
          .where("accepted_at", "is", null)
          .where("revoked_at", "is", null)
          .returning("id")
          .execute();
        const row = await trx
          .insertInto("invitations")
          .values({
            token_hash: sha256(token),
            email: input.email,
            role: input.role,
            invited_by: actor.id,
            created_at: now.toISOString(),
            expires_at: expiresAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await recordActivity(
          trx,
          {
            actor,
            action: "invitation.create",
            subject: { type: "invitation", id: Number(row.id), label: input.email },
            detail: { role: input.role, ...(replaced.length > 0 ? { replaced: replaced.map((old) => Number(old.id)) } : {}) },
          },
          now.toISOString(),
        );
        return Number(row.id);
      });
      if (isRefusal(created)) return created;
      const invitation = toInvitation(await selectRows().where("invitations.id", "=", created).executeTakeFirstOrThrow());
      const link = linkFor(token);
      const emailed = await mail.send({
        to: input.email,
        subject: "You are invited to the Zuri CMS",
        text: [
          `${actor.username} invited you to the Zuri CMS as ${roleLabels[input.role]}.`,
          "",
          "Choose a username and a password here:",
          link,
          "",
          `The link works once, until ${expiresAt.slice(0, 16).replace("T", " ")} UTC.`,
          "If you did not expect this invitation, ignore this e-mail.",
        ].join("\n"),
      });
      logger.info({ actorId: actor.id, invitationId: created, role: input.role, emailed }, "invitation created");
      return { invitation, link, expiresAt, emailed };
    },

    /** Revokes a pending invitation: its link stops working. */
    async revoke(actor: SessionUser, id: number): Promise<true | Refusal> {
      return db.transaction().execute(async (trx) => {
        const now = clock().toISOString();
        const row = await trx
          .updateTable("invitations")
          .set({ revoked_at: now })
          .where("id", "=", id)
          .where("accepted_at", "is", null)
          .where("revoked_at", "is", null)
          .returning(["id", "email"])
          .executeTakeFirst();
        if (!row) return refuse("not-found", INVITATION_NOT_FOUND);
        await recordActivity(trx, { actor, action: "invitation.revoke", subject: { type: "invitation", id, label: row.email } }, now);
        logger.info({ actorId: actor.id, invitationId: id }, "invitation revoked");
        return true as const;
      });
    },

    /** What the accept page shows before the form: the address and role, or why the link does not work. */
    async preview(token: string): Promise<InvitationPreview | Refusal> {
      const row = await findByToken(token);
      const refused = unusable(row);
      if (refused || !row) return refused ?? refuse("not-found", INVITATION_UNKNOWN);
      return { email: row.email, role: row.role, expiresAt: toIso(row.expires_at) };
    },

    /**
     * Accepts an invitation: the account (the invited role and address, the chosen username and
     * password), the invitation marked accepted, a session and the log line, in one transaction. An
     * expired, used, revoked or unknown link, or a taken username, creates nothing.
     */
    async accept(input: AcceptInvitationInput, device: SessionDevice = {}): Promise<SignedIn | Refusal> {
      const before = await findByToken(input.token);
      const refused = unusable(before);
      if (refused) return refused;
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction().execute(async (trx) => {
          const now = clock().toISOString();
          // Claimed first: of two accepts of one link, the second waits here and then finds it used.
          const invitation = await trx
            .updateTable("invitations")
            .set({ accepted_at: now })
            .where("token_hash", "=", sha256(input.token))
            .where("accepted_at", "is", null)
            .where("revoked_at", "is", null)
            .where("expires_at", ">", now)
            .returning(["id", "email", "role"])
            .executeTakeFirst();
          if (!invitation) throw new Undo(unusable(await findByToken(input.token, trx)) ?? refuse("not-found", INVITATION_UNKNOWN));
          const row = await trx
            .insertInto("users")
            .values({
              username: input.username,
              username_key: input.username.toLowerCase(),
              password_hash: passwordHash,
              role: invitation.role,
              email: invitation.email,
              last_sign_in_at: now,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) => oc.column("username_key").doNothing())
            .returning(["id", "username", "role", "created_at"])
            .executeTakeFirst();
          if (!row) throw new Undo(refuse("conflict", USERNAME_TAKEN, { fields: { username: USERNAME_TAKEN } }));
          const userId = Number(row.id);
          await trx.updateTable("invitations").set({ accepted_by: userId }).where("id", "=", invitation.id).execute();
          await recordActivity(
            trx,
            {
              actor: { id: userId, username: row.username },
              action: "invitation.accept",
              subject: { type: "invitation", id: Number(invitation.id), label: invitation.email },
              detail: { role: invitation.role },
            },
            now,
          );
          const token = await auth.createSession(userId, device, trx);
          logger.info({ userId, invitationId: Number(invitation.id), role: invitation.role }, "invitation accepted");
          const role = invitation.role;
          return { token, user: { id: userId, username: row.username, role, isAdmin: role === "administrator", createdAt: toIso(row.created_at) } };
        });
      } catch (error) {
        if (error instanceof Undo) return error.refusal;
        throw error;
      }
    },
  };
}

