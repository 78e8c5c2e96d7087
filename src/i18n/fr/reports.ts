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
        language_help: 'La langue de l’application à la connexion, de vos rapports mensuels et de vos e-mails.',
      },
    },
    messages: {
      language_not_saved: 'La langue n’a pas pu être enregistrée dans votre profil : vos rapports et e-mails restent dans la langue précédente.',
    },
  },
  resources: {
    users: {
      fields: {
        report_opt_out: 'Ne pas recevoir le rapport mensuel par e-mail',
        language: 'Langue',
      },
    },
  },
};

export default reports;
