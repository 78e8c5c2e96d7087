import type esMonitoringFigures from '../es/monitoring-figures';
import type { Translation } from '../merge';

const monitoringFigures: Translation<typeof esMonitoringFigures> = {
  app: {
    monitoring: {
      figures: {
        time: '时间（%{zone}）',
        period: {
          now: '当前',
          today: '今天，%{date}',
          month: '本月：%{month}',
          year: '今年：%{year}',
          lifetime: '自投运以来',
        },
        consumption_today: '用电量',
        specific_yield: '单位发电量：%{value}',
        performance: '达到预期的 %{ratio}（%{expected}）',
        vs_last_year: '与 %{month} 同期相比 %{change}（%{value}）',
        no_last_year: '没有 %{month} 的数据可比较',
        savings: {
          today: '今日节省',
          month: '本月节省',
          lifetime: '累计节省',
          self_consumption: '自用：%{value}',
          export_income: '上网：%{value}',
          self_energy: '自用 %{energy}',
          export_energy: '上网 %{energy}',
          prices: '本月价格：购电每千瓦时 %{tariff}，上网每千瓦时 %{injection}',
          unmetered: '电网未计量：全部发电量按电价计为自用。',
        },
        series: {
          production: '发电量（%{unit}）',
          self_consumed: '自用（%{unit}）',
          exported: '上网（%{unit}）',
          import: '电网购电（%{unit}）',
          consumption: '用电（%{unit}）',
          battery: '电池（%{unit}：+ 充电 / − 放电）',
          charge: '电池充电（%{unit}）',
          discharge: '电池放电（%{unit}）',
          soc: '电池电量（%{unit}）',
          expected: '预期发电量（%{unit}）',
        },
        forecast: {
          title: '未来 3 天预期发电量',
          error: '无法计算预期发电量。',
          sky_forecast: '依据天气预报的云量。',
          sky_climatology: '依据当地的常年云量（无天气预报）。',
        },
        warnings: {
          rough: '粗略估算：%{reasons}。',
          missing: '无预期发电量：%{reasons}。',
          no_location: '电站没有坐标',
          no_capacity: '电站既没有组件也没有装机容量',
          no_panels: '未描述组件，使用装机容量',
          string_without_panels: '某组串没有组件',
          panel_without_power: '部分组件没有功率',
          capacity_mismatch: '组件与装机容量不符',
          no_inverter_power: '某逆变器没有额定功率',
        },
        project: {
          option: '整个项目',
          hint: '项目所有电站的合计。选择一个电站以查看其实时功率、历史和预测。',
          error: '无法读取项目合计。请几分钟后重试。',
        },
      },
      // The plant's status as the API gives it (issue 33, item 9): 'fault' and the alarm behind it.
      fault: '故障',
      fault_banner: '未处理的警报：%{kind}',
      fault_link: '查看警报',
    },
  },
};

export default monitoringFigures;
