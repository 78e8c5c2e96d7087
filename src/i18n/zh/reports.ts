import type esReports from '../es/reports';
import type { Translation } from '../merge';

const reports: Translation<typeof esReports> = {
  app: {
    monitoring: {
      report: {
        title: '月度报告',
        help: '已结束月份的发电量、用电量、节省、减少的二氧化碳和预期发电量（PDF）。',
        month: '月份',
        download: '下载 PDF',
        error: '无法下载报告，请重试。',
        file: 'report-%{month}.pdf',
      },
    },
    screens: {
      profile: {
        report_opt_out_help: '每月第一天，我们会通过电子邮件发送您每个电站上个月的报告。',
        language_help: '登录时应用的语言，以及您的月度报告和电子邮件的语言。',
      },
    },
    messages: {
      language_not_saved: '无法将语言保存到您的个人资料：您的报告和电子邮件仍将使用之前的语言。',
    },
  },
  resources: {
    users: {
      fields: {
        report_opt_out: '不通过电子邮件接收月度报告',
        language: '语言',
      },
    },
  },
};

export default reports;
