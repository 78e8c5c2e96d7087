/**
 * /app/tickets/categories: the ticket categories (name, description); administrators create and edit
 * them in a dialog and delete them.
 */
import { useState } from 'react';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { DataTable, List, SearchInput, TextInput, TopToolbar, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { DeleteRecordButton } from '../../components/DeleteRecordButton';
import { FormDialog } from '../../components/FormDialog';
import { ListEmpty } from '../../components/ListEmpty';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { useIsStaff } from '../../components/permissions';
import { descriptionRequired, nameRequired } from '../../components/validators';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function EditButton({ onEdit }: { onEdit: (record: RaRecord) => void }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const label = translate('app.screens.actions.edit');
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={`${label}: ${record.name}`} onClick={(e) => { e.stopPropagation(); onEdit(record); }}>
        <EditOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export const CategoryList = () => {
  const isStaff = useIsStaff();
  const translate = useTranslate();
  // undefined: closed; {}: new; a record: editing it.
  const [editing, setEditing] = useState<RaRecord | Record<string, never> | undefined>(undefined);
  const addButton = isStaff && (
    <Button variant="contained" size="small" startIcon={<Add />} onClick={() => setEditing({})}>
      {translate('app.screens.ticket_categories.create')}
    </Button>
  );
  const actions = (
    <>
      <EditButton onEdit={setEditing} />
      <DeleteRecordButton entity="ticket_category" resource="ticket-categories" iconOnly />
    </>
  );
  return (
    <>
      <List resource="ticket-categories" filters={filters} perPage={25} sort={{ field: 'name', order: 'ASC' }}
        actions={<TopToolbar>{addButton}</TopToolbar>}
        empty={<Box sx={{ width: '100%', textAlign: 'center' }}><ListEmpty create={false} />{addButton}</Box>}>
        <ResponsiveTable phone={{ primary: (r) => r.name, secondary: (r) => r.description, actions: isStaff && actions }}>
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="name" />
            <DataTable.Col source="description" disableSort />
            {isStaff && (
              <DataTable.Col label="app.screens.actions.edit" align="right">
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>{actions}</Box>
              </DataTable.Col>
            )}
          </DataTable>
        </ResponsiveTable>
      </List>
      <FormDialog resource="ticket-categories" entity="ticket_category" open={editing !== undefined} onClose={() => setEditing(undefined)}
        title={translate(editing && 'id' in editing ? 'app.screens.ticket_categories.edit' : 'app.screens.ticket_categories.create')}
        record={editing && 'id' in editing ? editing as RaRecord : undefined}>
        <TextInput source="name" validate={nameRequired} fullWidth />
        <TextInput source="description" validate={descriptionRequired} multiline minRows={3} fullWidth />
      </FormDialog>
    </>
  );
};

/** The page of /app/tickets/categories (a custom route, SPEC §2). */
export const CategoryPage = () => <CategoryList />;
