/** Every message of this language: react-admin's, ours, and the resource screens' (resources.ts). */
import { mergeMessages } from '../merge';
import ra from './ra';
import common from './common';
import auth from './auth';
import shareLinks from './share-links';
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
import billing from './billing';
import installedApp from './installed-app';

export default mergeMessages(ra, common, auth, resources, monitoringFigures, devices, reports, fleet, alarms, catalogue, readings, userAccounts, inputs, webPush, shareLinks, billing, installedApp);
