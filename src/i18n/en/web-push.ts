import type esWebPush from '../es/web-push';
import type { Translation } from '../merge';

const webPush: Translation<typeof esWebPush> = {
  app: {
    web_push: {
      title: 'Notifications on your devices',
      help: 'Get alarms, replies to your tickets, the monthly report and notices from the team on this device, even when the portal is not open.',
      turn_on: 'Turn on notifications for this device',
      closings: 'Also tell me when an alarm clears',
      on_here: 'Notifications are on for this device.',
      turned_on: 'Notifications turned on for this device.',
      unsupported: 'This browser cannot receive push notifications. Try another browser, or install the portal as an app.',
      denied: 'You blocked notifications for this site. To get them, allow them in your browser settings.',
      failed: 'Notifications could not be turned on for this device.',
      devices: 'Your devices',
      none: 'None of your devices gets notifications.',
      since: 'Since %{date}',
      closings_on: 'alarms clearing too',
      remove: 'Remove',
      removed: 'Device removed.',
      remove_failed: 'The device could not be removed.',
    },
  },
};

export default webPush;
