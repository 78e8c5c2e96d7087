import type esResources from '../es/resources';
import type { Translation } from '../merge';

/** 「X 创建/更新/删除成功。」 and 「创建/更新/删除 X 时出错。」 */
const entity = (noun: string) => ({
  created: `${noun}创建成功。`,
  updated: `${noun}更新成功。`,
  deleted: `${noun}删除成功。`,
  create_error: `创建${noun}时出错。`,
  update_error: `更新${noun}时出错。`,
  delete_error: `删除${noun}时出错。`,
});

const resources: Translation<typeof esResources> = {
  resources: {
    projects: {
      name: '项目',
      empty: '暂无已登记的项目',
      fields: {
        id: 'ID', name: '名称', image_project: '图片', created_at: '创建日期', plants_count: '电站',
      },
    },
    'power-plants': {
      name: '电站',
      empty: '暂无已登记的电站',
      fields: {
        id: 'ID', project: '项目', project_name: '项目', name: '名称', address: '地址',
        commune: '市镇', latitude: '纬度', longitude: '经度', capacity_kwp: '装机容量 (kWp)',
        tariff: '电价 (CLP/kWh)', injection_price: '上网电价 (CLP/kWh)', commissioned_on: '投运日期',
        distributor: '配电公司', tariff_option: '电价方案', client_number: '客户编号', demand_kw: '计费需量 (kW)', peak_demand_kw: '高峰时段需量 (kW)',
      },
    },
    investors: {
      name: '逆变器',
      empty: '暂无已登记的逆变器',
      fields: {
        id: 'ID', plant: '电站', plant_name: '电站', project: '项目',
        name: '名称', equipment: '设备', model: '型号', serial_number: '序列号',
        nominal_power_kw: '额定功率 (kW)', datalogger_address: '数据采集器地址', datalogger_id: '数据采集器 ID（Push Service）',
        device_id: '设备 ID',
      },
    },
    mppts: {
      name: 'MPPT',
      empty: '暂无已登记的 MPPT',
      fields: { id: 'ID', investor: '逆变器', investor_name: '逆变器', name: '名称', number: '编号' },
    },
    strings: {
      name: '组串',
      empty: '暂无已登记的组串',
      fields: {
        id: 'ID', mppt: 'MPPT', mppt_name: 'MPPT', name: '名称', tilt: '倾角 (°)', azimuth: '方位角 (°)',
      },
    },
    panels: {
      name: '光伏板',
      empty: '暂无已登记的光伏板',
      fields: {
        id: 'ID', string: '组串', string_name: '组串', name: '名称', equipment: '设备',
        power_wp: '功率 (Wp)', serial_number: '序列号',
      },
    },
    tags: {
      name: '标签',
      empty: '暂无已登记的标签',
      fields: { id: 'ID', name: '名称', users_count: '用户', projects_count: '项目' },
    },
    'tag-users': {
      name: '标签用户',
      empty: '此标签下没有用户',
      fields: {
        tag: '标签', tag_name: '标签', customuser: '用户', user_fullname: '姓名', user_email: '电子邮箱',
      },
    },
    'tag-projects': {
      name: '标签项目',
      empty: '此标签下没有项目',
      fields: { tag: '标签', tag_name: '标签', project: '项目', project_name: '项目', project_image: '图片' },
    },
    users: {
      name: '用户',
      empty: '暂无已登记的用户',
      fields: {
        id: 'ID', email: '电子邮箱', first_name: '名', last_name: '姓', phone: '电话',
        address: '地址', image: '头像', is_active: '已激活', is_staff: '管理员',
        is_superuser: '超级管理员', date_joined: '注册日期', last_login: '最近登录',
        password: '密码', full_name: '姓名',
      },
    },
    'project-users': {
      name: '项目用户',
      empty: '此项目没有用户',
      fields: {
        user_project: '项目', users: '用户', project_name: '项目', user_fullname: '姓名', user_email: '电子邮箱',
      },
    },
    trademarks: {
      name: '品牌',
      empty: '暂无已登记的品牌',
      fields: { id: 'ID', name: '名称', image: '图片' },
    },
    equipments: {
      name: '设备',
      empty: '暂无已登记的设备',
      fields: {
        id: 'ID', name: '名称', image: '图片', trademark: '品牌', model: '型号',
        station_code: '站点代码', description: '描述',
        kind: '类型',
      },
      kinds: { inverter: '逆变器', panel: '光伏板', battery: '电池', meter: '电表', other: '其他' },
    },
    distributors: {
      name: '配电公司',
      empty: '暂无已登记的配电公司',
      fields: { id: 'ID', name: '配电公司' },
    },
    communes: {
      name: '市镇',
      empty: '暂无已登记的市镇',
      fields: { id: 'ID', name: '市镇', region: '大区' },
    },
    settings: {
      name: '配置',
      fields: {
        name: '门户名称', environnement_factor: '环境系数 (kg CO₂/kWh)', time_zone: '时区',
      },
    },
    tickets: {
      name: '工单',
      empty: '暂无已登记的工单',
      fields: {
        id: 'ID', title: '标题', status_name: '状态', user_fullname: '用户',
        assigned_admin_fullname: '指派的管理员', created_at: '创建日期',
        type: '类别', type_name: '类别', content: '描述', customuser: '客户', media: '附件', status: '状态', user_admin: '指派的管理员', assigned: '指派的管理员',
      },
    },
    'ticket-categories': {
      name: '类别',
      empty: '暂无已登记的类别',
      fields: { id: 'ID', name: '名称', description: '描述' },
    },
    notifications: {
      name: '通知',
      empty: '暂无已登记的通知',
      fields: { id: 'ID', title: '标题', message: '消息', created_at: '日期', type_notification: '类型', type_name: '类型', target: '接收对象', recipients_count: '接收人数', tag: '标签', project: '项目', users: '用户', read: '已读', },
    },
  },
  app: {
    dialog: {
      success_title: '成功',
      error_title: '错误',
      close: '确定',
    },
    messages: {
      panel: entity('光伏板'),
      mppt: entity('MPPT'),
      string: entity('组串'),
      tag: entity('标签'),
      project: entity('项目'),
      plant: entity('电站'),
      investor: entity('逆变器'),
      ticket: {
        ...entity('工单'),
        status_changed: '工单状态修改成功。',
      },
      ticket_message: {
        sent: '消息发送成功。',
        deleted: '消息删除成功。',
        delete_error: '删除消息时出错。',
      },
      ticket_category: entity('类别'),
      brand: entity('品牌'),
      equipment: entity('设备'),
      tag_user: {
        created: '已成功将用户添加到标签。',
        deleted: '已成功将用户从标签中移除。',
        create_error: '将用户添加到标签时出错。',
        delete_error: '将用户从标签中移除时出错。',
      },
      tag_project: {
        created: '已成功将项目添加到标签。',
        deleted: '已成功将项目从标签中移除。',
        create_error: '将项目添加到标签时出错。',
        delete_error: '将项目从标签中移除时出错。',
      },
      project_user: {
        created: '已成功将用户添加到项目。',
        deleted: '已成功将用户从项目中移除。',
        create_error: '将用户添加到项目时出错。',
        delete_error: '将用户从项目中移除时出错。',
      },
      user: {
        created: '用户创建成功。',
        create_error: '创建用户时出错。',
        email_taken: '该电子邮箱已被注册。',
        updated: '用户权限修改成功。',
        update_error: '修改用户权限时出错。',
        activated: '用户已成功激活。',
        activate_error: '激活用户时出错。',
      },
      notification: {
        sent: '通知发送成功。',
        send_error: '发送通知时出错。',
      },
      settings: {
        updated: '配置更新成功。',
        update_error: '更新配置时出错。',
        list_error: '获取配置列表时出错。',
      },
      commune: {
        list_error: '获取市镇列表时出错。',
      },
      profile: {
        updated: '个人资料更新成功。',
        update_error: '更新个人资料时出错',
      },
    },
    screens: {
      readings: {
        title: '最新读数',
        none: '该设备尚无读数。',
        failed: '无法加载读数，将在一分钟后重试。',
        at: '读数时间 %{time}',
        ac_power: '交流功率',
        energy_total: '总发电量',
        mppt: 'MPPT %{number}',
        voltage: '电压',
        current: '电流',
        dc_power: '直流功率',
        status: {
          ok: '运行中',
          running: '运行中',
          clipping: '功率受限',
          standby: '夜间 / 待机',
          night: '夜间 / 待机',
          startup: '启动中',
          bootloading: '更新中',
          error: '故障',
          offline: '离线',
        },
      },
      actions: {
        edit: '编辑',
        delete: '删除',
        remove: '移除',
        cancel: '取消',
        details: '查看详情',
        image_help: '将图片拖到此处，或点击选择',
        confirm_delete_title: '删除 %{name}',
        confirm_remove_title: '移除 %{name}',
        confirm_delete: '确定要删除“%{name}”吗？此操作无法撤销。',
        confirm_remove: '确定要移除“%{name}”吗？',
      },
      hierarchy: {
        path: '位置',
        add: {
          'power-plants': '添加电站',
          investors: '添加逆变器',
          mppts: '添加 MPPT',
          strings: '添加组串',
          panels: '添加光伏板',
        },
        edit: {
          'power-plants': '编辑电站',
          investors: '编辑逆变器',
          mppts: '编辑 MPPT',
          strings: '编辑组串',
          panels: '编辑光伏板',
        },
      },
      projects: {
        plants: '电站',
        users: '项目用户',
        add_user: '添加用户到项目',
      },
      tags: {
        users: '用户',
        projects: '项目',
        add_user: '添加用户到标签',
        add_project: '添加项目到标签',
      },
      users: {
        profile: '个人信息',
        projects: '项目',
        tags: '标签',
        no_projects: '该用户未关联任何项目',
        no_tags: '该用户未关联任何标签',
        add_project: '将用户添加到项目',
        add_tag: '将用户添加到标签',
        administrator: '管理员',
        grant_admin: '授予管理员权限',
        revoke_admin: '撤销管理员权限',
        grant_confirm: '%{email} 将能够管理整个门户。是否继续？',
        revoke_confirm: '%{email} 将不再是管理员。是否继续？',
        role_admin: '管理员',
        role_user: '用户',
        activate: '激活用户',
      },
      configuration: {
        title: '配置',
        parameters: '门户参数',
        communes: '市镇',
        time_zone_help: 'IANA 名称，例如 America/Santiago',
        rebuilding: '正在按新时区重新计算电站图表：已完成 %{done} / %{plants}。在此期间，尚未处理的电站首次打开图表可能需要几秒钟。',
        factor_help: '每发电 1 kWh 避免的 CO₂ 千克数',
        unavailable: '配置暂时不可用。',
      },
      profile: {
        title: '我的资料',
      },
      tickets: {
        unassigned: '未指派',
        status_active: '处理中',
        status_closed: '已关闭',
        new: '新建工单',
        support: '客服',
        attachment: '附件',
        download: '下载 %{name}',
        attach: '附加图片或 PDF',
        attach_help: '拖入图片或 PDF，或点击选择',
        customer_help: '留空：工单归你本人',
        reply: '回复',
        reply_placeholder: '输入你的消息',
        send: '发送',
        delete_message: '删除消息',
        confirm_delete_message: '确定要删除这条消息吗？此操作无法撤销。',
        change_status: '工单状态',
        assign: '指派',
        assign_label: '指派的管理员',
        closed_notice: '此工单已关闭。',
        closed_reply: '工单已关闭，不再接受新消息。如问题仍然存在，请新建工单。',
        conversation: '对话',
        no_messages: '暂无回复。',
        back: '返回工单列表',
      },
      ticket_categories: {
        create: '新建类别',
        edit: '编辑类别',
      },
      notifications: {
        send: '发送通知',
        submit: '发送',
        chosen_users: '指定用户',
        types: {
          1: '标签的用户',
          2: '项目的用户',
          3: '指定用户',
        },
      },
      bell: {
        label: '通知：%{count} 条未读',
        title: '通知',
        mark_all: '全部标为已读',
        empty: '你没有通知',
        see_all: '查看全部',
        unread: '未读',
      },
    },
  },
};

export default resources;
