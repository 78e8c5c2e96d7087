/**
 * The chart in words (issue 33: the chart took focus with no name or description): its svg's
 * description gives each series drawn with its highest value (a day's power) or its total (energies).
 */
import { describe, expect, it } from 'vitest';
import { chartSummary, type ChartTable } from '../../../../src/pages/monitoring/chartData';
import { makeFormatters } from '../../../../src/i18n/format';
import { adminI18n } from '../../../../testing/web';

const f = makeFormatters('es');
const i18n = adminI18n();
const translate = (key: string, options?: object) => i18n.translate(key, options);

describe('chartSummary', () => {
  it("gives a day's highest power of each series drawn, not those kept for the CSV", () => {
    const table: ChartTable = {
      xLabel: 'Hora', labels: ['10:00', '10:05', '10:10'], unit: 'kW', series: [
        { key: 'production', label: 'Producción (kW)', data: [1.5, 3.25, null], plotted: true },
        { key: 'consumption', label: 'Consumo (kW)', data: [0.4, 0.2, 0.3], plotted: true },
        { key: 'battery', label: 'Batería (kW)', data: [1, 2, 3], plotted: false },
      ],
    };
    expect(chartSummary(table, translate, f)).toBe('Producción (kW): máximo 3,25; Consumo (kW): máximo 0,4');
  });

  it("gives a period's total of each energy, and leaves out a series without values", () => {
    const table: ChartTable = {
      xLabel: 'Período', labels: ['2026-03-01', '2026-03-02'], unit: 'kWh', series: [
        { key: 'production', label: 'Producción (kWh)', data: [40.5, 30], plotted: true },
        { key: 'expected', label: 'Producción esperada (kWh)', data: [null, null], plotted: true },
      ],
    };
    expect(chartSummary(table, translate, f)).toBe('Producción (kWh): total 70,5');
  });
});
