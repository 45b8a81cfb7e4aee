import { useDeferredValue, type ReactNode } from "react";

/**
 * Its children render just after the first paint of what comes before them, as a background
 * render React splits into short slices: a long screen's lower part does not hold up its top,
 * nor make one long task of it. Nothing above moves when they come.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
