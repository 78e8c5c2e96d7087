import type esCommon from '../es/common';
import type { Translation } from '../merge';

const common: Translation<typeof esCommon> = {
  // A detail page is titled by its record alone: 'Proyecto Demo' rather than 'Proyecto Proyecto Demo'.
  ra: { page: { show: '%{recordRepresentation}' } },
  app: {
    tagline: '为了一个100%可再生能源、人人都能享有的国家',
    language: '语言',
    loading: '加载中…',
    menu: {
      monitoring: '监控',
      maintainers: '管理',
      tickets: '支持工单',
      profile: '我的资料',
    },
    not_found: {
      title: '页面未找到',
      text: '您要查找的页面不存在或已被移动。',
      back: '返回仪表板',
    },
    lazy: {
      error: '无法加载应用。请检查网络连接后重试。',
      retry: '重试',
    },
    monitoring: {
      title: '监控',
      soon: '电站实时监控即将推出。目前您可以查看您的项目及其电站。',
      no_projects: '您还没有项目。',
      no_plants: '该项目还没有电站。',
      plants: '%{smart_count} 个电站',
      capacity: '%{value} kWp',
      open_project: '查看项目',
      error: '无法加载项目。',
    },
    validation: {
      name: '名称为必填项',
      description: '描述为必填项',
      message: '消息为必填项',
    },
    messages: {
      logout_error: '结束会话时出错',
      session_expired: '请重新登录以继续。',
    },
  },
};

export default common;
