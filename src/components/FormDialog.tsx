import type { ReactNode } from 'react';
import { Dialog, DialogTitle } from '@mui/material';
import { CreateBase, EditBase, SimpleForm, type RaRecord } from 'react-admin';
import { DialogToolbar } from './FormToolbars';
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

/**
 * Create or edit a record in a dialog (the installation hierarchy, tag and project links),
 * waiting for the server and answering with the SPEC §8 dialog.
 */
export function FormDialog(props: FormDialogProps) {
  const { resource, entity, open, onClose, title, record, defaults, children } = props;
  const editing = record?.id !== undefined;
  const feedback = useResultFeedback(entity, editing ? 'update' : 'create', { onDone: onClose });
  const form = (
    <SimpleForm toolbar={<DialogToolbar onCancel={onClose} alwaysEnable={!editing} />}>
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
