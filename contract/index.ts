/**
 * Every area's endpoints, by area. The server registers each (a test fails on one it does not
 * serve); the web app calls nothing else.
 */
import { alarmApi } from './alarms.js';
import { authApi, profileApi } from './auth.js';
import { equipmentApi, trademarkApi } from './catalogue.js';
import { collectorApi } from './collector.js';
import { investorApi, mpptApi, panelApi, plantReadingsApi, powerPlantApi, stringApi } from './hierarchy.js';
import { ingestApi } from './ingest.js';
import { pushApi } from './push.js';
import { measurementApi } from './measurements.js';
import { projectAccessApi, projectApi } from './projects.js';
import { settingsApi } from './settings.js';
import { tagApi, tagProjectApi, tagUserApi } from './tags.js';
import { billingApi, distributorApi, injectionPriceApi, realBillApi, reconciliationApi, remanenteAssignmentApi, tariffApi } from './billing.js';
import { ticketApi, ticketCategoryApi, ticketMessageApi } from './tickets.js';
import { notificationApi, notificationTypeApi, userNotificationApi } from './notifications.js';
import { projectUserApi, userApi } from './users.js';
import { weatherApi } from './weather.js';
import { expectedApi } from './expected.js';
import { reportApi } from './reports.js';
import { fleetApi } from './fleet.js';
import { firstViewApi } from './first-view.js';
import { sourcesApi } from './sources.js';
import { webPushApi } from './web-push.js';
import { shareLinkApi } from './share-links.js';
import { siteAgentApi } from './site-agents.js';
import type { EndpointSpec } from './http.js';

export const api = {
  trademark: trademarkApi, equipment: equipmentApi,
  powerPlant: powerPlantApi, investor: investorApi, mppt: mpptApi, string: stringApi, panel: panelApi,
  plantReadings: plantReadingsApi,
  project: projectApi, projectAccess: projectAccessApi,
  settings: settingsApi,
  tag: tagApi, tagUser: tagUserApi, tagProject: tagProjectApi,
  ticketCategory: ticketCategoryApi, ticket: ticketApi, ticketMessage: ticketMessageApi,
  notification: notificationApi, notificationType: notificationTypeApi, userNotification: userNotificationApi,
  user: userApi, projectUser: projectUserApi,
  auth: authApi, profile: profileApi,
  measurement: measurementApi,
  ingest: ingestApi,
  push: pushApi,
  weather: weatherApi,
  collector: collectorApi,
  expected: expectedApi,
  alarm: alarmApi,
  report: reportApi,
  fleet: fleetApi,
  firstView: firstViewApi,
  sources: sourcesApi,
  webPush: webPushApi,
  shareLink: shareLinkApi,
  siteAgent: siteAgentApi,
  distributor: distributorApi, tariff: tariffApi, injectionPrice: injectionPriceApi,
  remanenteAssignment: remanenteAssignmentApi, billing: billingApi,
  realBill: realBillApi, reconciliation: reconciliationApi,
} satisfies Record<string, Record<string, EndpointSpec>>;

/** Every endpoint of the contract, flat. */
export const allEndpoints = (): EndpointSpec[] => Object.values(api).flatMap((area) => Object.values(area) as EndpointSpec[]);
