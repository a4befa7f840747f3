import { redirect } from "react-router";

/** /cms leads to the dashboard, which guards itself. */
export function loader() {
  return redirect("/cms/control");
}
