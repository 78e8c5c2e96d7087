/**
 * The panel model (equipment of kind 'panel') of a panel form: choosing one fills the form's Wp with
 * the model's rated power, in the one-panel form and in 'Agregar paneles' alike.
 */
import { AutocompleteInput, ReferenceInput, type RaRecord, type Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';

export function PanelModelInput({ label, validate }: { label?: string; validate?: Validator[] }) {
  const { setValue } = useFormContext();
  const fill = (_id: unknown, model: RaRecord | '') => {
    if (model && model.power_w != null) setValue('power_wp', model.power_w, { shouldDirty: true });
  };
  return (
    <ReferenceInput source="equipment" reference="equipments" sort={{ field: 'name', order: 'ASC' }} filter={{ kind: 'panel' }}>
      <AutocompleteInput optionText="name" label={label} validate={validate} onChange={fill} fullWidth />
    </ReferenceInput>
  );
}
