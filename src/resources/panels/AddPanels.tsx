/**
 * 'Agregar paneles' (issue 33): N panels of one model added to a string in one call (POST
 * /panel/create-many, all or none), instead of one form per panel. The model fills the Wp; the
 * server names them 'Panel k' on from the string's panels.
 */
import { Dialog, DialogTitle } from '@mui/material';
import {
  required, SimpleForm, useRefresh, useTranslate, type Identifier, type Validator,
} from 'react-admin';
import { DecimalInput } from '../../components/DecimalInput';
import { DialogToolbar } from '../../components/FormToolbars';
import { errorDetails, showResult } from '../../components/ResultDialog';
import { given } from '../../components/validators';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { HIERARCHY_LIMITS } from '../../../contract/hierarchy';
import type { Panel } from '../../../contract/hierarchy';
import { PanelModelInput } from './ModelInput';

const { minimum, maximum } = HIERARCHY_LIMITS.panelsAtOnce;
const inRange = { message: 'app.screens.add_panels.count_range', args: { min: minimum, max: maximum } };
const countValid: Validator[] = [
  required('app.screens.add_panels.count_required'),
  (value) => (given(value) && (!Number.isInteger(Number(value)) || Number(value) < minimum || Number(value) > maximum) ? inRange : undefined),
];

/** `parentId`: the string's id. */
export function AddPanelsDialog({ parentId, onClose }: { parentId: Identifier; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const refresh = useRefresh();
  const save = async (values: Record<string, unknown>) => { 
    const data = {
      string: parentId, equipment: values.equipment, count: Number(values.count),
      ...(given(values.power_wp) && { power_wp: Number(values.power_wp) }),
    };
    try {
      const added = await dataProvider.call<Panel[]>('panels', 'createMany', { data });
      showResult({ kind: 'success', message: 'app.messages.panels.created', values: { smart_count: added.length } });
      onClose();
      refresh();
    } catch (error) {
      showResult({ kind: 'error', message: 'app.messages.panels.create_error', details: errorDetails(error) });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-panels-title">
      <DialogTitle id="add-panels-title">{translate('app.screens.add_panels.title')}</DialogTitle>
      <SimpleForm onSubmit={save} defaultValues={{ count: '' }}
        toolbar={<DialogToolbar onCancel={onClose} alwaysEnable saveLabel="app.screens.add_panels.submit" />}>
        <PanelModelInput label="app.screens.add_panels.model" validate={[required('app.screens.add_panels.model_required')]} />
        {/* No native min/max: the browser's own bubble would stop the form before our message says the range. */}
        <DecimalInput source="count" label="app.screens.add_panels.count" validate={countValid} step={1}
          helperText="app.screens.add_panels.count_help" />
        <DecimalInput source="power_wp" label="resources.panels.fields.power_wp" min={0} />
      </SimpleForm>
    </Dialog>
  );
}
