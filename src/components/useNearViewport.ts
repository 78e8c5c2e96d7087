import { useEffect, useRef, useState } from 'react';

/**
 * Whether an element is on screen or about to be (within `margin` of the viewport), latched: once
 * near, it stays so. A heavy part below the fold (the monitoring page's map) then loads and draws
 * as the user scrolls towards it, not during the page's first render. Without IntersectionObserver
 * (jsdom), at once; on the server (the first view, src/firstView/render.tsx), never.
 */
export function useNearViewport<T extends Element>(margin = '300px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}
