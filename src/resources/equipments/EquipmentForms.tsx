import { AutocompleteInput, Create, Edit, ReferenceInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { DecimalInput } from '../../components/DecimalInput';
import { ImageUpload } from '../../components/ImageUpload';
import { useResultFeedback } from '../../components/ResultDialog';
import { nameRequired } from '../../components/validators';
import { CreateToolbar, EditToolbar } from '../../components/FormToolbars';
import { EQUIPMENT_KINDS } from '../../../contract/catalogue';

/** What a piece of equipment is (a panel's equipment list offers panels only). */
export const kindChoices = EQUIPMENT_KINDS.map((kind) => ({ id: kind, name: `resources.equipments.kinds.${kind}` }));

const EquipmentInputs = () => (
  <>
    <TextInput source="name" validate={nameRequired} fullWidth />
    <ImageUpload source="image" />
    <ReferenceInput source="trademark" reference="trademarks" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput optionText="name" fullWidth />
    </ReferenceInput>
    <SelectInput source="kind" choices={kindChoices} defaultValue="other" fullWidth />
    {/* A panel's Wp: a panel of this model is given it. */}
    <DecimalInput source="power_w" min={0} />
    <TextInput source="model" fullWidth />
    <TextInput source="station_code" fullWidth />
    <TextInput source="description" multiline minRows={3} fullWidth />
  </>
);

/** SPEC §4: the equipment list is reloaded after create, update or delete, so every save returns to it. */
export const EquipmentCreate = () => {
  const feedback = useResultFeedback('equipment', 'create', { redirect: 'list', resource: 'equipments' });
  return (
    <Create mutationOptions={feedback}>
      <SimpleForm toolbar={<CreateToolbar />}><EquipmentInputs /></SimpleForm>
    </Create>
  );
};

export const EquipmentEdit = () => {
  const feedback = useResultFeedback('equipment', 'update', { redirect: 'list', resource: 'equipments' });
  return (
    <Edit mutationMode="pessimistic" mutationOptions={feedback}>
      <SimpleForm toolbar={<EditToolbar entity="equipment" />}><EquipmentInputs /></SimpleForm>
    </Edit>
  );
};
