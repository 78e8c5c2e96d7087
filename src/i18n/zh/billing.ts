import type esBilling from '../es/billing';
import type { Translation } from '../merge';

const entity = (noun: string) => ({
  created: `${noun}创建成功。`, updated: `${noun}更新成功。`, deleted: `${noun}删除成功。`,
  create_error: `创建${noun}时出错。`, update_error: `更新${noun}时出错。`, delete_error: `删除${noun}时出错。`,
});

const zh: Translation<typeof esBilling> = {
  resources: {
    tariffs: {
      name: '电价',
      empty: '该配电公司暂无电价',
      fields: {
        distributor: '配电公司', option: '电价方案', valid_from: '生效日期', valid_to: '截止日期',
        fixed_charge: '固定费（CLP/月）', energy_charge: '电量费（CLP/kWh）',
        transmission_charge: '输电费（CLP/kWh）', public_service_charge: '公共服务费（CLP/kWh）',
        winter_charge: '冬季附加电量费（CLP/kWh）', winter_threshold_kwh: '冬季限额（kWh）',
        winter_from_month: '冬季起始月份', winter_to_month: '冬季结束月份',
        demand_charge: '需量费（CLP/kW）', peak_demand_charge: '高峰时段需量费（CLP/kW）',
        source: '来源',
      },
    },
    'injection-prices': {
      name: '上网电价',
      empty: '该配电公司暂无上网电价',
      fields: { distributor: '配电公司', month: '月份', price: '价格（CLP/kWh）', source: '来源' },
    },
    'real-bills': {
      name: '账单',
      empty: '尚未录入账单',
      fields: { plant: '电站', month: '月份（YYYY-MM）', bought_kwh: '购电 kWh', injected_kwh: '上网 kWh', amount: '总金额（CLP，含增值税）', attachment: '账单照片或 PDF' },
    },
  },
  app: {
    messages: {
      distributor: entity('配电公司'),
      tariff: entity('电价'),
      injection_price: entity('上网电价'),
      real_bill: entity('账单'),
      csv_import: {
        done: '文件已导入：新增 %{created} 行，更新 %{updated} 行。',
        error: '未导入任何内容：请更正这些行后重新上传文件。',
        unreadable: '无法读取该文件。',
      },
    },
    billing: {
      tariffs: '电价',
      injection_prices: '每月上网电价',
      add_tariff: '添加电价',
      add_injection_price: '添加价格',
      import_tariffs: '导入电价（CSV）',
      import_injection_prices: '导入上网电价（CSV）',
      import_help: '文件的列与格式：docs/billing.md「CSV」。只要有一行出错，就不会导入任何内容。',
      until_next: '直到下一个',
      month_required: '请输入月份',
      real: {
        title: '你的实际账单',
        hint: '录入配电公司账单上的数据，与门户计算的账单对比。',
        add: '录入账单',
        empty: '今年尚未录入账单。',
        bill: '账单', portal: '门户',
        bought: '购电', injected: '上网', amount: '金额', check: '核对',
        ok: '一致',
        flagged: '差异超过 %{pct} %',
        no_portal: '无数据',
        attachment: '查看账单',
        attach_help: '拖入账单照片或 PDF，或点击选择（可选）',
        causes: { data_gap: '逆变器数据缺失', meter: '电表与逆变器读数不一致', tariff: '配电公司采用了其他电价' },
      },
      card: {
        title: '你的电费账单',
        hint: '按你所在配电公司的电价，计入上网电量抵扣和增值税，你的账单在没有光伏和有光伏时分别是多少。',
        own_prices: '按电站自己的电价和上网电价计算（含增值税）：填写其配电公司和电价方案即可使用公布的电价。',
        error: '无法计算账单。',
        empty: '尚无记录的电量，无法计算账单。',
        month_so_far: '本月至今',
        last_month: '上个月',
        this_year: '今年',
        without_solar: '无光伏',
        with_solar: '有光伏',
        savings: '节省',
        year_table: '%{year} 年逐月',
        month: '月份',
        credit: '上网电量抵扣',
        vat: '增值税',
        remanente: '结转余额',
        total: '合计',
        ledger: '结转至下月的余额（remanente）',
        carried_in: '上月结转',
        earned: '本月获得',
        used: '已使用',
        left: '剩余',
        assigned_to: '转给',
        carried: '下月',
        plant: '电站 %{id}',
      },
    },
  },
};

export default zh;
