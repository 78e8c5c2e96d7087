/**
 * The profile's alarm notices: one box per alarm kind, ticked when the user is told of it (bell and
 * e-mail); saving sends the unticked kinds as `alarm_opt_out` (JSON, apart from the multipart form).
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { showResult } from '../../components/ResultDialog';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useKindName } from '../alarms/common';
import { ALARM_KINDS, type AlarmKind } from '../../../contract/alarms';

export function AlarmNotices({ optOut, onSaved }: { optOut: AlarmKind[]; onSaved: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const kindName = useKindName();
  const [off, setOff] = useState<AlarmKind[]>(optOut);
  const [busy, setBusy] = useState(false);
  // The saved choice read again (after a save) replaces what is ticked: adjusted while rendering, as
  // React advises for state that follows a prop, not in an effect that would render twice.
  const [shown, setShown] = useState(optOut);
  if (shown !== optOut) {
    setShown(optOut);
    setOff(optOut);
  }
  const toggle = (kind: AlarmKind) => setOff(off.includes(kind) ? off.filter((k) => k !== kind) : [...off, kind]);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await dataProvider.call('profile', 'alarmOptOut', { data: { alarm_opt_out: ALARM_KINDS.filter((k) => off.includes(k)) } });
      showResult({ kind: 'success', message: 'app.messages.alarm.opt_out_saved' });
      onSaved();
    } catch {
      showResult({ kind: 'error', message: 'app.messages.alarm.opt_out_error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <CardContent component="form" onSubmit={save}>
        <Typography variant="h6" component="h2" id="alarm-notices-title">{translate('app.alarms.opt_out.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id="alarm-notices-help">{translate('app.alarms.opt_out.help')}</Typography>
        {/* One group of checkboxes, named by the card's title and described by its help (a FormGroup is a bare div). */}
        <FormGroup role="group" aria-labelledby="alarm-notices-title" aria-describedby="alarm-notices-help">
          {ALARM_KINDS.map((kind) => (
            <FormControlLabel key={kind} label={kindName(kind)} control={<Checkbox checked={!off.includes(kind)} onChange={() => toggle(kind)} />} />
          ))}
        </FormGroup>
        <Box sx={{ mt: 1 }}><Button type="submit" variant="contained" disabled={busy}>{translate('app.alarms.opt_out.save')}</Button></Box>
      </CardContent>
    </Card>
  );
}
