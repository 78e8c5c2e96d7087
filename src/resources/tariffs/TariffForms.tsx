import { Box } from '@mui/material';
import {
  Create, Edit, ReferenceInput, SelectInput, SimpleForm, TextInput, required, type RaRecord,
} from 'react-admin';
import { TARIFF_OPTIONS } from '../../../contract/billing';
import { DecimalInput } from '../../components/DecimalInput';
import { LazyDateInput } from '../../components/LazyDateInput';
import { useResultFeedback } from '../../components/ResultDialog';
import { CreateToolbar, EditToolbar } from '../../components/FormToolbars';

const options = TARIFF_OPTIONS.map((o) => ({ id: o, name: o }));
const months = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: String(i + 1) }));
const emptyIsNull = (v: unknown) => (v === '' ? null : v);
/** Back to the distributor's page, where its tariffs are listed. */
const toDistributor = (_resource?: string, _id?: unknown, data?: Partial<RaRecord>) => `distributors/${data?.distributor}`;
const grid = { display: 'grid', gap: 1, width: '100%', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } };

/** Every component of a tariff (docs/billing.md "The model"), CLP net of VAT. */
const TariffInputs = () => (
  <>
    <Box sx={grid}>
      <ReferenceInput source="distributor" reference="distributors" sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput optionText="name" validate={required()} />
      </ReferenceInput>
      <SelectInput source="option" choices={options} validate={required()} />
      <span />
      <LazyDateInput source="valid_from" validate={required()} />
      <LazyDateInput source="valid_to" />
    </Box>
    <Box sx={grid}>
      <DecimalInput source="fixed_charge" min={0} />
      <DecimalInput source="energy_charge" min={0} validate={required()} />
      <DecimalInput source="transmission_charge" min={0} />
      <DecimalInput source="public_service_charge" min={0} />
      <DecimalInput source="demand_charge" min={0} />
      <DecimalInput source="peak_demand_charge" min={0} />
      <DecimalInput source="winter_charge" min={0} />
      <DecimalInput source="winter_threshold_kwh" min={0} />
      <span />
      <SelectInput source="winter_from_month" choices={months} parse={emptyIsNull} />
      <SelectInput source="winter_to_month" choices={months} parse={emptyIsNull} />
    </Box>
    <TextInput source="source" fullWidth multiline />
  </>
);

export const TariffCreate = () => {
  const feedback = useResultFeedback('tariff', 'create', { redirect: toDistributor, resource: 'tariffs' });
  return (
    <Create mutationOptions={feedback}>
      <SimpleForm toolbar={<CreateToolbar />}><TariffInputs /></SimpleForm>
    </Create>
  );
};

export const TariffEdit = () => {
  const feedback = useResultFeedback('tariff', 'update', { redirect: toDistributor, resource: 'tariffs' });
  return (
    <Edit mutationMode="pessimistic" mutationOptions={feedback}>
      <SimpleForm toolbar={<EditToolbar entity="tariff" redirect={toDistributor} />}><TariffInputs /></SimpleForm>
    </Edit>
  );
};
