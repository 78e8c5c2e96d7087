import type esAlarms from '../es/alarms';
import type { Translation } from '../merge';

const alarms: Translation<typeof esAlarms> = {
  resources: {
    tickets: { fields: { alarm: 'Alarm' } },
    alarms: {
      name: 'Alarm |||| Alarms',
      empty: 'No alarms yet',
      fields: {
        id: 'ID', kind: 'Kind', status: 'Status', plant: 'Plant', plant_name: 'Plant', project: 'Project', project_name: 'Project',
        where: 'Where', opened_at: 'Opened', closed_at: 'Closed', acknowledged_by_name: 'Acknowledged by',
        acknowledged_comment: 'Comment', ticket: 'Ticket', opened_from: 'Opened from', opened_to: 'Opened until',
      },
    },
  },
  app: {
    alarms: {
      status: { open: 'Open', acknowledged: 'Acknowledged', closed: 'Closed' },
      events: {
        opened: 'Opened',
        acknowledged: 'Acknowledged by %{user}',
        ticket: 'Turned into ticket #%{ticket} by %{user}',
        closed: 'Closed: the condition cleared',
      },
      history: 'History',
      seen: 'What the rule saw',
      acknowledge: 'Acknowledge',
      acknowledge_title: 'Acknowledge the alarm',
      acknowledge_help: 'Say what will be done: the customer and the rest of the team will see it in the history.',
      comment: 'Comment',
      comment_required: 'The comment is required',
      to_ticket: 'Turn into a ticket',
      ticket_link: 'View ticket #%{id}',
      from_alarm: 'Made from alarm #%{id}',
      plant_panel: { title: 'Open alarms', none: 'No open alarms.', all: 'All alarms of the plant' },
      details: {
        last_reading_at: 'Last reading', threshold_minutes: 'Minutes of daylight without data (threshold)', status: 'Reported status',
        error_code: 'Error code', pct_of_siblings: '% of its siblings per Wp', threshold_pct: 'Threshold (%)', power_w: 'Mean DC power (W)',
        installed_wp: 'Installed power (Wp)', siblings_w_per_wp: 'Siblings (W per Wp)', window_from: 'From', window_to: 'To',
        day: 'Day', yield_kwh_per_kwp: 'Yield (kWh/kWp)', charged_kwh: 'Battery charge (kWh)', min_soc: 'Lowest charge (%)',
        threshold_kwh: 'Required charge (kWh)', actual_kwh: 'Production (kWh)', expected_kwh: 'Expected for the season (kWh)',
        overcast_kwh: 'Expected on an overcast day (kWh)', pct_of_expected: '% of expected',
      },
      thresholds: {
        title: 'Alarm thresholds of this plant',
        help: 'Empty: the portal\'s value, shown below, applies.',
        portal: 'Portal: %{value}',
        save: 'Save thresholds',
        portal_title: 'Portal alarm thresholds',
        portal_help: 'They apply to every plant; on a plant\'s page you can give it thresholds of its own.',
        fields: {
          alarm_offline_minutes: 'Minutes of daylight without data', alarm_sibling_pct: 'MPPT below its siblings (%)',
          alarm_sibling_window_minutes: 'Comparison window (minutes)', alarm_sunny_kwh_per_kwp: 'Sunny day from (kWh/kWp)',
          alarm_battery_min_kwh: 'Battery minimum charge (kWh)', alarm_expected_pct: 'Production below expected (%)',
        },
      },
      opt_out: {
        title: 'Alarm notices',
        help: 'Be told (bell and e-mail) of these kinds of alarm:',
        save: 'Save notices',
      },
    },
    messages: {
      alarm: {
        acknowledged: 'Alarm acknowledged successfully.',
        acknowledge_error: 'An error occurred while acknowledging the alarm.',
        ticket_made: 'Ticket made from the alarm successfully.',
        ticket_error: 'An error occurred while making the alarm\'s ticket.',
        thresholds_saved: 'Alarm thresholds saved successfully.',
        thresholds_error: 'An error occurred while saving the alarm thresholds.',
        opt_out_saved: 'Alarm notices saved successfully.',
        opt_out_error: 'An error occurred while saving the alarm notices.',
      },
    },
  },
};
export default alarms;
