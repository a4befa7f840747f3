import { BookmarkCard } from "./bookmark-card.tsx";
import { ButtonCard } from "./button-card.tsx";
import { CalloutCard } from "./callout-card.tsx";
import { EmbedCard } from "./embed-card.tsx";
import { HtmlCard } from "./html-card.tsx";

/** The post editor's cards (docs/decisions/076-post-cards.md), added to its extensions. */
export const cardExtensions = [EmbedCard, CalloutCard, ButtonCard, BookmarkCard, HtmlCard];
