/** The fleet view (issue 10): its columns, filters and statuses. */
import type esFleet from '../es/fleet';
import type { Translation } from '../merge';

const fleet: Translation<typeof esFleet> = {
  resources: {
    fleet: {
      name: '电站群',
      empty: '没有已登记的电站',
      fields: {
        name: '电站',
        project_name: '项目',
        commune_name: '市镇',
        project: '项目',
        tag: '标签',
        commune: '市镇',
        capacity_kwp: '容量 (kWp)',
        status: '状态',
        last_reading: '最近读数',
        power_w: '当前功率',
        energy_today_wh: '今日发电量',
        energy_month_wh: '本月发电量',
        yield_today: '今日等效小时 (kWh/kWp)',
        yield_month: '本月等效小时 (kWh/kWp)',
        performance_today: '今日性能比',
        performance_month: '本月性能比',
        open_alarms: '未关闭告警',
      },
    },
  },
  app: {
    screens: {
      fleet: {
        today: '今天',
        this_month: '本月',
        online: '在线',
        offline: '离线',
        fault: '故障',
        since: '自 %{time} 起',
        never: '无读数',
        summary: '%{power} · 今日 %{energy} · %{alarms}',
        open_alarms: '%{count} 条告警',
      },
    },
  },
};

export default fleet;
