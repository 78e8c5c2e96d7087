/**
 * Registers the installed app's service worker (sw.ts) and announces a new version: "Hay una nueva
 * versión" with a Reload button, which lets the waiting version take over and reloads the page on it.
 * Loaded lazily by the admin (AdminApp.tsx), so neither the public pages' script nor the monitoring
 * page's first view carry it.
 */
import { useEffect, useState } from 'react';
import { Button, Snackbar } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Workbox } from 'workbox-window';

/** Time left to the page's own start before the worker's install downloads the app's files (ms). */
const AFTER_START_MS = 3000;

export default function UpdatePrompt() {
  const translate = useTranslate();
  const [waiting, setWaiting] = useState<Workbox | null>(null);
  useEffect(() => {
    // `npm run dev` builds no worker.
    if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
    const workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('waiting', () => setWaiting(workbox));
    const register = () => { void workbox.register({ immediate: true }); };
    const timer = setTimeout(() => {
      if (document.readyState === 'complete') register();
      else window.addEventListener('load', register, { once: true });
    }, AFTER_START_MS);
    return () => { clearTimeout(timer); window.removeEventListener('load', register); };
  }, []);
  const reload = () => {
    if (!waiting) return;
    waiting.addEventListener('controlling', () => window.location.reload());
    waiting.messageSkipWaiting();
  };
  return (
    <Snackbar
      open={!!waiting}
      message={translate('app.installed.new_version')}
      action={<Button color="inherit" size="small" onClick={reload}>{translate('app.installed.reload')}</Button>}
    />
  );
}
