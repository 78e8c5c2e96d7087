import { Create, Edit, ReferenceInput, SelectInput, SimpleForm, TextInput, regex, required, type RaRecord } from 'react-admin';
import { DecimalInput } from '../../components/DecimalInput';
import { useResultFeedback } from '../../components/ResultDialog';
import { CreateToolbar, EditToolbar } from '../../components/FormToolbars';

const toDistributor = (_resource?: string, _id?: unknown, data?: Partial<RaRecord>) => `distributors/${data?.distributor}`;
const monthValid = [required('app.billing.month_required'), regex(/^[12]\d{3}-(0[1-9]|1[0-2])-01$/, 'app.billing.month_required')];

/** The month is typed YYYY-MM and sent as its first day, as the API keeps it. */
const InjectionPriceInputs = () => (
  <>
    <ReferenceInput source="distributor" reference="distributors" sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput optionText="name" validate={required()} />
    </ReferenceInput>
    <TextInput source="month" placeholder="2026-03" validate={monthValid}
      format={(v?: string) => (v ? String(v).slice(0, 7) : '')} parse={(v: string) => (/^\d{4}-\d{2}$/.test(v) ? `${v}-01` : v)} />
    <DecimalInput source="price" min={0} validate={required()} />
    <TextInput source="source" fullWidth multiline />
  </>
);

export const InjectionPriceCreate = () => {
  const feedback = useResultFeedback('injection_price', 'create', { redirect: toDistributor, resource: 'injection-prices' });
  return (
    <Create mutationOptions={feedback}>
      <SimpleForm toolbar={<CreateToolbar />}><InjectionPriceInputs /></SimpleForm>
    </Create>
  );
};

export const InjectionPriceEdit = () => {
  const feedback = useResultFeedback('injection_price', 'update', { redirect: toDistributor, resource: 'injection-prices' });
  return (
    <Edit mutationMode="pessimistic" mutationOptions={feedback}>
      <SimpleForm toolbar={<EditToolbar entity="injection_price" redirect={toDistributor} />}><InjectionPriceInputs /></SimpleForm>
    </Edit>
  );
};
