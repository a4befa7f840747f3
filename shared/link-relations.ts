/**
 * What a post's link to another site tells search engines (docs/decisions/063, 058): every such link is
 * `noopener noreferrer`; `nofollow` (the default: the team does not vouch for it) and `sponsored` (a
 * paid link) are the writer's choice per link, made in the editor's link dialog.
 */
export interface LinkRelations {
  nofollow: boolean;
  sponsored: boolean;
}

/** A new link's relations, and those of a stored link with no rel at all (API clients, older posts). */
export const DEFAULT_LINK_RELATIONS: LinkRelations = { nofollow: true, sponsored: false };

export const linkRel = ({ nofollow, sponsored }: LinkRelations): string =>
  ["noopener", "noreferrer", nofollow && "nofollow", sponsored && "sponsored"].filter(Boolean).join(" ");

/** The choices a stored rel expresses; no rel attribute means the defaults. */
export function relationsOf(rel: string | null | undefined): LinkRelations {
  if (rel === null || rel === undefined) return DEFAULT_LINK_RELATIONS;
  const tokens = new Set(rel.toLowerCase().split(/\s+/));
  return { nofollow: tokens.has("nofollow"), sponsored: tokens.has("sponsored") };
}
