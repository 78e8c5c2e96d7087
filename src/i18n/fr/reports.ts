import type esReports from '../es/reports';
import type { Translation } from '../merge';

const reports: Translation<typeof esReports> = {
  app: {
    monitoring: {
      report: {
        title: 'Rapport mensuel',
        help: 'Production, consommation, économies, CO₂ évité et production attendue d’un mois terminé, en PDF.',
        month: 'Mois',
        download: 'Télécharger le PDF',
        error: 'Le rapport n’a pas pu être téléchargé. Veuillez réessayer.',
        file: 'rapport-%{month}.pdf',
      },
    },
    screens: {
      profile: {
        report_opt_out_help: 'Le premier jour de chaque mois, nous envoyons par e-mail le rapport du mois précédent de chacune de vos centrales.',
      },
    },
  },
  resources: {
    users: {
      fields: {
        report_opt_out: 'Ne pas recevoir le rapport mensuel par e-mail',
      },
    },
  },
};

export default reports;
