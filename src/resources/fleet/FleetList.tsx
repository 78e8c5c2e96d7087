/**
 * /app/fleet (issue 10): every plant the user sees with its status and today's and this month's
 * figures, paged, ordered, searched and filtered on the server (GET /fleet/plants); a SimpleList on a
 * phone (ResponsiveTable). A row opens the plant on the monitoring page (the plant picked there is in the store).
 */
import { Fragment, useMemo, type ReactNode } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import {
  AutocompleteInput, DataTable, FilterButton, List, ReferenceInput, SearchInput, SelectInput, TopToolbar,
  useBasename, useRecordContext, useStore, useTranslate, type Identifier, type RaRecord,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ListEmpty } from '../../components/ListEmpty';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { isolated, useFormatters, type Formatters } from '../../i18n/format';
import { FLEET_STATUSES, type FleetPlant, type FleetStatus } from '../../../contract/fleet';
import { CHOSEN } from '../../pages/monitoring/choices';

const STATUS_COLOR: Record<FleetStatus, 'success' | 'default' | 'error'> = { online: 'success', offline: 'default', fault: 'error' };

/** The status; an offline plant that never read says so. */
function StatusChip({ plant }: { plant: FleetPlant }) {
  const translate = useTranslate();
  const never = plant.status === 'offline' && !plant.offline_since;
  return <Chip size="small" color={STATUS_COLOR[plant.status]} label={translate(`app.screens.fleet.${never ? 'never' : plant.status}`)} />;
}

/** A cell of the record's `show` (formatted), or a dash when it has no value. */
function Cell({ show }: { show: (plant: FleetPlant, f: Formatters) => string | null }) {
  const plant = useRecordContext<FleetPlant>();
  const f = useFormatters();
  return plant ? <>{show(plant, f) ?? '—'}</> : null;
}

const maybe = <T,>(value: T | null, as: (v: T) => string) => (value === null ? null : as(value));

/** The smaller, lighter line under a cell's main text. */
const Under = ({ children, title }: { children: ReactNode; title?: string }) => (
  <Typography variant="caption" color="text.secondary" component="div" title={title} sx={{ whiteSpace: 'nowrap' }}>{children}</Typography>
);

/**
 * Names users wrote under the plant's (its project, its commune): namesLine's line, each name isolated
 * for direction and kept whole on a line where it fits, its dot with it ('San Pedro de la Paz' is not
 * split across two lines, which in Arabic also put its halves on opposite sides; no line starts with
 * the dot).
 */
function NamesUnder({ names }: { names: (string | null)[] }) {
  const shown = names.filter((name): name is string => !!name);
  return (
    <Typography variant="caption" color="text.secondary" component="div">
      {shown.map((name, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          <Box component="span" sx={{ display: 'inline-block' }}>{isolated(name)}{i < shown.length - 1 && '\u00a0·'}</Box>
        </Fragment>
      ))}
    </Typography>
  );
}

/** The plant's name, and under it its project and commune. */
function PlantOf() {
  const plant = useRecordContext<FleetPlant>();
  if (!plant) return null;
  return (
    <>
      <div>{isolated(plant.name)}</div>
      <NamesUnder names={[plant.project_name, plant.commune_name]} />
    </>
  );
}

/**
 * The status chip; under it when the plant last read (online, fault) or since when it is offline.
 * Not 'Sin conexión desde ...' in the chip: one such chip (270-300 px) alone widened the table past a
 * 1366 px screen.
 */
function StatusOf() {
  const plant = useRecordContext<FleetPlant>();
  const translate = useTranslate();
  const f = useFormatters();
  if (!plant) return null;
  return (
    <>
      <StatusChip plant={plant} />
      {plant.status === 'offline'
        ? plant.offline_since && <Under>{translate('app.screens.fleet.since', { time: f.dateTime(plant.offline_since) })}</Under>
        : plant.last_reading && <Under title={translate('resources.fleet.fields.last_reading')}>{f.dateTime(plant.last_reading)}</Under>}
    </>
  );
}

/** An energy (Wh) and, under it, the specific yield it makes (kWh/kWp, the unit written out). */
function EnergyOf({ energy, perKwp }: { energy: 'energy_today_wh' | 'energy_month_wh'; perKwp: 'yield_today' | 'yield_month' }) {
  const plant = useRecordContext<FleetPlant>();
  const translate = useTranslate();
  const f = useFormatters();
  if (!plant) return null;
  const specificYield = plant[perKwp];
  return (
    <>
      {f.energy(plant[energy])}
      <Under title={translate(`resources.fleet.fields.${perKwp}`)}>{specificYield === null ? '—' : f.specificYield(specificYield)}</Under>
    </>
  );
}

/**
 * Figures: at the column's end (MUI's align, which swaps sides in right-to-left), each on one line,
 * their columns as narrow as they allow (`width: 1%`, the header wrapping; half the padding on their
 * starting side, 24 px between two figures) so the plant's names get the room left; the plant's
 * column keeps enough not to break every word.
 */
const FIGURES = { align: 'right', sx: { width: '1%', pl: 1 }, cellSx: () => ({ whiteSpace: 'nowrap' }) } as const;
const PLANT = { cellSx: () => ({ minWidth: '9rem' }) } as const;
/** A header wraps between words only: a Chinese header is not cut between its characters. */
const TABLE_SX = { '& .RaDataTable-headerCell': { wordBreak: 'keep-all' } } as const;

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
  const ratio = (r: number) => f.percent(r * 100);
  const openRow = (_id: Identifier, _resource: string, record: RaRecord) => open(record as FleetPlant);
  return (
    <List resource="fleet" filters={filters} perPage={25} sort={{ field: 'name', order: 'ASC' }}
      actions={<TopToolbar><FilterButton /></TopToolbar>} empty={<ListEmpty create={false} />}>
      <ResponsiveTable<FleetPlant> phone={{
        primary: (p) => p.name,
        secondary: (p) => translate('app.screens.fleet.summary', {
          power: maybe(p.power_w, f.power) ?? '—', energy: f.energy(p.energy_today_wh), alarms: translate('app.screens.fleet.open_alarms', { smart_count: p.open_alarms, count: f.number(p.open_alarms, 0) }),
        }),
        tertiary: (p) => translate(`app.screens.fleet.${p.status}`),
        rowClick: openRow,
      }}>
        <DataTable bulkActionButtons={false} sx={TABLE_SX} rowClick={openRow}>
          <DataTable.Col source="name" {...PLANT}><PlantOf /></DataTable.Col>
          <DataTable.Col source="status"><StatusOf /></DataTable.Col>
          <DataTable.Col source="power_w" {...FIGURES}><Cell show={(p, fm) => maybe(p.power_w, fm.power)} /></DataTable.Col>
          {/* Headers of our own words, given as text: the sort button is named after its header ('Ordenar por este
              mes'), which holds the words shown (WCAG 2.5.3; named after the field, 'energía del mes', it did not). */}
          <DataTable.Col source="energy_today_wh" label="app.screens.fleet.today" {...FIGURES}>
            <EnergyOf energy="energy_today_wh" perKwp="yield_today" />
          </DataTable.Col>
          <DataTable.Col source="energy_month_wh" label="app.screens.fleet.this_month" {...FIGURES}>
            <EnergyOf energy="energy_month_wh" perKwp="yield_month" />
          </DataTable.Col>
          <DataTable.Col source="performance_today" {...FIGURES}><Cell show={(p) => maybe(p.performance_today, ratio)} /></DataTable.Col>
          <DataTable.Col source="performance_month" {...FIGURES}><Cell show={(p) => maybe(p.performance_month, ratio)} /></DataTable.Col>
          <DataTable.Col source="open_alarms" {...FIGURES}><Cell show={(p, fm) => fm.number(p.open_alarms, 0)} /></DataTable.Col>
        </DataTable>
      </ResponsiveTable>
    </List>
  );
};
