import type esBilling from '../es/billing';
import type { Translation } from '../merge';

const entity = (noun: string, object: string) => ({
  created: `${noun} created successfully.`, updated: `${noun} updated successfully.`, deleted: `${noun} deleted successfully.`,
  create_error: `An error occurred while creating ${object}.`, update_error: `An error occurred while updating ${object}.`,
  delete_error: `An error occurred while deleting ${object}.`,
});

const en: Translation<typeof esBilling> = {
  resources: {
    tariffs: {
      name: 'Tariff |||| Tariffs',
      empty: 'This distributor has no tariffs',
      fields: {
        distributor: 'Distributor', option: 'Tariff option', valid_from: 'Valid from', valid_to: 'Valid to',
        fixed_charge: 'Fixed charge (CLP/month)', energy_charge: 'Energy charge (CLP/kWh)',
        transmission_charge: 'Transmission charge (CLP/kWh)', public_service_charge: 'Public service charge (CLP/kWh)',
        winter_charge: 'Winter additional energy (CLP/kWh)', winter_threshold_kwh: 'Winter limit (kWh)',
        winter_from_month: 'Winter from month', winter_to_month: 'Winter to month',
        demand_charge: 'Demand charge (CLP/kW)', peak_demand_charge: 'Peak-hour demand (CLP/kW)',
        source: 'Source',
      },
    },
    'injection-prices': {
      name: 'Injection price |||| Injection prices',
      empty: 'This distributor has no injection prices',
      fields: { distributor: 'Distributor', month: 'Month', price: 'Price (CLP/kWh)', source: 'Source' },
    },
    'real-bills': {
      name: 'Bill |||| Bills',
      empty: 'No bills entered yet',
      fields: { plant: 'Plant', month: 'Month (YYYY-MM)', bought_kwh: 'kWh bought', injected_kwh: 'kWh injected', amount: 'Total amount (CLP, VAT included)', attachment: 'Photo or PDF of the bill' },
    },
  },
  app: {
    messages: {
      distributor: entity('Distributor', 'the distributor'),
      tariff: entity('Tariff', 'the tariff'),
      injection_price: entity('Injection price', 'the injection price'),
      real_bill: entity('Bill', 'the bill'),
      csv_import: {
        done: 'File imported: %{created} new rows, %{updated} updated.',
        error: 'Nothing was imported: fix these rows and upload the file again.',
        unreadable: 'The file could not be read.',
      },
    },
    billing: {
      tariffs: 'Tariffs',
      injection_prices: 'Injection prices by month',
      add_tariff: 'Add tariff',
      add_injection_price: 'Add price',
      import_tariffs: 'Import tariffs (CSV)',
      import_injection_prices: 'Import injection prices (CSV)',
      import_help: "The file's columns and format: docs/billing.md, “CSV”. If one row is wrong nothing is imported.",
      until_next: 'Until the next one',
      month_required: 'Enter the month',
      real: {
        title: 'Your real bill',
        hint: "Enter what your distributor's bill says and compare it with the portal's.",
        add: 'Enter a bill',
        empty: 'No bills entered for this year yet.',
        bill: 'Bill', portal: 'Portal',
        bought: 'Bought', injected: 'Injected', amount: 'Amount', check: 'Check',
        ok: 'Matches',
        flagged: 'Differs by more than %{pct} %',
        no_portal: 'No data',
        attachment: 'See the bill',
        attach_help: "Drop the bill's photo or PDF, or click to choose it (optional)",
        causes: { data_gap: 'Data missing from the inverters', meter: 'The meter and the inverters disagree', tariff: 'The distributor applies another tariff' },
      },
      card: {
        title: 'Your electricity bill',
        hint: "What your bill would say without panels and with them, at your distributor's tariff, with the injection credit and VAT.",
        own_prices: "Worked out at the plant's own tariff and injection price (VAT included): name its distributor and tariff option to use the published tariffs.",
        error: 'The bill could not be worked out.',
        empty: 'No energy recorded yet to work out the bill.',
        month_so_far: 'This month so far',
        last_month: 'Last month',
        this_year: 'This year',
        without_solar: 'Without solar',
        with_solar: 'With solar',
        savings: 'Savings',
        year_table: 'Month by month, %{year}',
        month: 'Month',
        credit: 'Injection credit',
        vat: 'VAT',
        remanente: 'Carried credit',
        total: 'Total',
        ledger: 'Carried credit (remanente) to the next month',
        carried_in: 'From last month',
        earned: 'Earned',
        used: 'Used',
        left: 'Left',
        assigned_to: 'Assigned to',
        carried: 'Next month',
        plant: 'Plant %{id}',
      },
    },
  },
};

export default en;
