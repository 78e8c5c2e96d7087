/**
 * /app/fleet (issue 10): every plant the user sees with its status and today's and this month's
 * figures, paged, ordered, searched and filtered on the server (GET /fleet/plants); a SimpleList on a
 * phone. A row opens the plant on the monitoring page (the plant picked there is in the store).
 */
import { useMemo } from 'react';
import { Chip, useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput, DataTable, FilterButton, List, ReferenceInput, SearchInput, SelectInput, SimpleList, TopToolbar,
  useBasename, useRecordContext, useStore, useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ListEmpty } from '../../components/ListEmpty';
import { useFormatters, type Formatters } from '../../i18n/format';
import { FLEET_STATUSES, type FleetPlant, type FleetStatus } from '../../../contract/fleet';
import { CHOSEN } from '../../pages/monitoring/queries';

const STATUS_COLOR: Record<FleetStatus, 'success' | 'default' | 'error'> = { online: 'success', offline: 'default', fault: 'error' };

/** The status; an offline plant says since when (or that it never read). */
function StatusChip({ plant }: { plant: FleetPlant }) {
  const translate = useTranslate();
  const f = useFormatters();
  const label = plant.status !== 'offline' ? translate(`app.screens.fleet.${plant.status}`)
    : plant.offline_since ? translate('app.screens.fleet.offline_since', { time: f.dateTime(plant.offline_since) }) : translate('app.screens.fleet.never');
  return <Chip size="small" color={STATUS_COLOR[plant.status]} label={label} />;
}

/** A cell of the record's `show` (formatted), or a dash when it has no value. */
function Cell({ show }: { show: (plant: FleetPlant, f: Formatters) => string | null }) {
  const plant = useRecordContext<FleetPlant>();
  const f = useFormatters();
  return plant ? <>{show(plant, f) ?? '—'}</> : null;
}

const maybe = <T,>(value: T | null, as: (v: T) => string) => (value === null ? null : as(value));

function useFilters() {
  return useMemo(() => [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" label="resources.fleet.fields.status" alwaysOn
      choices={FLEET_STATUSES.map((s) => ({ id: s, name: `app.screens.fleet.${s}` }))} />,
    <ReferenceInput key="project" source="project" reference="projects" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput label="resources.fleet.fields.project" optionText="name" />
    </ReferenceInput>,
    <ReferenceInput key="tag" source="tag" reference="tags" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput label="resources.fleet.fields.tag" optionText="name" />
    </ReferenceInput>,
    <ReferenceInput key="commune" source="commune" reference="communes" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput label="resources.fleet.fields.commune" optionText="name" />
    </ReferenceInput>,
  ], []);
}

/** Opens a plant on the monitoring page. */
function useOpenPlant() {
  const navigate = useNavigate();
  const basename = useBasename();
  const [, setProject] = useStore<number | null>(CHOSEN.project, null);
  const [, setPlant] = useStore<number | null>(CHOSEN.plant, null);
  const [, setWholeProject] = useStore<boolean>(CHOSEN.wholeProject, false);
  return (plant: FleetPlant) => {
    setProject(plant.project);
    setPlant(plant.id);
    setWholeProject(false);
    navigate(`${basename}/monitoring`);
    return false as const;
  };
}

export const FleetList = () => {
  const filters = useFilters();
  const open = useOpenPlant();
  const translate = useTranslate();
  const f = useFormatters();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const ratio = (r: number) => f.percent(r * 100);
  return (
    <List resource="fleet" filters={filters} perPage={25} sort={{ field: 'name', order: 'ASC' }}
      actions={<TopToolbar><FilterButton /></TopToolbar>} empty={<ListEmpty create={false} />}>
      {phone ? (
        <SimpleList<FleetPlant>
          primaryText={(p) => p.name}
          secondaryText={(p) => translate('app.screens.fleet.summary', {
            power: maybe(p.power_w, f.power) ?? '—', energy: f.energy(p.energy_today_wh), alarms: translate('app.screens.fleet.open_alarms', { smart_count: p.open_alarms, count: f.number(p.open_alarms, 0) }),
          })}
          tertiaryText={(p) => translate(`app.screens.fleet.${p.status}`)}
          rowClick={(_id, _resource, record) => open(record as FleetPlant)}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={(_id, _resource, record) => open(record as FleetPlant)}>
          <DataTable.Col source="name" />
          <DataTable.Col source="project_name" />
          <DataTable.Col source="commune_name"><Cell show={(p) => p.commune_name} /></DataTable.Col>
          <DataTable.Col source="status"><StatusOf /></DataTable.Col>
          <DataTable.Col source="last_reading"><Cell show={(p, fm) => maybe(p.last_reading, fm.dateTime)} /></DataTable.Col>
          <DataTable.Col source="power_w"><Cell show={(p, fm) => maybe(p.power_w, fm.power)} /></DataTable.Col>
          <DataTable.Col source="energy_today_wh"><Cell show={(p, fm) => fm.energy(p.energy_today_wh)} /></DataTable.Col>
          <DataTable.Col source="yield_today"><Cell show={(p, fm) => maybe(p.yield_today, (v) => fm.number(v))} /></DataTable.Col>
          <DataTable.Col source="yield_month"><Cell show={(p, fm) => maybe(p.yield_month, (v) => fm.number(v))} /></DataTable.Col>
          <DataTable.Col source="performance_today"><Cell show={(p) => maybe(p.performance_today, ratio)} /></DataTable.Col>
          <DataTable.Col source="performance_month"><Cell show={(p) => maybe(p.performance_month, ratio)} /></DataTable.Col>
          <DataTable.Col source="open_alarms"><Cell show={(p, fm) => fm.number(p.open_alarms, 0)} /></DataTable.Col>
        </DataTable>
      )}
    </List>
  );
};

function StatusOf() {
  const plant = useRecordContext<FleetPlant>();
  return plant ? <StatusChip plant={plant} /> : null;
}
