/**
 * The Spanish messages of the admin: react-admin's own (its buttons, lists, notifications) and its
 * screens' (resources, monitoring, devices...), loaded with the admin.
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
import installedApp from './installed-app';

export default mergeMessages(ra, resources, monitoringFigures, devices, reports, fleet, alarms, catalogue, readings, userAccounts, inputs, installedApp);
