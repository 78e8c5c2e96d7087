/**
 * The Spanish messages of the admin: react-admin's own (its buttons, lists, notifications) and its
 * screens' (resources, monitoring, devices...), loaded with the admin. The shared page's Spanish
 * (share-links.ts) comes with the page's own chunk (src/pages/public/SharePage.tsx).
 */
import { mergeMessages } from '../merge';
import ra from './ra';
import resources from './resources';
import monitoringFigures from './monitoring-figures';
import devices from './devices';
import reports from './reports';
import fleet from './fleet';
import alarms from './alarms';
import catalogue from './catalogue';
import readings from './readings';
import userAccounts from './user-accounts';
import inputs from './inputs';
import webPush from './web-push';
import shareLinks from './share-links';
import billing from './billing';
import installedApp from './installed-app';

export default mergeMessages(ra, resources, monitoringFigures, devices, reports, fleet, alarms, catalogue, readings, userAccounts, inputs, webPush, shareLinks, billing, installedApp);
