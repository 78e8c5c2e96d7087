import { Card, CardContent, LinearProgress, Typography } from '@mui/material';
import {
  BooleanInput, email, required, ResourceContextProvider, SaveButton, SelectInput, SimpleForm, TextInput, Title, Toolbar, useGetIdentity, useGetOne,
  useLocaleState, useTranslate, useUpdate,
} from 'react-admin';
import { LOCALES } from '../../i18n/locales';
import { profileLanguage, profileLocale } from '../../providers/profileLanguage';
import type { Profile } from '../../providers/session';
import { ImageUpload } from '../../components/ImageUpload';
import { useResultFeedback } from '../../components/ResultDialog';
import { phoneInputProps } from '../../components/phone';
import { AlarmNotices } from './AlarmNotices';
import { PushDevices } from './PushDevices';

const validEmail = [email('app.validation.email_invalid')];

/** The five languages a profile may hold (contract/auth.ts `Language`), each in its own name. */
const LANGUAGES = LOCALES.filter((l) => l.locale === l.messages).map(({ locale, name }) => ({ id: locale, name }));

/**
 * /app/profile/me: the signed-in user's own data (GET /my-profile, PUT /my-profile/update, multipart),
 * and whether the monthly report is mailed to them.
 * Only filled-in fields and a newly chosen image are sent (the dataProvider's `profile` entry), and the
 * stored user is refreshed so the top bar shows the new name and picture. The language (of the reports,
 * the mails and the app at sign-in) switches the app too when saved. Below, the alarm notices
 * (which alarm kinds the user is told of).
 */
export default function ProfilePage() {
  const translate = useTranslate();
  const { data: profile, isPending, refetch: reload } = useGetOne('profile', { id: 'me' });
  const { refetch } = useGetIdentity();
  const [update] = useUpdate();
  const [locale, setLocale] = useLocaleState();
  const feedback = useResultFeedback<Profile>('profile', 'update', {
    onDone: (saved) => {
      refetch?.();
      const chosen = profileLocale(saved);
      if (chosen && chosen !== profileLanguage(locale)) setLocale(chosen);
    },
  });
  const save = (values: Record<string, unknown>) => update('profile', { id: 'me', data: values, previousData: profile }, {
    mutationMode: 'pessimistic', ...feedback,
  });
  return (
    <>
      <Card sx={{ mt: 1, maxWidth: 720 }}>
        <Title title={translate('app.screens.profile.title')} />
        <CardContent sx={{ pb: 0 }}>
          <Typography variant="h6" component="h2">{translate('app.screens.profile.title')}</Typography>
        </CardContent>
        {isPending ? <LinearProgress sx={{ m: 2 }} /> : (
          <ResourceContextProvider value="users">
            <SimpleForm record={profile} onSubmit={save} toolbar={<Toolbar><SaveButton /></Toolbar>}>
              <TextInput source="first_name" fullWidth />
              <TextInput source="last_name" fullWidth />
              <TextInput source="email" type="email" validate={validEmail} fullWidth />
              <TextInput source="phone" type="tel" fullWidth {...phoneInputProps} />
              <TextInput source="address" fullWidth />
              <ImageUpload source="image" />
              <BooleanInput source="report_opt_out" helperText={translate('app.screens.profile.report_opt_out_help')} />
              <SelectInput source="language" choices={LANGUAGES} translateChoice={false} validate={required()} helperText={translate('app.screens.profile.language_help')} />
            </SimpleForm>
          </ResourceContextProvider>
        )}
      </Card>
      {profile && <AlarmNotices optOut={profile.alarm_opt_out ?? []} onSaved={() => reload()} />}
      <PushDevices />
    </>
  );
}
