/**
 * /app/alarms: the alarms (staff: all; a customer: those of their plants), newest first, filtered
 * by status, kind, project, plant and the day they opened, paged and sorted on the server.
 */
import { useMemo } from 'react';
import {
  DataTable, FilterButton, List, ReferenceInput, SearchInput, SelectInput, TopToolbar, useGetManyReference,
  useGetOne, useListContext, useRecordContext, useTranslate,
} from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { LazyDateInput } from '../../components/LazyDateInput';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { useFormatters } from '../../i18n/format';
import { AlarmStatusChip, alarmWhere, statusChoices, useKindChoices, useKindName, useStatusName } from './common';
import type { Alarm } from '../../../contract/alarms';
import { TimeField } from '../../components/TimeField';

const KindCell = () => {
  const record = useRecordContext<Alarm>();
  const kindName = useKindName();
  return record ? <>{kindName(record.kind)}</> : null;
};
const WhereCell = () => {
  const record = useRecordContext<Alarm>();
  return record ? <>{alarmWhere(record)}</> : null;
};
const StatusCell = () => {
  const record = useRecordContext<Alarm>();
  return record ? <AlarmStatusChip status={record.status} /> : null;
};

/** The plants of the chosen project; without one, the plant the filter names (a link from the plant's page). */
function PlantFilter({ source, label }: { source: string; label: string }) {
  const { filterValues } = useListContext();
  const project = filterValues.project;
  const { data: plants = [] } = useGetManyReference('power-plants', {
    target: 'project', id: project, pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' },
  }, { enabled: project !== undefined && project !== '' });
  const { data: named } = useGetOne('power-plants', { id: filterValues.plant }, { enabled: !project && !!filterValues.plant });
  const choices = (project ? plants : named ? [named] : []).map((p) => ({ id: p.id, name: p.name }));
  return <SelectInput source={source} label={label} choices={choices} translateChoice={false} />;
}

function useFilters() {
  const kinds = useKindChoices();
  return useMemo(() => [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" label="resources.alarms.fields.status" choices={statusChoices} alwaysOn />,
    <SelectInput key="kind" source="kind" label="resources.alarms.fields.kind" choices={kinds} translateChoice={false} alwaysOn />,
    <ReferenceInput key="project" source="project" reference="projects" sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput label="resources.alarms.fields.project" optionText="name" />
    </ReferenceInput>,
    <PlantFilter key="plant" source="plant" label="resources.alarms.fields.plant" />,
    <LazyDateInput key="opened_from" source="opened_from" label="resources.alarms.fields.opened_from" />,
    <LazyDateInput key="opened_to" source="opened_to" label="resources.alarms.fields.opened_to" />,
  ], [kinds]);
}

export const AlarmList = () => {
  const filters = useFilters();
  const translate = useTranslate();
  const kindName = useKindName();
  const statusName = useStatusName();
  const f = useFormatters();
  return (
    <List resource="alarms" filters={filters} perPage={25} sort={{ field: 'opened_at', order: 'DESC' }}
      actions={<TopToolbar><FilterButton /></TopToolbar>} empty={<ListEmpty create={false} />}>
      <ResponsiveTable<Alarm> phone={{
        primary: (a) => kindName(a.kind),
        secondary: (a) => `${alarmWhere(a)} · ${f.dateTime(a.opened_at)}`,
        tertiary: (a) => statusName(a.status),
        rowClick: 'show',
      }}>
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="opened_at">
            <TimeField source="opened_at" />
          </DataTable.Col>
          <DataTable.Col source="kind"><KindCell /></DataTable.Col>
          <DataTable.Col source="plant_name" label={translate('resources.alarms.fields.where')}><WhereCell /></DataTable.Col>
          <DataTable.Col source="status"><StatusCell /></DataTable.Col>
          <DataTable.Col source="acknowledged_by_name" disableSort />
          <DataTable.Col source="closed_at">
            <TimeField source="closed_at" />
          </DataTable.Col>
        </DataTable>
      </ResponsiveTable>
    </List>
  );
};
