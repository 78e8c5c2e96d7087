/**
 * The installation hierarchy of SPEC §3 (project > power plant > inverter > MPPT > string > panel) as data:
 * one entry per level says which resource it is, which field points at its parent, how it reads and how
 * it is edited. The project page, the detail pages and the nested lists are all drawn from this table.
 */
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import SolarPower from '@mui/icons-material/SolarPower';
import ElectricalServices from '@mui/icons-material/ElectricalServices';
import Tune from '@mui/icons-material/Tune';
import LinearScale from '@mui/icons-material/LinearScale';
import GridView from '@mui/icons-material/GridView';
import type { Identifier, RaRecord, SortPayload } from 'react-admin';
import type { ReadingsModule } from '../../providers/monitoring';
import { PlantFields, PlantInputs, plantSummary } from '../power-plants/fields';
import { PlantDetails } from '../power-plants/PlantDetails';
import { InvestorFields, InvestorInputs, investorSummary } from '../investors/fields';
import { InvestorDetails } from '../investors/InvestorDetails';
import { MpptFields, MpptInputs, mpptSummary } from '../mppts/fields';
import { StringFields, StringInputs, stringSummary } from '../strings/fields';
import { PanelFields, PanelInputs, panelSummary } from '../panels/fields';
import { AddPanelsDialog } from '../panels/AddPanels';
import type { Formatters } from '../../i18n/format';

export interface Level {
  resource: 'power-plants' | 'investors' | 'mppts' | 'strings' | 'panels';
  /** Key under app.messages.* ('Central eléctrica creada exitosamente.'...). */
  entity: string;
  /** The record field holding the parent's id (also the getManyReference target). */
  parent: string;
  parentResource: string;
  icon: ComponentType<SvgIconProps>;
  /** Read-only fields, inside a RecordContext. */
  Fields: ComponentType;
  /** Form inputs, without the parent (set by the caller). */
  Inputs: ComponentType;
  /** Short facts shown next to the name in a collapsed row. */
  summary: (record: RaRecord, f: Formatters) => (string | null | undefined)[];
  sort: SortPayload;
  child?: Level;
  /** The measurement module whose latest readings the detail page shows (GET /{module}/measurements/{id}). */
  readings?: ReadingsModule;
  /** More of the detail page, below the readings (an inverter's errors and events, a plant's alarm thresholds and ways in...). */
  Details?: ComponentType<{ id: Identifier }>;
  /** Staff's dialog adding many records of this level at once under a parent ('Agregar paneles'), and its button's label key. */
  AddMany?: { Dialog: ComponentType<{ parentId: Identifier; onClose: () => void }>; label: string };
}

const panels: Level = {
  resource: 'panels', entity: 'panel', parent: 'string', parentResource: 'strings', icon: GridView,
  Fields: PanelFields, Inputs: PanelInputs, summary: panelSummary, sort: { field: 'name', order: 'ASC' },
  AddMany: { Dialog: AddPanelsDialog, label: 'app.screens.add_panels.title' },
};
const strings: Level = {
  resource: 'strings', entity: 'string', parent: 'mppt', parentResource: 'mppts', icon: LinearScale,
  Fields: StringFields, Inputs: StringInputs, summary: stringSummary, sort: { field: 'name', order: 'ASC' }, child: panels,
  readings: 'string',
};
const mppts: Level = {
  resource: 'mppts', entity: 'mppt', parent: 'investor', parentResource: 'investors', icon: Tune,
  Fields: MpptFields, Inputs: MpptInputs, summary: mpptSummary, sort: { field: 'number', order: 'ASC' }, child: strings,
  readings: 'mppt',
};
const investors: Level = {
  resource: 'investors', entity: 'investor', parent: 'plant', parentResource: 'power-plants', icon: ElectricalServices,
  Fields: InvestorFields, Inputs: InvestorInputs, summary: investorSummary, sort: { field: 'name', order: 'ASC' }, child: mppts,
  readings: 'investor', Details: InvestorDetails,
};
const plants: Level = {
  resource: 'power-plants', entity: 'plant', parent: 'project', parentResource: 'projects', icon: SolarPower,
  Fields: PlantFields, Inputs: PlantInputs, summary: plantSummary, sort: { field: 'name', order: 'ASC' }, child: investors,
  Details: PlantDetails,
};

export const levels = { plants, investors, mppts, strings, panels };

/** The levels from the top (plants) down. */
const chain: Level[] = [plants, investors, mppts, strings, panels];

/**
 * What a record of `level` sits in, from the project down to its parent: the record's field holding
 * each ancestor's id, and that ancestor's resource.
 */
export function ancestors(level: Level): { field: string; resource: string }[] {
  return chain.slice(0, chain.indexOf(level) + 1).map((l) => ({ field: l.parent, resource: l.parentResource }));
}
