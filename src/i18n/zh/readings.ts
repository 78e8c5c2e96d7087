import type esReadings from '../es/readings';
import type { Translation } from '../merge';

const readings: Translation<typeof esReadings> = {
  app: {
    readings: {
      delete: '删除读数（%{count}）',
      confirm_title: '删除 %{name} 的读数',
      confirm: '将删除 %{name} 已保存的读数（%{count}）以及由其计算的全部数据：能量、图表和节省。电站及其设备将保留。此操作无法撤销。',
      confirm_button: '删除读数',
    },
    messages: {
      plant_readings: { deleted: '读数已成功删除。', delete_error: '删除读数时出错。' },
    },
  },
};
export default readings;
