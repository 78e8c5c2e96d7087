/** The fleet view (issue 10): its columns, filters and statuses. */
import type esFleet from '../es/fleet';
import type { Translation } from '../merge';

const fleet: Translation<typeof esFleet> = {
  resources: {
    fleet: {
      name: 'Fleet |||| Fleet',
      empty: 'No plants registered',
      fields: {
        name: 'Plant',
        project_name: 'Project',
        commune_name: 'Commune',
        project: 'Project',
        tag: 'Tag',
        commune: 'Commune',
        capacity_kwp: 'Capacity (kWp)',
        status: 'Status',
        last_reading: 'Last reading',
        power_w: 'Power now',
        energy_today_wh: 'Energy today',
        energy_month_wh: 'Energy this month',
        yield_today: 'Yield today (kWh/kWp)',
        yield_month: 'Yield this month (kWh/kWp)',
        performance_today: 'Performance today',
        performance_month: 'Performance this month',
        open_alarms: 'Open alarms',
      },
    },
  },
  app: {
    screens: {
      fleet: {
        today: 'Today',
        this_month: 'This month',
        online: 'Online',
        offline: 'Offline',
        fault: 'Fault',
        since: 'since %{time}',
        never: 'No readings',
        summary: '%{power} · today %{energy} · %{alarms}',
        open_alarms: '%{count} alarm |||| %{count} alarms',
      },
    },
  },
};

export default fleet;
