import { text, z } from "./zod.ts";
import { ROLES, type Role } from "./roles.ts";

/**
 * The login and register forms (docs/product.md §5) and the auth API (docs/product.md §7) share these schemas: the
 * browser shows the messages inline, the server is the authority. Limits: decision 031.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
/** Checked before hashing, so a huge password cannot cost the server a long argon2 run. */
export const PASSWORD_MAX = 256;

const requiredText = (label: string) => text(label, { error: `${label} is required` });

export const usernameSchema = requiredText("Username")
  .trim()
  .min(1, "Username is required")
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9._-]+$/, "Username may contain only letters, digits, '.', '_' and '-'");

export const newPasswordSchema = requiredText("Password")
  .min(1, "Password is required")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Login reveals no rules beyond "required": any username or password shape simply fails to match. */
export const loginSchema = z.object({
  username: requiredText("Username").trim().min(1, "Username is required").max(256, "Invalid username or password"),
  password: requiredText("Password").min(1, "Password is required").max(PASSWORD_MAX, "Invalid username or password"),
});

/** POST /api/register: any isAdmin or role field is dropped, registration never grants admin. */
export const registerSchema = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
});

/** The Register tab adds the confirmation (docs/product.md §5: 'Passwords do not match'). */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: requiredText("Confirm password").min(1, "Confirm password is required") })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });

export const ROLE_INVALID = `Choose a role: ${ROLES.join(", ")}, or none`;

/**
 * PATCH /api/cms/users/{id}: `role` (one of ROLES, or null for no CMS access); `isAdmin`, the first
 * form, still reads as administrator (true) or no role (false). One of the two is required.
 */
export const setRoleSchema = z
  .object({
    role: z.enum(ROLES, { error: ROLE_INVALID }).nullable().optional(),
    isAdmin: z.boolean({ error: "isAdmin must be true or false" }).optional(),
  })
  .refine((value) => value.role !== undefined || value.isAdmin !== undefined, { path: ["role"], message: ROLE_INVALID })
  .transform((value): { role: Role | null } => ({ role: value.role !== undefined ? value.role : value.isAdmin ? "administrator" : null }));

export type LoginInput = z.output<typeof loginSchema>;
export type RegisterInput = z.output<typeof registerSchema>;

/** The user as every API answer and page sees it: never a hash, never session data (docs/product.md §3). */
export interface SessionUser {
  id: number;
  username: string;
  /** The staff role; null: signed in, without CMS access (docs/decisions/027). */
  role: Role | null;
  /** docs/product.md §3's field: whether the role is administrator. */
  isAdmin: boolean;
  createdAt: string;
}
