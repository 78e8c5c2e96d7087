import type { ReactNode } from 'react';
import { Box, Card, CardContent, CardHeader, Stack } from '@mui/material';
import { Create, Edit, SimpleForm, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useResultFeedback } from '../../components/ResultDialog';
import { nameRequired } from '../../components/validators';
import { CreateToolbar, EditToolbar } from '../../components/FormToolbars';
import { TariffList } from '../tariffs/TariffList';
import { InjectionPriceList } from '../injection-prices/InjectionPriceList';

export const DistributorCreate = () => {
  // On to its page: its tariffs and injection prices are added there.
  const feedback = useResultFeedback('distributor', 'create', { redirect: 'edit', resource: 'distributors' });
  return (
    <Create mutationOptions={feedback}>
      <SimpleForm toolbar={<CreateToolbar />}><TextInput source="name" validate={nameRequired} fullWidth /></SimpleForm>
    </Create>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card variant="outlined">
    <CardHeader title={title} titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
    <CardContent>{children}</CardContent>
  </Card>
);

/** The distributor's dated tariffs and its injection prices, below its name. */
const Prices = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Section title={translate('app.billing.tariffs')}><TariffList distributor={record.id} /></Section>
      <Section title={translate('app.billing.injection_prices')}><InjectionPriceList distributor={record.id} /></Section>
    </Stack>
  );
};

export const DistributorEdit = () => {
  const feedback = useResultFeedback('distributor', 'update', { redirect: 'list', resource: 'distributors' });
  return (
    <Edit mutationMode="pessimistic" mutationOptions={feedback}>
      <Box>
        <SimpleForm toolbar={<EditToolbar entity="distributor" />}><TextInput source="name" validate={nameRequired} fullWidth /></SimpleForm>
      </Box>
      <Prices />
    </Edit>
  );
};
