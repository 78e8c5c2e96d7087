import type { ReactNode } from 'react';
import { Button, Dialog, DialogTitle } from '@mui/material';
import {
  CreateBase, EditBase, SaveButton, SimpleForm, Toolbar, useTranslate,
  type RaRecord,
} from 'react-admin';
import { useResultFeedback } from './ResultDialog';

export interface FormDialogProps {
  resource: string;
  /** Key under app.messages.* of the success / error messages. */
  entity: string;
  open: boolean;
  onClose: () => void;
  /** Already translated. */
  title: string;
  /** The record being edited; absent for a create. */
  record?: RaRecord;
  /** Initial values of a new record, e.g. its parent id. */
  defaults?: Record<string, unknown>;
  /** The inputs. */
  children: ReactNode;
}

/** Cancel and Save; Save stays clickable on a new, empty form so that it shows what is missing. */
function DialogToolbar({ onCancel, creating }: { onCancel: () => void; creating: boolean }) {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1 }}>
      <Button onClick={onCancel}>{translate('app.screens.actions.cancel')}</Button>
      <SaveButton alwaysEnable={creating || undefined} />
    </Toolbar>
  );
}

/**
 * Create or edit a record in a dialog (the installation hierarchy, tag and project links),
 * waiting for the server and answering with the SPEC §8 dialog.
 */
export function FormDialog(props: FormDialogProps) {
  const { resource, entity, open, onClose, title, record, defaults, children } = props;
  const editing = record?.id !== undefined;
  const feedback = useResultFeedback(entity, editing ? 'update' : 'create', { onDone: onClose });
  const form = (
    <SimpleForm toolbar={<DialogToolbar onCancel={onClose} creating={!editing} />}>
      {children}
    </SimpleForm>
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${resource}-form-title`}>
      <DialogTitle id={`${resource}-form-title`}>{title}</DialogTitle>
      {open && (editing ? (
        <EditBase resource={resource} id={record!.id} mutationMode="pessimistic" mutationOptions={feedback}
          redirect={false} queryOptions={{ placeholderData: record }}>
          {form}
        </EditBase>
      ) : (
        <CreateBase resource={resource} record={defaults} mutationOptions={feedback} redirect={false}>
          {form}
        </CreateBase>
      ))}
    </Dialog>
  );
}
