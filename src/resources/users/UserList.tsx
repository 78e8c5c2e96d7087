import { BooleanField, DataTable } from 'react-admin';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { SearchList } from '../../components/SearchList';
import { PhoneField } from '../../components/phone';
import { UserNameField } from './userName';
import { TimeField } from '../../components/TimeField';

export const UserList = () => (
  <SearchList sort={{ field: 'first_name', order: 'ASC' }}>
    <ResponsiveTable phone={{ primary: () => <UserNameField />, secondary: (r) => r.email, rowClick: 'show' }}>
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="first_name" label="resources.users.fields.full_name">
        <UserNameField />
      </DataTable.Col>
      <DataTable.Col source="email" />
      <DataTable.Col source="phone" field={PhoneField} disableSort />
      <DataTable.Col source="is_staff" field={BooleanField} />
      <DataTable.Col source="is_active" field={BooleanField} disableSort />
      <DataTable.Col source="date_joined"><TimeField source="date_joined" dateOnly /></DataTable.Col>
    </DataTable>
    </ResponsiveTable>
  </SearchList>
);
