/**
 * Every resource of the admin (src/layout/AdminApp renders one <Resource> per entry and builds the
 * menu from them). Each screen carries a result-dialog host, so the SPEC §8 dialogs show whatever
 * page a save or delete ends on.
 */
import type { AppResource } from './types';
import { projects } from './projects';
import { powerPlants } from './power-plants';
import { investors } from './investors';
import { mppts } from './mppts';
import { strings } from './strings';
import { panels } from './panels';
import { tags } from './tags';
import { tagUsers } from './tag-users';
import { tagProjects } from './tag-projects';
import { users } from './users';
import { projectUsers } from './project-users';
import { trademarks } from './trademarks';
import { equipments } from './equipments';
import { communes } from './communes';
import { settings } from './settings';
import { tickets } from './tickets';
import { ticketCategories } from './ticket-categories';
import { ticketMessages } from './ticket-messages';
import { notifications } from './notifications';
import { fleet } from './fleet';
import { alarms } from './alarms';
import { distributors } from './distributors';
import { tariffs } from './tariffs';
import { injectionPrices } from './injection-prices';

/** Menu order within each group follows this order. */
export const resources: AppResource[] = [
  projects, tags, equipments, trademarks, distributors, users, settings,
  fleet, notifications, alarms,
  tickets, ticketCategories, ticketMessages,
  powerPlants, investors, mppts, strings, panels,
  tagUsers, tagProjects, projectUsers, communes, tariffs, injectionPrices,
];
