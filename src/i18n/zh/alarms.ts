import type esAlarms from '../es/alarms';
import type { Translation } from '../merge';

const alarms: Translation<typeof esAlarms> = {
  resources: {
    tickets: { fields: { alarm: '告警' } },
    alarms: {
      name: '告警',
      empty: '暂无告警',
      fields: {
        id: 'ID', kind: '类型', status: '状态', plant: '电站', plant_name: '电站', project: '项目', project_name: '项目',
        where: '位置', opened_at: '开启时间', closed_at: '关闭时间', acknowledged_by_name: '确认人',
        acknowledged_comment: '备注', ticket: '工单', opened_from: '开启起始日', opened_to: '开启截止日',
      },
    },
  },
  app: {
    alarms: {
      status: { open: '未处理', acknowledged: '已确认', closed: '已关闭' },
      events: {
        opened: '已开启',
        acknowledged: '由 %{user} 确认',
        ticket: '由 %{user} 转为工单 #%{ticket}',
        closed: '已关闭：条件已消除',
      },
      history: '历史',
      seen: '规则所见',
      acknowledge: '确认',
      acknowledge_title: '确认告警',
      acknowledge_help: '说明将采取的措施：客户和团队其他成员会在历史中看到。',
      comment: '备注',
      comment_required: '备注为必填项',
      to_ticket: '转为工单',
      ticket_link: '查看工单 #%{id}',
      from_alarm: '由告警 #%{id} 创建',
      plant_panel: { title: '未关闭的告警', none: '没有未关闭的告警。', all: '该电站的全部告警' },
      details: {
        last_reading_at: '最后读数', threshold_minutes: '无数据的日照分钟数（阈值）', status: '上报状态',
        error_code: '错误代码', pct_of_siblings: '按 Wp 计为同级的 %', threshold_pct: '阈值 (%)', power_w: '平均直流功率 (W)',
        installed_wp: '装机功率 (Wp)', siblings_w_per_wp: '同级 (W/Wp)', window_from: '自', window_to: '至',
        day: '日期', yield_kwh_per_kwp: '等效发电量 (kWh/kWp)', charged_kwh: '电池充电量 (kWh)', min_soc: '最低电量 (%)',
        threshold_kwh: '要求充电量 (kWh)', actual_kwh: '发电量 (kWh)', expected_kwh: '该季节预期 (kWh)',
        overcast_kwh: '阴天预期 (kWh)', pct_of_expected: '占预期的 %',
      },
      thresholds: {
        title: '本电站的告警阈值',
        help: '留空：使用下方显示的门户值。',
        portal: '门户：%{value}',
        save: '保存阈值',
        portal_title: '门户告警阈值',
        portal_help: '适用于所有电站；可在电站页面为其单独设置阈值。',
        fields: {
          alarm_offline_minutes: '无数据的日照分钟数', alarm_sibling_pct: 'MPPT 低于同级 (%)',
          alarm_sibling_window_minutes: '比较时段（分钟）', alarm_sunny_kwh_per_kwp: '晴天下限 (kWh/kWp)',
          alarm_battery_min_kwh: '电池最低充电量 (kWh)', alarm_expected_pct: '发电量低于预期 (%)',
        },
      },
      opt_out: {
        title: '告警通知',
        help: '接收以下类型告警的通知（铃铛和邮件）：',
        save: '保存通知设置',
      },
    },
    messages: {
      alarm: {
        acknowledged: '告警已成功确认。',
        acknowledge_error: '确认告警时出错。',
        ticket_made: '已成功由告警创建工单。',
        ticket_error: '由告警创建工单时出错。',
        thresholds_saved: '告警阈值已成功保存。',
        thresholds_error: '保存告警阈值时出错。',
        opt_out_saved: '告警通知设置已成功保存。',
        opt_out_error: '保存告警通知设置时出错。',
      },
    },
  },
};
export default alarms;
