/**
 * When the app's monitoring page takes over from its first view (docs/web.md, "First view"): once
 * it has drawn what the first view shows, that is, no read of its own under way and no part of it
 * still loading (`useHoldFirstView`), two frames in a row; or as it goes (another page opened).
 * Until then the first view stays in front and the page draws unseen behind it.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { releaseFirstView } from './page';

/** Frames the page must stay still: the chart draws one commit after measuring its box. */
const STILL_FRAMES = 2;
/** However busy the page stays (a read that hangs), the app shows after this long. */
const AT_MOST_MS = 15_000;

let loading = 0;

/** A part of the page that is still loading (its code, its data): the first view stays meanwhile. */
export function useHoldFirstView() {
  useEffect(() => {
    loading += 1;
    return () => { loading -= 1; };
  }, []);
}

/** The page's: releases the first view once the page is drawn, or as the page goes. */
export function useFirstViewRelease() {
  const client = useQueryClient();
  useEffect(() => {
    let still = 0;
    let frame = requestAnimationFrame(function watch() {
      still = loading || client.isFetching() ? 0 : still + 1;
      if (still >= STILL_FRAMES) releaseFirstView();
      else frame = requestAnimationFrame(watch);
    });
    const atMost = setTimeout(releaseFirstView, AT_MOST_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(atMost);
      releaseFirstView();
    };
  }, [client]);
}
