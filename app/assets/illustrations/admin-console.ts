// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import adminConsoleWide from "./admin-console-wide.svg";
import adminConsoleNarrow from "./admin-console-narrow.svg";

export const adminConsoleIllustration: IllustrationImage = {
  alt: "Zuri workspace settings for administrators: single sign-on connected to the company’s identity provider, roles (Admin, Analyst, Viewer) with their members and access, and an audit log of who signed in, changed a role, connected a database or exported a dashboard, and when.",
  wide: { src: adminConsoleWide, width: 720, height: 480 },
  narrow: { src: adminConsoleNarrow, width: 360, height: 486 },
};
