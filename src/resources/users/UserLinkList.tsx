import { AutocompleteInput, DataTable, ReferenceInput, required, useRecordContext, type RaRecord } from 'react-admin';
import { LinkList } from '../../components/LinkList';
import { userChoice } from './userName';

const userRequired = [required()];

interface UserLinkListProps {
  /** The link resource (project-users, tag-users); its `resources.<reference>.empty` text is used. */
  reference: string;
  /** Key under app.messages.* for the add / remove dialogs. */
  entity: string;
  /** The link's field holding the current record's id, and the one holding the user's. */
  parentField: string;
  userField: string;
  addLabel: string;
  /** Whether the link list can be ordered by name and e-mail on the server. */
  sortable?: boolean;
  /** The users offered for a new link, as a filter of the users list given the current record's id (the server narrows them). */
  choices?: (parentId: RaRecord['id']) => Record<string, unknown>;
}

/** The users linked to the current record (a project's users, a tag's members), with add / remove. */
export function UserLinkList({ reference, entity, parentField, userField, addLabel, sortable = true, choices }: UserLinkListProps) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <LinkList
      reference={reference} entity={entity} canEdit
      source={{ target: parentField, parentId: record.id }} defaults={{ [parentField]: record.id }}
      addLabel={addLabel} empty={`resources.${reference}.empty`}
      columns={[
        <DataTable.Col key="n" source="user_fullname" disableSort={!sortable} />,
        <DataTable.Col key="e" source="user_email" disableSort={!sortable} />,
      ]}
      phone={{ primary: (link) => link.user_fullname, secondary: (link) => link.user_email }}
      input={(
        <ReferenceInput source={userField} reference="users" filter={choices?.(record.id)}>
          <AutocompleteInput optionText={userChoice} validate={userRequired} fullWidth />
        </ReferenceInput>
      )}
    />
  );
}
