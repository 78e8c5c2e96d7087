import type esReports from '../es/reports';
import type { Translation } from '../merge';

const reports: Translation<typeof esReports> = {
  app: {
    monitoring: {
      report: {
        title: 'Monthly report',
        help: 'Production, consumption, savings, CO₂ avoided and expected production of a finished month, as a PDF.',
        month: 'Month',
        download: 'Download PDF',
        error: 'The report could not be downloaded. Please try again.',
        file: 'report-%{month}.pdf',
      },
    },
    screens: {
      profile: {
        report_opt_out_help: "On the first day of each month we e-mail last month's report of each of your plants.",
      },
    },
  },
  resources: {
    users: {
      fields: {
        report_opt_out: 'Do not e-mail me the monthly report',
      },
    },
  },
};

export default reports;
