import { useState, type ReactNode } from 'react';
import { Box, Button, LinearProgress, Stack } from '@mui/material';
import PersonAdd from '@mui/icons-material/PersonAdd';
import {
  DataTable, ListContextProvider, ReferenceManyField, ResourceContextProvider, useList, useTranslate, type RaRecord,
} from 'react-admin';
import { DeleteRecordButton } from './DeleteRecordButton';
import { FormDialog } from './FormDialog';
import { InlineEmpty } from './ListEmpty';
import { ResponsiveTable, type PhoneRow } from './ResponsiveTable';

/** Where the links come from: a by-parent reference of the current record, or rows already fetched. */
export type LinkSource =
  | { target: string; parentId: RaRecord['id'] }
  | { rows: RaRecord[] | undefined; isPending: boolean };

export interface LinkListProps {
  /** The link resource, e.g. 'tag-users'. */
  reference: string;
  source: LinkSource;
  /** Key under app.messages.* ('Usuario agregado a la etiqueta exitosamente.'...). */
  entity: string;
  /** Translation keys of the add button / dialog title and of the empty text. */
  addLabel: string;
  empty: string;
  /** DataTable columns describing a link. */
  columns: ReactNode;
  /** How a link reads on a phone. */
  phone: Pick<PhoneRow, 'primary' | 'secondary'>;
  /** The input choosing what to link (a ReferenceInput), and the fixed side of a new link. */
  input: ReactNode;
  defaults: Record<string, unknown>;
  canEdit: boolean;
  icon?: ReactNode;
  /** What a remove confirmation calls a link (e.g. the tag's name on a user's page). */
  describe?: (link: RaRecord) => string;
}

function Rows({ reference, rows, isPending, empty, children }: {
  reference: string; rows: RaRecord[] | undefined; isPending: boolean; empty: string; children: ReactNode;
}) {
  const list = useList({ data: rows ?? [], isPending, resource: reference, perPage: 500 });
  if (isPending) return <LinearProgress />;
  return (
    <ResourceContextProvider value={reference}>
      <ListContextProvider value={list}>
        {rows?.length ? children : <InlineEmpty message={empty} />}
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/**
 * Links between two records (a tag's users or projects, a project's users, a user's projects and tags):
 * a table, and for administrators an add dialog and a remove button per row, each answered by the
 * SPEC §8 dialog.
 */
export function LinkList(props: LinkListProps) {
  const { reference, source, entity, addLabel, empty, columns, phone, input, defaults, canEdit, icon = <PersonAdd />, describe } = props;
  const translate = useTranslate();
  const [adding, setAdding] = useState(false);
  const remove = canEdit && <DeleteRecordButton entity={entity} variant="remove" iconOnly describe={describe} />;
  const table = (
    <ResponsiveTable phone={{ ...phone, actions: remove }}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        {columns}
        {canEdit && (
          <DataTable.Col label={translate('app.screens.actions.remove')} align="right">{remove}</DataTable.Col>
        )}
      </DataTable>
    </ResponsiveTable>
  );
  return (
    <Stack spacing={1}>
      {canEdit && (
        <Box>
          <Button variant="outlined" size="small" startIcon={icon} onClick={() => setAdding(true)}>{translate(addLabel)}</Button>
        </Box>
      )}
      {'target' in source ? (
        <ReferenceManyField reference={reference} target={source.target} record={{ id: source.parentId }} perPage={500}
          empty={<InlineEmpty message={empty} />}>
          {table}
        </ReferenceManyField>
      ) : (
        <Rows reference={reference} rows={source.rows} isPending={source.isPending} empty={empty}>{table}</Rows>
      )}
      {canEdit && adding && (
        <FormDialog resource={reference} entity={entity} open onClose={() => setAdding(false)}
          title={translate(addLabel)} defaults={defaults}>
          {input}
        </FormDialog>
      )}
    </Stack>
  );
}
