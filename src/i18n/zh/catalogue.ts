import type esCatalogue from '../es/catalogue';
import type { Translation } from '../merge';

const zh: Translation<typeof esCatalogue> = {
  resources: {
    equipments: { fields: { power_w: '额定功率 (W)' } },
  },
  app: {
    messages: {
      panels: {
        created: '已成功添加 %{smart_count} 块光伏板。',
        create_error: '添加光伏板时出错。',
      },
    },
    screens: {
      add_panels: {
        title: '批量添加光伏板',
        model: '型号',
        model_required: '请选择光伏板型号',
        count: '数量',
        count_required: '请填写要添加的光伏板数量',
        count_range: '请输入 %{min} 到 %{max} 之间的数量。',
        count_help: '接在该组串已有光伏板之后编号',
        submit: '添加',
      },
      orientation: {
        tilt_help: '0° = 水平，90° = 垂直',
        azimuth_help: '光伏板朝向，从正北起顺时针计：0° 北，90° 东，180° 南，270° 西。PVGIS 中 0° 为正南：需加 180°。',
        tilt_range: '倾角范围为 0°（水平）到 90°（垂直）。',
        azimuth_range: '方位角范围为 0° 到 360°，从正北起算。',
        compass: '光伏板朝向：从正北起 %{azimuth}°',
        north: '北', east: '东', south: '南', west: '西',
      },
      notifications_tabs: {
        received: '收到的',
        sent: '已发送',
      },
    },
  },
};
export default zh;
