/** Share links (issue 37): the shared page and the plant's Share dialog. */
const shareLinks = {
  app: {
    share: {
      page: {
        title: '%{name}：实时发电',
        power_now: '当前功率',
        today: '今日发电量',
        month: '本月发电量',
        co2: '减少的 CO₂',
        co2_today: '今日：%{value}',
        curve: '今日发电曲线',
        capacity: '装机容量：%{value}',
        updated: '最近读数：%{time}',
        offline: '近期无读数',
        no_data: '该电站还没有读数。',
        shared_by: '由 %{brand} 分享',
        valid_until: '链接有效期至 %{date}',
        failed: '无法读取数据。每分钟重试一次。',
        expired: {
          title: '此链接已过期',
          text: '请向分享者索取新的链接。',
        },
        revoked: {
          title: '此链接已被撤销',
          text: '分享者已不再提供此链接。如有需要，请向其索取新链接。',
        },
        unknown: {
          title: '此链接不存在',
          text: '请检查地址是否完整。',
        }
      },
      dialog: {
        button: '分享',
        title: '分享电站',
        help: '只读链接显示功率、今日和本月发电量、减少的 CO₂ 以及当天曲线，不含你的姓名和地址：可用于大厅屏幕或给邻居看。',
        expires: '有效期',
        durations: {
          day: '1 天',
          week: '1 周',
          month: '1 个月',
          quarter: '3 个月',
          year: '1 年',
        },
        name: '显示名称（可选）',
        name_help: '留空则显示电站名称。',
        create: '创建链接',
        created: '请立即复制链接：它不会再次显示。',
        copy: '复制',
        copied: '链接已复制',
        links: '已创建的链接',
        none: '还没有链接。',
        created_by: '%{name} 创建于 %{date}',
        created_on: '创建于 %{date}',
        expires_at: '到期 %{date}',
        last_opened: '最近打开：%{date}',
        never_opened: '从未打开',
        state: {
          active: '有效',
          expired: '已过期',
          revoked: '已撤销',
        },
        revoke: '撤销',
        error: '操作失败，请重试。',
        close: '关闭',
      }
    },
  }
};

export default shareLinks;
