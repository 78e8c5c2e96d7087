import type esMonitoringFigures from '../es/monitoring-figures';
import type { Translation } from '../merge';

const monitoringFigures: Translation<typeof esMonitoringFigures> = {
  app: {
    monitoring: {
      figures: {
        time: 'Heure (%{zone})',
        period: {
          now: 'Maintenant',
          today: "Aujourd'hui, %{date}",
          month: 'Ce mois-ci : %{month}',
          year: 'Cette année : %{year}',
          lifetime: 'Depuis la mise en service',
        },
        consumption_today: 'Consommation',
        specific_yield: 'Productible spécifique : %{value}',
        performance: '%{ratio} du prévu (%{expected})',
        vs_last_year: '%{change} par rapport à %{month} à la même date (%{value})',
        no_last_year: 'Pas de données de %{month} pour comparer',
        savings: {
          today: "Économies aujourd'hui",
          month: 'Économies du mois',
          lifetime: 'Économies totales',
          self_consumption: 'Autoconsommation : %{value}',
          export_income: 'Injection : %{value}',
          self_energy: '%{energy} autoconsommés',
          export_energy: '%{energy} injectés',
          prices: 'Prix de ce mois : %{tariff} le kWh acheté, %{injection} le kWh injecté',
          unmetered: "Réseau non mesuré : toute la production est valorisée au tarif, comme autoconsommée.",
        },
        series: {
          production: 'Production (%{unit})',
          self_consumed: 'Autoconsommation (%{unit})',
          exported: 'Injection au réseau (%{unit})',
          import: 'Achat au réseau (%{unit})',
          consumption: 'Consommation (%{unit})',
          battery: 'Batterie (%{unit} : + charge / − décharge)',
          charge: 'Charge de la batterie (%{unit})',
          discharge: 'Décharge de la batterie (%{unit})',
          soc: 'État de charge de la batterie (%{unit})',
          expected: 'Production attendue (%{unit})',
        },
        forecast: {
          title: 'Production attendue sur 3 jours',
          error: "La production attendue n'a pas pu être calculée.",
          sky_forecast: 'Selon la nébulosité des prévisions météo.',
          sky_climatology: 'Selon la nébulosité habituelle de la zone (sans prévisions météo).',
        },
        warnings: {
          rough: 'Estimation approximative : %{reasons}.',
          missing: 'Pas de production attendue : %{reasons}.',
          no_location: "la centrale n'a pas de coordonnées",
          no_capacity: "la centrale n'a ni panneaux ni puissance installée",
          no_panels: 'aucun panneau décrit, la puissance installée est utilisée',
          string_without_panels: "une chaîne n'a pas de panneaux",
          panel_without_power: 'des panneaux sont sans puissance',
          capacity_mismatch: 'les panneaux ne correspondent pas à la puissance installée',
          no_inverter_power: "un onduleur n'a pas de puissance nominale",
        },
        project: {
          option: 'Tout le projet',
          hint: 'Totaux de toutes les centrales du projet. Choisissez une centrale pour voir sa puissance en direct, son historique et ses prévisions.',
          error: "Les totaux du projet n'ont pas pu être lus. Réessayez dans quelques minutes.",
        },
      },
      // The plant's status as the API gives it (issue 33, item 9): 'fault' and the alarm behind it.
      fault: 'Panne',
      fault_banner: 'Alarme ouverte : %{kind}',
      fault_link: 'Voir l’alarme',
    },
  },
};

export default monitoringFigures;
