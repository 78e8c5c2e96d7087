import type esCommon from '../es/common';
import type { Translation } from '../merge';

const common: Translation<typeof esCommon> = {
  // A detail page is titled by its record alone: 'Proyecto Demo' rather than 'Proyecto Proyecto Demo'.
  ra: { page: { show: '%{recordRepresentation}' } },
  app: {
    tagline: 'Pour un pays 100 % renouvelable et accessible à tous',
    language: 'Langue',
    loading: 'Chargement…',
    menu: {
      monitoring: 'Supervision',
      maintainers: 'Gestion',
      tickets: 'Tickets de support',
      profile: 'Mon profil',
    },
    not_found: {
      title: 'Page introuvable',
      text: "La page que vous cherchez n'existe pas ou a été déplacée.",
      back: 'Retour au tableau de bord',
    },
    lazy: {
      error: "L'application n'a pas pu être chargée. Vérifiez votre connexion et réessayez.",
      retry: 'Réessayer',
    },
    monitoring: {
      title: 'Supervision',
      soon: 'La supervision en direct de vos centrales arrive bientôt. Pour le moment, vous pouvez consulter vos projets et leurs centrales électriques.',
      no_projects: "Vous n'avez encore aucun projet.",
      no_plants: "Ce projet n'a encore aucune centrale électrique.",
      plants: '%{smart_count} centrale électrique |||| %{smart_count} centrales électriques',
      capacity: '%{value} kWc',
      open_project: 'Voir le projet',
      error: "Les projets n'ont pas pu être chargés.",
    },
    validation: {
      name: 'Le nom est obligatoire',
      description: 'La description est obligatoire',
      message: 'Le message est obligatoire',
    },
    messages: {
      logout_error: 'Une erreur est survenue lors de la fermeture de la session',
      session_expired: 'Veuillez vous reconnecter pour continuer.',
    },
  },
};

export default common;
