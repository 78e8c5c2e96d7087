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
        language_help: 'The language of the app when you sign in, of your monthly reports and of your e-mails.',
      },
    },
    messages: {
      language_not_saved: 'The language could not be saved to your profile: your reports and e-mails stay in the previous language.',
    },
  },
  resources: {
    users: {
      fields: {
        report_opt_out: 'Do not e-mail me the monthly report',
        language: 'Language',
      },
    },
  },
};

export default reports;
