import { useEffect, useRef, useState } from "react";

/** Until the text is measured: about a phone's screen, so the page does not jump far once it is. */
const FIRST_HEIGHT = 600;

/**
 * A preview frame as tall as its document. `allow-same-origin` without `allow-scripts`: nothing in
 * the document runs, and the page may read its height (again whenever it changes: images loading,
 * the width changing with the phone's orientation).
 */
export function ContentSizedFrame({ srcDoc, title }: { srcDoc: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(FIRST_HEIGHT);
  const [loaded, setLoaded] = useState(0);

  useEffect(() => {
    const element = frame.current;
    const root = element?.contentDocument?.documentElement;
    if (!element || !root || loaded === 0) return;
    // The frame's own borders come on top of the document's height.
    const measure = () => setHeight(Math.ceil(root.getBoundingClientRect().height) + element.offsetHeight - element.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    return () => observer.disconnect();
  }, [loaded]);

  return (
    <iframe
      ref={frame}
      className="preview approve-body"
      sandbox="allow-same-origin"
      srcDoc={srcDoc}
      title={title}
      referrerPolicy="no-referrer"
      scrolling="no"
      style={{ height }}
      onLoad={() => setLoaded((count) => count + 1)}
    />
  );
}
