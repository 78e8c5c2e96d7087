import type esUserAccounts from '../es/user-accounts';
import type { Translation } from '../merge';

const userAccounts: Translation<typeof esUserAccounts> = {
  app: {
    screens: {
      users: {
        deactivate: 'Désactiver l’utilisateur',
        deactivate_confirm: '%{email} ne pourra plus se connecter et ses sessions ouvertes prendront fin maintenant. Vous pourrez réactiver le compte à tout moment. Continuer ?',
        password_invite_help: 'Laissez vide pour lui envoyer une invitation par e-mail : il choisira lui-même son mot de passe.',
      },
    },
    messages: {
      user_data: { updated: "Coordonnées de l'utilisateur modifiées.", update_error: "Une erreur est survenue lors de la modification des coordonnées de l'utilisateur." },
      user: {
        deactivated: 'Utilisateur désactivé avec succès.', deactivate_error: 'Une erreur est survenue lors de la désactivation de l’utilisateur.',
        deleted: 'Utilisateur supprimé avec succès.', delete_error: 'Une erreur est survenue lors de la suppression de l’utilisateur.',
      },
    },
  },
};
export default userAccounts;
