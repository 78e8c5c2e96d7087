import { useEffect, useRef } from 'react';

/**
 * Runs an effect once per mounted page, even under StrictMode's double effects: the links these
 * pages consume (Google's code, activation tokens) are single-use.
 */
export function useOnce(effect: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
