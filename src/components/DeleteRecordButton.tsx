import { useState } from 'react';
import { Button, IconButton, Tooltip } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  Confirm, useDelete, useGetRecordRepresentation, useRecordContext, useResourceContext, useTranslate,
  type RaRecord, type RedirectionSideEffect,
} from 'react-admin';
import { useResultFeedback } from './ResultDialog';

export interface DeleteRecordButtonProps {
  /** Key under app.messages.* of the success / error messages. */
  entity: string;
  resource?: string;
  record?: RaRecord;
  /** Where to go afterwards (e.g. 'list' from a detail page); stays put by default. */
  redirect?: RedirectionSideEffect;
  /** 'remove' for links (a user from a tag): the record itself is not destroyed. */
  variant?: 'delete' | 'remove';
  iconOnly?: boolean;
  /** What the confirmation calls the record; the resource's representation by default. */
  describe?: (record: RaRecord) => string;
}

/** Asks for confirmation, deletes (waiting for the server), then shows the SPEC §8 dialog. */
export function DeleteRecordButton(props: DeleteRecordButtonProps) {
  const { entity, redirect, variant = 'delete', iconOnly = false, describe } = props;
  const record = useRecordContext(props);
  const resource = useResourceContext(props)!;
  const translate = useTranslate();
  const represent = useGetRecordRepresentation(resource);
  const [open, setOpen] = useState(false);
  const feedback = useResultFeedback(entity, 'delete', { redirect, resource, onDone: () => setOpen(false) });
  const [deleteOne, { isPending }] = useDelete();
  if (!record) return null;
  const name = String((describe ?? represent)(record) || record.id);
  const label = translate(`app.screens.actions.${variant}`);
  const onConfirm = () => deleteOne(resource, { id: record.id, previousData: record }, {
    mutationMode: 'pessimistic',
    onSuccess: () => feedback.onSuccess(record),
    onError: (error) => { setOpen(false); feedback.onError(error); },
  });
  const ask = (event: React.MouseEvent) => { event.stopPropagation(); setOpen(true); };
  return (
    <>
      {iconOnly ? (
        <Tooltip title={label}>
          <IconButton aria-label={`${label}: ${name}`} color="error" size="small" onClick={ask}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button color="error" startIcon={<DeleteOutline />} onClick={ask} size="small">{label}</Button>
      )}
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translate(`app.screens.actions.confirm_${variant}_title`, { name })}
        content={translate(`app.screens.actions.${variant === 'remove' ? 'confirm_remove' : 'confirm_delete'}`, { name })}
        confirm={label}
        confirmColor="warning"
        onConfirm={onConfirm}
        onClose={(event: React.MouseEvent) => { event?.stopPropagation?.(); setOpen(false); }}
      />
    </>
  );
}
