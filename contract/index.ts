/**
 * Every area's endpoints, by area. The server registers each (a test fails on one it does not
 * serve); the web app calls nothing else.
 */
import { equipmentApi, trademarkApi } from './catalogue.js';
import { investorApi, mpptApi, panelApi, powerPlantApi, stringApi } from './hierarchy.js';
import { projectAccessApi, projectApi } from './projects.js';
import { settingsApi } from './settings.js';
import { tagApi, tagProjectApi, tagUserApi } from './tags.js';
import { ticketCategoryApi } from './tickets.js';
import { projectUserApi } from './users.js';
import type { EndpointSpec } from './http.js';

export const api = {
  trademark: trademarkApi, equipment: equipmentApi,
  powerPlant: powerPlantApi, investor: investorApi, mppt: mpptApi, string: stringApi, panel: panelApi,
  project: projectApi, projectAccess: projectAccessApi,
  settings: settingsApi,
  tag: tagApi, tagUser: tagUserApi, tagProject: tagProjectApi,
  ticketCategory: ticketCategoryApi,
  projectUser: projectUserApi,
} satisfies Record<string, Record<string, EndpointSpec>>;

/** Every endpoint of the contract, flat. */
export const allEndpoints = (): EndpointSpec[] => Object.values(api).flatMap((area) => Object.values(area) as EndpointSpec[]);
