import { useCallback, useState } from "react";

/**
 * useNearScreen tells whether an element has come within `margin` of the viewport: a ref to put
 * on the element, and whether it has. Once near, it stays near (what was drawn stays drawn).
 * Where the browser has no IntersectionObserver, everything is near.
 */
export function useNearScreen<T extends Element>(margin = "100% 0px"): [(element: T | null) => (() => void) | undefined, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  const place = useCallback(
    (element: T | null) => {
      if (element === null || near) return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setNear(true);
            observer.disconnect();
          }
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin, near],
  );
  return [place, near];
}
