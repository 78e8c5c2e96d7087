import { SaveButton, Toolbar, type RedirectionSideEffect } from 'react-admin';
import { DeleteRecordButton } from './DeleteRecordButton';

/**
 * Toolbar of a create form: Save stays clickable on an empty form, so that pressing it shows the
 * SPEC §5 messages ('El nombre es requerido'...) instead of doing nothing.
 */
export const CreateToolbar = () => (
  <Toolbar>
    <SaveButton alwaysEnable />
  </Toolbar>
);

/** Toolbar of an edit form: Save, and a delete answered by the SPEC §8 dialog (not react-admin's toast). */
export const EditToolbar = ({ entity, redirect = 'list' }: { entity: string; redirect?: RedirectionSideEffect }) => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteRecordButton entity={entity} redirect={redirect} />
  </Toolbar>
);
