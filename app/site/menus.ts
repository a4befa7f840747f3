/**
 * The header's menus (docs/product.md §2): <details data-menu> disclosures that open and close natively, before and
 * without any script. Added here: one menu open at a time; Escape closes the open one and puts focus back
 * on its button; a click or focus outside closes it; arrow keys move through the Product menu's links;
 * the menu panel of small screens (data-menu="drawer") keeps Tab inside it while open and the page
 * behind it still; a page shown again from the back-forward cache shows its menus closed.
 */
export function enhanceMenus(doc: Document = document) {
  const menus = [...doc.querySelectorAll<HTMLDetailsElement>("details[data-menu]")];
  if (menus.length === 0) return;
  const close = (menu: HTMLDetailsElement) => menu.removeAttribute("open");

  for (const menu of menus) {
    menu.addEventListener("toggle", () => {
      if (menu.open) for (const other of menus) if (other !== menu) close(other);
      if (menu.dataset.menu === "drawer") doc.documentElement.classList.toggle("overflow-hidden", menu.open);
    });
    menu.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && menu.open) {
        event.preventDefault();
        close(menu);
        menu.querySelector("summary")?.focus();
        return;
      }
      if (event.key === "Tab" && menu.open && menu.dataset.menu === "drawer") return keepTabInside(menu, event);
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      if (menu.dataset.menu === "drawer") return;
      const links = [...menu.querySelectorAll<HTMLAnchorElement>("a[href]")];
      if (links.length === 0) return;
      event.preventDefault();
      menu.open = true;
      const at = links.indexOf(doc.activeElement as HTMLAnchorElement);
      const next = event.key === "ArrowDown" ? (at + 1) % links.length : at <= 0 ? links.length - 1 : at - 1;
      links[next]!.focus();
    });
    // A menu the drawer had opened stays so if the page was left and shown again.
    if (menu.open && menu.dataset.menu === "drawer") doc.documentElement.classList.add("overflow-hidden");
  }

  const outside = (target: EventTarget | null) => {
    for (const menu of menus) if (menu.open && !(target instanceof Node && menu.contains(target))) close(menu);
  };
  doc.addEventListener("click", (event) => outside(event.target));
  doc.addEventListener("focusin", (event) => outside(event.target));
  addEventListener("pageshow", (event) => {
    if (event.persisted) for (const menu of menus) close(menu);
  });
}

/** Tab past the panel's last control goes back to its button, Shift+Tab from the button to the last control. */
function keepTabInside(menu: HTMLDetailsElement, event: KeyboardEvent) {
  const controls = [...menu.querySelectorAll<HTMLElement>("summary, a[href], button")];
  const first = controls[0];
  const last = controls.at(-1);
  const active = menu.ownerDocument.activeElement;
  if (!event.shiftKey && active === last) {
    event.preventDefault();
    first?.focus();
  } else if (event.shiftKey && active === first) {
    event.preventDefault();
    last?.focus();
  }
}
