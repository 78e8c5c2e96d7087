import type esMonitoringFigures from '../es/monitoring-figures';
import type { Translation } from '../merge';

const monitoringFigures: Translation<typeof esMonitoringFigures> = {
  app: {
    monitoring: {
      figures: {
        time: 'Time (%{zone})',
        period: {
          now: 'Now',
          today: 'Today, %{date}',
          month: 'This month: %{month}',
          year: 'This year: %{year}',
          lifetime: 'Since commissioning',
        },
        consumption_today: 'Consumption',
        specific_yield: 'Specific yield: %{value}',
        performance: '%{ratio} of expected (%{expected})',
        vs_last_year: '%{change} vs %{month} to the same date (%{value})',
        no_last_year: 'No data for %{month} to compare',
        savings: {
          today: 'Savings today',
          month: 'Savings this month',
          lifetime: 'Total savings',
          self_consumption: 'Self-consumption: %{value}',
          export_income: 'Export: %{value}',
          self_energy: '%{energy} used on site',
          export_energy: '%{energy} fed into the grid',
          prices: "This month's prices: %{tariff} per kWh bought, %{injection} per kWh fed in",
          unmetered: 'The grid is not metered: all production is valued at the tariff, as self-consumed.',
        },
        series: {
          production: 'Production (%{unit})',
          self_consumed: 'Self-consumed (%{unit})',
          exported: 'Exported to the grid (%{unit})',
          import: 'Bought from the grid (%{unit})',
          consumption: 'Consumption (%{unit})',
          battery: 'Battery (%{unit}: + charging / − discharging)',
          charge: 'Battery charge (%{unit})',
          discharge: 'Battery discharge (%{unit})',
          soc: 'Battery state of charge (%{unit})',
          expected: 'Expected production (%{unit})',
        },
        forecast: {
          title: '3-day expected production',
          error: 'The expected production could not be computed.',
          sky_forecast: "From the weather forecast's cloud cover.",
          sky_climatology: "From the area's usual cloud cover (no weather forecast).",
        },
        warnings: {
          rough: 'Rough estimate: %{reasons}.',
          missing: 'No expected production: %{reasons}.',
          no_location: 'the plant has no coordinates',
          no_capacity: 'the plant has neither panels nor installed capacity',
          no_panels: 'no panels described, the installed capacity is used',
          string_without_panels: 'a string has no panels',
          panel_without_power: 'some panels have no rated power',
          capacity_mismatch: 'the panels do not match the installed capacity',
          no_inverter_power: 'an inverter has no nominal power',
        },
        project: {
          option: 'Whole project',
          hint: "Totals of all the project's plants. Choose a plant to see its live power, history and forecasts.",
          error: "The project's totals could not be read. Try again in a few minutes.",
        },
      },
      // The plant's status as the API gives it (issue 33, item 9): 'fault' and the alarm behind it.
      fault: 'Fault',
      fault_banner: 'Open alarm: %{kind}',
      fault_link: 'View the alarm',
    },
  },
};

export default monitoringFigures;
