import type esAlarms from '../es/alarms';
import type { Translation } from '../merge';

const alarms: Translation<typeof esAlarms> = {
  resources: {
    tickets: { fields: { alarm: 'Alarme' } },
    alarms: {
      name: 'Alarme |||| Alarmes',
      empty: 'Aucune alarme',
      fields: {
        id: 'ID', kind: 'Type', status: 'État', plant: 'Centrale', plant_name: 'Centrale', project: 'Projet', project_name: 'Projet',
        where: 'Où', opened_at: 'Ouverte le', closed_at: 'Fermée le', acknowledged_by_name: 'Prise en compte par',
        acknowledged_comment: 'Commentaire', ticket: 'Ticket', opened_from: 'Ouverte depuis', opened_to: 'Ouverte jusqu’au',
      },
    },
  },
  app: {
    alarms: {
      status: { open: 'Ouverte', acknowledged: 'Prise en compte', closed: 'Fermée' },
      events: {
        opened: 'Ouverte',
        acknowledged: 'Prise en compte par %{user}',
        ticket: 'Transformée en ticket n° %{ticket} par %{user}',
        closed: 'Fermée : la condition a disparu',
      },
      history: 'Historique',
      seen: 'Ce que la règle a constaté',
      acknowledge: 'Prendre en compte',
      acknowledge_title: 'Prendre l’alarme en compte',
      acknowledge_help: 'Dites ce qui sera fait : le client et le reste de l’équipe le verront dans l’historique.',
      comment: 'Commentaire',
      comment_required: 'Le commentaire est obligatoire',
      to_ticket: 'Transformer en ticket',
      ticket_link: 'Voir le ticket n° %{id}',
      from_alarm: 'Créé à partir de l’alarme n° %{id}',
      plant_panel: { title: 'Alarmes ouvertes', none: 'Aucune alarme ouverte.', all: 'Toutes les alarmes de la centrale' },
      details: {
        last_reading_at: 'Dernière mesure', threshold_minutes: 'Minutes de jour sans données (seuil)', status: 'État signalé',
        error_code: 'Code d’erreur', pct_of_siblings: '% de ses voisins par Wc', threshold_pct: 'Seuil (%)', power_w: 'Puissance DC moyenne (W)',
        installed_wp: 'Puissance installée (Wc)', siblings_w_per_wp: 'Voisins (W par Wc)', window_from: 'Du', window_to: 'Au',
        day: 'Jour', yield_kwh_per_kwp: 'Productible (kWh/kWc)', charged_kwh: 'Charge de la batterie (kWh)', min_soc: 'Charge minimale (%)',
        threshold_kwh: 'Charge exigée (kWh)', actual_kwh: 'Production (kWh)', expected_kwh: 'Attendu pour la saison (kWh)',
        overcast_kwh: 'Attendu par jour couvert (kWh)', pct_of_expected: '% de l’attendu',
      },
      thresholds: {
        title: 'Seuils d’alarme de cette centrale',
        help: 'Vide : la valeur du portail, indiquée dessous, s’applique.',
        portal: 'Portail : %{value}',
        save: 'Enregistrer les seuils',
        portal_title: 'Seuils d’alarme du portail',
        portal_help: 'Ils valent pour toutes les centrales ; sur la page d’une centrale, vous pouvez lui donner ses propres seuils.',
        fields: {
          alarm_offline_minutes: 'Minutes de jour sans données', alarm_sibling_pct: 'MPPT sous ses voisins (%)',
          alarm_sibling_window_minutes: 'Fenêtre de comparaison (minutes)', alarm_sunny_kwh_per_kwp: 'Jour ensoleillé dès (kWh/kWc)',
          alarm_battery_min_kwh: 'Charge minimale de la batterie (kWh)', alarm_expected_pct: 'Production sous l’attendu (%)',
        },
      },
      opt_out: {
        title: 'Avis d’alarmes',
        help: 'Être averti (cloche et e-mail) de ces types d’alarme :',
        save: 'Enregistrer les avis',
      },
    },
    messages: {
      alarm: {
        acknowledged: 'Alarme prise en compte avec succès.',
        acknowledge_error: 'Une erreur est survenue lors de la prise en compte de l’alarme.',
        ticket_made: 'Ticket créé à partir de l’alarme avec succès.',
        ticket_error: 'Une erreur est survenue lors de la création du ticket de l’alarme.',
        thresholds_saved: 'Seuils d’alarme enregistrés avec succès.',
        thresholds_error: 'Une erreur est survenue lors de l’enregistrement des seuils d’alarme.',
        opt_out_saved: 'Avis d’alarmes enregistrés avec succès.',
        opt_out_error: 'Une erreur est survenue lors de l’enregistrement des avis d’alarmes.',
      },
    },
  },
};
export default alarms;
