/** The fleet view (issue 10): its columns, filters and statuses. */
import type esFleet from '../es/fleet';
import type { Translation } from '../merge';

const fleet: Translation<typeof esFleet> = {
  resources: {
    fleet: {
      name: 'Parc |||| Parc',
      empty: 'Aucune centrale enregistrée',
      fields: {
        name: 'Centrale',
        project_name: 'Projet',
        commune_name: 'Commune',
        project: 'Projet',
        tag: 'Étiquette',
        commune: 'Commune',
        capacity_kwp: 'Puissance (kWc)',
        status: 'État',
        last_reading: 'Dernière lecture',
        power_w: 'Puissance actuelle',
        energy_today_wh: 'Énergie du jour',
        energy_month_wh: 'Énergie du mois',
        yield_today: 'Productible du jour (kWh/kWc)',
        yield_month: 'Productible du mois (kWh/kWc)',
        performance_today: 'Performance du jour',
        performance_month: 'Performance du mois',
        open_alarms: 'Alarmes ouvertes',
      },
    },
  },
  app: {
    screens: {
      fleet: {
        today: 'Aujourd’hui',
        this_month: 'Ce mois',
        online: 'En ligne',
        offline: 'Hors ligne',
        fault: 'Défaut',
        since: 'depuis le %{time}',
        never: 'Aucune lecture',
        summary: '%{power} · aujourd’hui %{energy} · %{alarms}',
        open_alarms: '%{count} alarme |||| %{count} alarmes',
      },
    },
  },
};

export default fleet;
