/** The Spanish messages of the admin's screens (resources, monitoring, devices...), loaded with the admin. */
import { mergeMessages } from '../merge';
import resources from './resources';
import monitoringFigures from './monitoring-figures';
import devices from './devices';
import reports from './reports';
import fleet from './fleet';
import alarms from './alarms';

export default mergeMessages(resources, monitoringFigures, devices, reports, fleet, alarms);
