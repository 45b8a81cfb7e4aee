// When the document editor (TipTap) comes: mounting it on a long article is one long task, so it
// waits until its text nears the screen, is touched or focused, or else until the page has been
// quiet a moment (so it is there for whoever looks for it without scrolling).
import { type RefObject, useCallback, useEffect, useState } from "react";

/** How long after the body's first paint the editor comes anyway; then it waits for an idle moment (1 s at most). */
export const SETTLE_MS = 2500;
/** How near the screen the text must come (a share of the screen's height) for the editor to load. */
const NEAR = "50% 0px";

/** Whether the editor is wanted yet, and `wake` to want it now (a touch, a focus). */
export function useEditorWake(near: RefObject<HTMLElement | null>): [boolean, () => void] {
  const [wanted, setWanted] = useState(false);
  const wake = useCallback(() => setWanted(true), []);
  useEffect(() => {
    if (wanted) return;
    const stopWatching = whenNearScreen(near.current, wake);
    const stopWaiting = afterSettling(wake);
    return () => {
      stopWatching();
      stopWaiting();
    };
  }, [wanted, near, wake]);
  return [wanted, wake];
}

function whenNearScreen(element: HTMLElement | null, run: () => void): () => void {
  if (!element || typeof IntersectionObserver !== "function") return () => undefined;
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && run(), { rootMargin: NEAR });
  observer.observe(element);
  return () => observer.disconnect();
}

/** Safari has no requestIdleCallback: there the timer alone decides. */
function afterSettling(run: () => void): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(run, { timeout: 1000 });
    else run();
  }, SETTLE_MS);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
