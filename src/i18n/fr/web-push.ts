import type esWebPush from '../es/web-push';
import type { Translation } from '../merge';

const webPush: Translation<typeof esWebPush> = {
  app: {
    web_push: {
      title: 'Notifications sur vos appareils',
      help: 'Recevez sur cet appareil les alarmes, les réponses à vos tickets, le rapport mensuel et les messages de l’équipe, même quand le portail n’est pas ouvert.',
      turn_on: 'Activer les notifications sur cet appareil',
      closings: 'Me prévenir aussi quand une alarme est résolue',
      on_here: 'Les notifications sont activées sur cet appareil.',
      turned_on: 'Notifications activées sur cet appareil.',
      unsupported: 'Ce navigateur ne peut pas recevoir de notifications push. Essayez un autre navigateur, ou installez le portail comme application.',
      denied: 'Vous avez bloqué les notifications de ce site. Pour les recevoir, autorisez-les dans les réglages de votre navigateur.',
      failed: 'Les notifications n’ont pas pu être activées sur cet appareil.',
      devices: 'Vos appareils',
      none: 'Aucun de vos appareils ne reçoit de notifications.',
      since: 'Depuis le %{date}',
      closings_on: 'alarmes résolues aussi',
      remove: 'Retirer',
      removed: 'Appareil retiré.',
      remove_failed: 'L’appareil n’a pas pu être retiré.',
    },
  },
};

export default webPush;
