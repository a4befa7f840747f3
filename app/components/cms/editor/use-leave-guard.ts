import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * Leaving with unsaved changes asks first (decision 061): in-app links through the router's blocker
 * (the LeaveDialog shows it), reload and close through the browser's own question. `allowingLeave`
 * runs a navigation the editor makes itself (to a created post's address) without asking.
 */
export function useLeaveGuard(dirty: boolean) {
  const leaveAllowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !leaveAllowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const allowingLeave = async (navigation: () => Promise<void> | void) => {
    leaveAllowed.current = true;
    try {
      await navigation();
    } finally {
      leaveAllowed.current = false;
    }
  };
  return { blocker, allowingLeave };
}
