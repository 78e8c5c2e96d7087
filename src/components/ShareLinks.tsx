/**
 * "Share" on a plant's screens (the monitoring page, staff's plant page): a button opening the
 * dialog of the plant's share links (ShareLinksDialog.tsx, a chunk of its own: most visits never open it).
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import ShareIcon from '@mui/icons-material/Share';
import { useTranslate } from 'react-admin';

const ShareLinksDialog = lazy(() => import('./ShareLinksDialog'));

export function ShareButton({ plant, plantName }: { plant: number; plantName: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => setOpen(true)} sx={{ minHeight: 44, alignSelf: 'flex-start' }}>
        {translate('app.share.dialog.button')}
      </Button>
      {open && <Suspense fallback={null}><ShareLinksDialog plant={plant} plantName={plantName} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
