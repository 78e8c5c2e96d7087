/** /404, where unknown paths land, with a 'Back to Dashboard' link to /. */
import { Link as RouterLink } from 'react-router-dom';
import { Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AuthCard } from './PublicLayout';

export const NotFoundPage = () => {
  const translate = useTranslate();
  return (
    <AuthCard title={translate('app.not_found.title')}>
      <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>404</Typography>
      <Typography color="text.secondary" sx={{ my: 2 }}>{translate('app.not_found.text')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">{translate('app.not_found.back')}</Button>
    </AuthCard>
  );
};
