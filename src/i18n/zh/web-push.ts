import type esWebPush from '../es/web-push';
import type { Translation } from '../merge';

const webPush: Translation<typeof esWebPush> = {
  app: {
    web_push: {
      title: '设备通知',
      help: '即使未打开门户，也能在此设备上收到告警、工单回复、月度报告和团队通知。',
      turn_on: '在此设备上开启通知',
      closings: '告警解除时也通知我',
      on_here: '此设备已开启通知。',
      turned_on: '已在此设备上开启通知。',
      unsupported: '此浏览器无法接收推送通知。请换用其他浏览器，或将门户安装为应用。',
      denied: '您已阻止此网站的通知。如需接收，请在浏览器设置中允许通知。',
      failed: '无法在此设备上开启通知。',
      devices: '您的设备',
      none: '您的设备均未开启通知。',
      since: '自 %{date} 起',
      closings_on: '含告警解除',
      remove: '移除',
      removed: '设备已移除。',
      remove_failed: '无法移除该设备。',
    },
  },
};

export default webPush;
